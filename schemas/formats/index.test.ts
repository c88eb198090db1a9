import { describe, expect, it } from 'vitest';
import { FORMAT_NAMES, FORMATS, type FormatName } from './index';

// one value that passes and one that fails per format, as a schema would use them
const SAMPLES: Record<FormatName, [valid: string, invalid: string]> = {
  cpf: ['123.456.789-09', '123.456.789-00'],
  cnpj: ['12.ABC.345/01DE-35', '12.ABC.345/01DE-36'],
  email: ['ana@museu.com.br', 'ana@museu'],
  'strong-password': ['Senha@123', 'senha123'],
  phone: ['98765-4321', '9876'],
  'phone-intl': ['+55 (11) 98765-4321', '+351 912345'],
  'phone-intl-agency': ['+351 912345', '+55 11 9876'],
  birthdate: ['1990-12-31', '2999-01-01'],
  cep: ['01310-100', '0131-0100'],
  voucher: ['1234 5678 9012 3456', '123456789012345'],
  'card-bin': ['411111', '41111'],
  'card-number': ['4111111111111111', '4111111111111112'],
  'card-cvv': ['123', '12'],
};

describe('FORMATS', () => {
  it('has exactly the names of FORMAT_NAMES', () => {
    expect(Object.keys(FORMATS).sort()).toEqual([...FORMAT_NAMES].sort());
  });

  it.each(FORMAT_NAMES)('%s accepts its valid sample and rejects its invalid one', (name) => {
    const [valid, invalid] = SAMPLES[name];
    expect(FORMATS[name](valid)).toBe(true);
    expect(FORMATS[name](invalid)).toBe(false);
  });
});
