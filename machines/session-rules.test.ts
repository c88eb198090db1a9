import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALES, type SessaoPessoa } from '#schemas/contract.ts';
import {
  isAgency,
  isProfileComplete,
  PROFILE_WARNING,
  type ProfileRules,
  profileGaps,
  profileWarning,
} from './session-rules';

const AGENCY = 7;
const AGENCY_AWAITING = 8;
const PERSON = 2;

const rules = (editarEnderecoCadastro: boolean): ProfileRules => ({
  idagencia: AGENCY,
  idagenciaaguardando: AGENCY_AWAITING,
  editarEnderecoCadastro,
});

const pessoa = (fields: Partial<SessaoPessoa> = {}): SessaoPessoa => ({
  idpessoa: 1,
  bin: null,
  nome: 'Ana',
  email: 'ana@example.com',
  idpessoa_tipo: PERSON,
  cpf: null,
  passaporte: null,
  empresa_cnpj: null,
  empresa_razao: null,
  end_estado: null,
  end_pais: null,
  nacionalidade: null,
  ...fields,
});

const ADDRESS = { end_pais: 'BR', end_estado: 'SP' };

describe('isAgency', () => {
  it('approved and awaiting-approval agencies are agencies; other types are not', () => {
    expect(isAgency({ idpessoa_tipo: AGENCY }, rules(false))).toBe(true);
    expect(isAgency({ idpessoa_tipo: AGENCY_AWAITING }, rules(false))).toBe(true);
    expect(isAgency({ idpessoa_tipo: PERSON }, rules(false))).toBe(false);
  });
});

describe('profileGaps', () => {
  it.each([
    ['cpf', { cpf: '39053344705' }],
    ['passport', { passaporte: 'AB123456' }],
    ['cnpj', { empresa_cnpj: '11222333000181' }],
  ])('a person with a %s has a document', (_, fields) => {
    expect(profileGaps(pessoa(fields), rules(false))).toEqual([]);
  });

  it('a person with none of cpf, passport, cnpj lacks a document (a company name is not enough)', () => {
    expect(profileGaps(pessoa(), rules(false))).toEqual(['document']);
    expect(profileGaps(pessoa({ empresa_razao: 'Ana Ltda' }), rules(false))).toEqual(['document']);
  });

  it.each([AGENCY, AGENCY_AWAITING])('agency type %i needs a cnpj or a company name', (tipo) => {
    expect(profileGaps(pessoa({ idpessoa_tipo: tipo }), rules(false))).toEqual(['company']);
    // A cpf or a passport does not make an agency complete.
    expect(
      profileGaps(
        pessoa({ idpessoa_tipo: tipo, cpf: '39053344705', passaporte: 'X1' }),
        rules(false),
      ),
    ).toEqual(['company']);
    expect(
      profileGaps(pessoa({ idpessoa_tipo: tipo, empresa_cnpj: '11222333000181' }), rules(false)),
    ).toEqual([]);
    expect(
      profileGaps(pessoa({ idpessoa_tipo: tipo, empresa_razao: 'Viagens Ltda' }), rules(false)),
    ).toEqual([]);
  });

  it('blank text counts as missing', () => {
    expect(profileGaps(pessoa({ cpf: '   ', passaporte: '' }), rules(false))).toEqual(['document']);
    expect(
      profileGaps(pessoa({ idpessoa_tipo: AGENCY, empresa_razao: ' \t' }), rules(false)),
    ).toEqual(['company']);
    expect(
      profileGaps(pessoa({ cpf: '39053344705', end_pais: 'BR', end_estado: ' ' }), rules(true)),
    ).toEqual(['address']);
  });

  it('the address is asked for only when the brand requires one: country and state', () => {
    const withCpf = { cpf: '39053344705' };
    expect(profileGaps(pessoa(withCpf), rules(false))).toEqual([]);
    expect(profileGaps(pessoa(withCpf), rules(true))).toEqual(['address']);
    expect(profileGaps(pessoa({ ...withCpf, end_pais: 'BR' }), rules(true))).toEqual(['address']);
    expect(profileGaps(pessoa({ ...withCpf, end_estado: 'SP' }), rules(true))).toEqual(['address']);
    expect(profileGaps(pessoa({ ...withCpf, ...ADDRESS }), rules(true))).toEqual([]);
  });

  it('lists every gap, the document (or company) first', () => {
    expect(profileGaps(pessoa(), rules(true))).toEqual(['document', 'address']);
    expect(profileGaps(pessoa({ idpessoa_tipo: AGENCY }), rules(true))).toEqual([
      'company',
      'address',
    ]);
  });
});

describe('isProfileComplete and profileWarning', () => {
  it('complete ⇔ no gap ⇔ no warning', () => {
    const cases: Array<[SessaoPessoa, boolean]> = [
      [pessoa({ cpf: '39053344705', ...ADDRESS }), true],
      [pessoa({ cpf: '39053344705' }), false],
      [pessoa(ADDRESS), false],
      [pessoa({ idpessoa_tipo: AGENCY, empresa_cnpj: '11222333000181', ...ADDRESS }), true],
      [pessoa({ idpessoa_tipo: AGENCY_AWAITING, ...ADDRESS }), false],
    ];
    for (const [p, complete] of cases) {
      expect(isProfileComplete(p, rules(true)), JSON.stringify(p)).toBe(complete);
      expect(profileWarning(p, rules(true)) === null, JSON.stringify(p)).toBe(complete);
    }
  });

  it('the warning names the first gap', () => {
    expect(profileWarning(pessoa(), rules(true))).toBe(PROFILE_WARNING.document);
    expect(profileWarning(pessoa({ idpessoa_tipo: AGENCY }), rules(true))).toBe(
      PROFILE_WARNING.company,
    );
    expect(profileWarning(pessoa({ passaporte: 'AB1' }), rules(true))).toBe(
      PROFILE_WARNING.address,
    );
  });

  it('every warning is a message of every locale', () => {
    for (const locale of LOCALES) {
      const messages = JSON.parse(readFileSync(`locales/${locale}.json`, 'utf8')) as Record<
        string,
        string
      >;
      for (const id of Object.values(PROFILE_WARNING))
        expect(messages[id], `${locale} ${id}`).toBeTruthy();
    }
  });
});
