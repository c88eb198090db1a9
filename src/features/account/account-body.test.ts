import { describe, expect, it } from 'vitest';
import {
  toCadastroBody,
  toNovaSenhaBody,
  toProfileBody,
  toProfileFormData,
  toRecuperarSenhaBody,
  toTrocarSenhaBody,
} from './account-body';

describe('toCadastroBody', () => {
  it('prefixes every field with an underscore and keeps fields already prefixed', () => {
    expect(
      toCadastroBody({
        nome: 'Maria',
        sobrenome: 'Silva',
        email: ' Maria@Example.COM ',
        email2: 'maria@example.com',
        senha: 'Aurora@2026',
        senha2: 'Aurora@2026',
        celularComCodigoPais: '+55 11 98765-4321',
        dt_nascimento: '1990-05-17',
        cpf: '529.982.247-25',
        termos: true,
        _recaptcha: 'token',
        passaporte: undefined,
      }),
    ).toEqual({
      _nome: 'Maria',
      _sobrenome: 'Silva',
      _email: 'maria@example.com',
      _email2: 'maria@example.com',
      _senha: 'Aurora@2026',
      _senha2: 'Aurora@2026',
      _celularComCodigoPais: '+55 11 98765-4321',
      _dt_nascimento: '1990-05-17',
      _cpf: '529.982.247-25',
      _termos: true,
      _recaptcha: 'token',
    });
  });

  it('adds the awaiting-approval type for an agency', () => {
    expect(
      toCadastroBody({ empresa_razao: 'Viagens Ltda', nome: 'Ana' }, { idagenciaaguardando: 7 }),
    ).toEqual({ _empresa_razao: 'Viagens Ltda', _nome: 'Ana', _idpessoa_tipo: 7 });
  });
});

describe('password bodies', () => {
  it('maps the forms to the names of spec §7', () => {
    expect(
      toTrocarSenhaBody({ old_password: 'Old@1234', senha: 'New@1234', senha2: 'New@1234' }),
    ).toEqual({
      oldpassword: 'Old@1234',
      password: 'New@1234',
      password2: 'New@1234',
    });
    expect(toRecuperarSenhaBody({ email: ' Ana@Example.com' })).toEqual({
      username: 'ana@example.com',
    });
    expect(toRecuperarSenhaBody({ email: 'ana@example.com', _recaptcha: 'abc' })).toEqual({
      username: 'ana@example.com',
      hashcaptcha: 'abc',
    });
    expect(toNovaSenhaBody({ token: 't0k', senha: 'New@1234', senha2: 'New@1234' })).toEqual({
      token: 't0k',
      password: 'New@1234',
      password2: 'New@1234',
    });
  });
});

describe('profile data', () => {
  it('shows the stored fields, leaving out absent ones and what the form does not edit', () => {
    expect(
      toProfileFormData({
        nome: 'Maria',
        sobrenome: 'Silva',
        email: 'maria@example.com',
        cpf: null,
        passaporte: '  ',
        end_cep: '01310-100',
        idpessoa_tipo: 1,
        tem_senha: true,
        bin: '411111',
      }),
    ).toEqual({
      nome: 'Maria',
      sobrenome: 'Silva',
      email: 'maria@example.com',
      end_cep: '01310-100',
    });
  });

  it('sends the profile fields without the e-mail and without emptied ones', () => {
    expect(
      toProfileBody({
        nome: 'Maria',
        email: 'other@example.com',
        cpf: '',
        end_cidade: 'São Paulo',
        idpessoa_tipo: 3,
        senha: 'x',
      }),
    ).toEqual({ nome: 'Maria', end_cidade: 'São Paulo' });
  });
});
