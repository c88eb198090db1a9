import { describe, expect, it } from 'vitest';
import {
  countryOptions,
  dateText,
  dateValue,
  maskedText,
  maskedValue,
  maskPattern,
  phoneValue,
  plainPhoneValue,
  splitPhone,
} from './field-values';

describe('masked fields', () => {
  it.each([
    ['cpf', '52998224725', '529.982.247-25'],
    ['cpf', '529.982.2', '529.982.2'],
    ['cpf', '5299822472599', '529.982.247-25'],
    ['cpf', 'abc529', '529'],
    ['cep', '01310100', '01310-100'],
    ['cnpj', '12abc34501de35', '12.ABC.345/01DE-35'],
    ['voucher', '1234567890123456', '1234 5678 9012 3456'],
    ['bin', '4111 11', '411111'],
  ])('%s: typing %s stores %s', (mask, typed, stored) => {
    expect(maskedValue(maskPattern(mask), typed)).toBe(stored);
  });

  it('stores nothing for an empty field (required reports it)', () => {
    expect(maskedValue(maskPattern('cpf'), '')).toBeUndefined();
    expect(maskedValue(maskPattern('cpf'), '...-')).toBeUndefined();
  });

  it('deleting the last digit drops the separator before it', () => {
    expect(maskedValue(maskPattern('cpf'), '529.982.')).toBe('529.982');
  });

  it('shows a raw stored value masked', () => {
    expect(maskedText(maskPattern('cpf'), '52998224725')).toBe('529.982.247-25');
    expect(maskedText(maskPattern('cpf'), undefined)).toBe('');
  });

  it('takes a literal pattern as well as a name', () => {
    expect(maskedValue(maskPattern('99.99'), '1234')).toBe('12.34');
  });
});

describe('birth date field', () => {
  it('stores ISO for a complete date typed in the locale order', () => {
    expect(dateValue('31/12/1990', 'pt-BR')).toBe('1990-12-31');
    expect(dateValue('31121990', 'es-ES')).toBe('1990-12-31');
    expect(dateValue('12/31/1990', 'en-US')).toBe('1990-12-31');
  });

  it('keeps incomplete or impossible text, so the birthdate format reports it', () => {
    expect(dateValue('31/1', 'pt-BR')).toBe('31/1');
    expect(dateValue('31/02/2000', 'pt-BR')).toBe('31/02/2000');
    expect(dateValue('31/12/1990', 'en-US')).toBe('31/12/1990');
    expect(dateValue('', 'pt-BR')).toBeUndefined();
  });

  it('shows ISO in the locale order and anything else as stored', () => {
    expect(dateText('1990-12-31', 'pt-BR')).toBe('31/12/1990');
    expect(dateText('1990-12-31', 'en-US')).toBe('12/31/1990');
    expect(dateText('31/1', 'pt-BR')).toBe('31/1');
    expect(dateText(undefined, 'pt-BR')).toBe('');
  });

  it('round-trips: what is shown parses back to what is stored', () => {
    for (const locale of ['pt-BR', 'es-ES', 'en-US']) {
      expect(dateValue(dateText('2001-02-03', locale), locale)).toBe('2001-02-03');
    }
  });
});

describe('phone field', () => {
  it('joins the calling code and the national number masked for that country', () => {
    expect(phoneValue('55', '11987654321')).toBe('+55 (11) 98765-4321');
    expect(phoneValue('55', '1132654321')).toBe('+55 (11) 3265-4321');
    expect(phoneValue('1', '2125550100')).toBe('+1 (212) 555-0100');
    expect(phoneValue('55', '')).toBeUndefined();
  });

  it('splits a stored value back', () => {
    expect(splitPhone('+55 (11) 98765-4321')).toEqual({ code: '55', national: '(11) 98765-4321' });
    expect(splitPhone('+351 912 345 678')).toEqual({ code: '351', national: '912 345 678' });
    expect(splitPhone('5511987654321')).toEqual({ code: '55', national: '11987654321' });
    expect(splitPhone(undefined)).toEqual({ code: '55', national: '' });
  });

  it('a plain phone keeps digits and separators only', () => {
    expect(plainPhoneValue('(11) 9a8765-4321')).toBe('(11) 98765-4321');
    expect(plainPhoneValue('abc')).toBeUndefined();
  });
});

describe('country select', () => {
  it('names countries in the page language, sorted by that name', () => {
    const pt = countryOptions('pt-BR');
    expect(pt.find((o) => o.value === 'DE')?.label).toBe('Alemanha');
    expect(countryOptions('en-US').find((o) => o.value === 'DE')?.label).toBe('Germany');
    const labels = pt.map((o) => o.label);
    expect([...labels].sort(new Intl.Collator('pt-BR').compare)).toEqual(labels);
  });
});
