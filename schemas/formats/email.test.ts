import { describe, expect, it } from 'vitest';
import { isEmail } from './email';

describe('isEmail (spec §5)', () => {
  it.each([
    ['ana@museu.com.br', true],
    ['a@b.c', true],
    ['first.last+tag@sub.example.org', true],
    ['ANA@MUSEU.COM', true],
    ['joão@exemplo.pt', true],
    ['a@b-c.d', true],
    // empty
    ['', false],
    // nothing before the @
    ['@museu.com', false],
    // fewer than 3 after the @
    ['a@b.', false],
    ['a@.b', false],
    ['a@bc', false],
    ['a@', false],
    // no @
    ['ana.museu.com', false],
    // spaces, any whitespace
    ['ana @museu.com', false],
    ['ana@museu .com', false],
    [' ana@museu.com', false],
    ['ana@museu.com ', false],
    ['ana@museu.com\n', false],
    ['ana\t@museu.com', false],
    ['ana@museu\u00a0.com', false],
    // a second @
    ['ana@b@museu.com', false],
    ['ana@museu.com@', false],
    // the domain needs a dot, not first and not last
    ['ana@museucom', false],
    ['ana@.museu.com', false],
    ['ana@museu.com.', false],
    ['ana@museu.', false],
    // what the spec does not forbid passes
    ['ana@museu..com', true],
    ['.ana@museu.com', true],
  ])('%j → %s', (value, expected) => {
    expect(isEmail(value)).toBe(expected);
  });
});
