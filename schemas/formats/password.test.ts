import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isStrongPassword,
  PASSWORD_RULES,
  PASSWORD_THRESHOLD,
  type PasswordRule,
  passwordStrength,
} from './password';

describe('passwordStrength', () => {
  it.each<[string, number, PasswordRule[]]>([
    ['', 0, ['mincaractere', 'minusculo', 'maicusculo', 'numeros', 'especiais']],
    ['a', 12, ['mincaractere', 'maicusculo', 'numeros', 'especiais']],
    ['Aa1!', 48, ['mincaractere']],
    ['Aa1!x', 48, ['mincaractere']],
    ['Aa1!xy', 60, []],
    ['Aa1!xyz', 64, []],
    ['Aa1!xyzw', 68, []],
    ['Aa1!xyzwvutsrqpo', 100, []],
    ['Aa1!xyzwvutsrqponmlk', 100, []],
    ['abcdef', 24, ['maicusculo', 'numeros', 'especiais']],
    ['ABCDEF', 24, ['minusculo', 'numeros', 'especiais']],
    ['123456', 24, ['minusculo', 'maicusculo', 'especiais']],
    ['!@#$%^', 24, ['minusculo', 'maicusculo', 'numeros']],
    ['abcDEF123', 48, ['especiais']],
    ['abcdef1!', 48, ['maicusculo']],
    ['ABCDEF1!', 48, ['minusculo']],
    ['abcDEF!!', 48, ['numeros']],
    ['abcDEF12345678901234567890', 48, ['especiais']],
    // a space is not special; underscore, accents and other symbols count as they are
    ['abc DE1', 48, ['especiais']],
    ['abc_DE1', 64, []],
    ['Çãoé1!', 60, []],
    ['ÇÃOÉ1!', 48, ['minusculo']],
    ['Senha1€', 64, []],
    // length counts code points: 5 characters with an emoji are still too short
    ['Aa1😀b', 48, ['mincaractere']],
    ['Aa1😀bc', 60, []],
  ])('%j → %d %j', (pw, score, failed) => {
    expect(passwordStrength(pw)).toEqual({ score, failed });
  });

  it('isStrongPassword follows the threshold', () => {
    expect(PASSWORD_THRESHOLD).toBe(60);
    expect(isStrongPassword('Aa1!xy')).toBe(true);
    expect(isStrongPassword('Aa1!x')).toBe(false);
    expect(isStrongPassword('abcdefgh')).toBe(false);
  });

  it('scores at least 60 exactly when no rule fails, always within 0..100', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 30 }), (pw) => {
        const { score, failed } = passwordStrength(pw);
        expect(score).toBeGreaterThanOrEqual(0);
        expect(score).toBeLessThanOrEqual(100);
        expect(score >= PASSWORD_THRESHOLD).toBe(failed.length === 0);
        expect(failed).toEqual(PASSWORD_RULES.filter((r) => failed.includes(r)));
      }),
    );
  });
});
