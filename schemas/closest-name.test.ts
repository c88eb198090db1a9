import { describe, expect, it } from 'vitest';
import { closestName, editDistance } from './closest-name';

describe('closestName', () => {
  it.each([
    ['kitten', 'sitting', 3],
    ['', 'abc', 3],
    ['flaw', 'lawn', 2],
    ['same', 'same', 0],
  ])('edit distance %s → %s is %i', (a, b, d) => {
    expect(editDistance(a, b)).toBe(d);
    expect(editDistance(b, a)).toBe(d);
  });

  it('suggests a known name at most two edits away, ignoring case', () => {
    expect(closestName('emial', ['email', 'nome'])).toBe('email');
    expect(closestName('NOME', ['email', 'nome'])).toBe('nome');
    expect(closestName('telefone', ['email', 'nome'])).toBeUndefined();
  });
});
