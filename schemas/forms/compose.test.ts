import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../contract';
import {
  BASE_FORMS,
  brandFormContext,
  composeForm,
  createFormAjv,
  errorMessage,
  FORM_ERROR_IDS,
  FORM_IDS,
  type FormContext,
  type FormId,
  type FormMessage,
  type FormOverride,
  formErrors,
  overrideProblems,
} from './index';

const ajv = createFormAjv();
const sample = (id: FormId): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(`./${id}.samples.json`, import.meta.url), 'utf8')).valid;

/** The errors of `data` in form `id` under `ctx` (none: valid). */
function errors(id: FormId, data: Record<string, unknown>, ctx: FormContext = {}): FormMessage[] {
  const { schema, uiSchema } = composeForm(id, ctx);
  const validate = createFormAjv().compile(schema);
  validate(data);
  return formErrors(validate.errors, schema, uiSchema['ui:order']);
}
const ids = (list: FormMessage[]) => list.map((m) => `${m.field} ${m.id}`);

const registration = sample('registration');
const agency = sample('agency');

describe('rules across fields', () => {
  it('the e-mails match and the passwords match', () => {
    expect(ids(errors('registration', { ...registration, email2: 'MARIA@example.com' }))).toEqual([
      '.email2 form.error.emailMismatch',
    ]);
    expect(ids(errors('registration', { ...registration, senha2: 'Aurora@2027' }))).toEqual([
      '.senha2 form.error.passwordMismatch',
    ]);
    expect(
      ids(errors('changePassword', { old_password: 'x', senha: 'Nova@2026', senha2: 'x' })),
    ).toEqual(['.senha2 form.error.passwordMismatch']);
    expect(
      ids(errors('resetPassword', { token: 't', senha: 'Nova@2026', senha2: 'Nova@2026' })),
    ).toEqual([]);
  });

  it('asks for one of cpf, passport or cnpj; a blank one does not count', () => {
    const { cpf: _, ...none } = registration;
    expect(ids(errors('registration', none))).toEqual(['.cpf form.error.documentRequired']);
    // RJSF sends no key for an empty input; a server payload may send a blank one.
    expect(ids(errors('registration', { ...none, cpf: undefined, passaporte: ' ' }))).toContain(
      '.cpf form.error.documentRequired',
    );
    expect(errors('registration', { ...none, passaporte: 'AB123456' })).toEqual([]);
    expect(errors('registration', { ...none, empresa_cnpj: '11.222.333/0001-81' })).toEqual([]);
    expect(ids(errors('registration', { ...none, cpf: '111.111.111-11' }))).toEqual([
      '.cpf form.error.cpf',
    ]);
  });

  it('an agency needs a cnpj or a company name of at least 2 characters', () => {
    const { empresa_cnpj: _c, empresa_razao: _r, ...none } = agency;
    expect(ids(errors('agency', none))).toEqual(['.empresa_cnpj form.error.agencyDocument']);
    expect(errors('agency', { ...none, empresa_cnpj: '12.ABC.345/01DE-35' })).toEqual([]);
    expect(errors('agency', { ...none, empresa_razao: 'Ab' })).toEqual([]);
    expect(errors('agency', { ...none, empresa_razao: 'A' })).toEqual([
      { field: '.empresa_razao', id: 'form.error.minLength', values: { limit: 2 } },
    ]);
  });

  it("an agency's trade name defaults to its company name", () => {
    const validate = ajv.compile(composeForm('agency').schema);
    const data: Record<string, unknown> = { ...agency, empresa_fantasia: '' };
    expect(validate(data)).toBe(true);
    expect(data.empresa_fantasia).toBe('Viagens Aurora Ltda');
    const own = { ...agency, empresa_fantasia: 'Aurora Tur' };
    expect(validate(own)).toBe(true);
    expect(own.empresa_fantasia).toBe('Aurora Tur');
  });

  it('a mobile with country code has 10 digits for an individual, 9 for an agency', () => {
    const nine = '+55 1234-567';
    expect(ids(errors('registration', { ...registration, celularComCodigoPais: nine }))).toEqual([
      '.celularComCodigoPais form.error.phone',
    ]);
    expect(
      errors('registration', { ...registration, celularComCodigoPais: '+55 11 2345-678' }),
    ).toEqual([]);
    expect(errors('agency', { ...agency, celularComCodigoPais: nine })).toEqual([]);
    expect(ids(errors('agency', { ...agency, celularComCodigoPais: '+55 234-567' }))).toEqual([
      '.celularComCodigoPais form.error.phone',
    ]);
  });

  it('a plain mobile has at least 5 digits', () => {
    expect(errors('registration', { ...registration, celular: '98765' })).toEqual([]);
    expect(ids(errors('registration', { ...registration, celular: '9876' }))).toEqual([
      '.celular form.error.phone',
    ]);
  });

  it('a birth date is a real date, not in the future', () => {
    for (const bad of ['2999-01-01', '1990-02-30', '17/05/1990']) {
      expect(ids(errors('registration', { ...registration, dt_nascimento: bad })), bad).toEqual([
        '.dt_nascimento form.error.birthdate',
      ]);
    }
  });

  it('the terms must be accepted', () => {
    for (const termos of [false, undefined]) {
      expect(ids(errors('registration', { ...registration, termos }))).toEqual([
        '.termos form.error.terms',
      ]);
    }
  });

  it("a Brazilian holder's document is a CPF; a foreigner's is any document", () => {
    const holder = sample('holder');
    expect(ids(errors('holder', { ...holder, documento: 'AB123456' }))).toEqual([
      '.documento form.error.cpf',
    ]);
    expect(errors('holder', { ...holder, nacionalidade: 'AR', documento: 'AB123456' })).toEqual([]);
    expect(errors('holder', { ...holder, pais: 'AR', cep: 'C1425' })).toEqual([]);
  });
});

describe('composeForm and the brand rules', () => {
  it('leaves the base forms untouched and names each variant in $id', () => {
    const before = structuredClone(BASE_FORMS);
    const all: FormContext = {
      editarEnderecoCadastro: true,
      captcha: true,
      cardCampaign: true,
      social: true,
    };
    expect(composeForm('registration', all).schema.$id).toBe(
      'forms/registration.schema.json?editarEnderecoCadastro&captcha&cardCampaign&social',
    );
    expect(composeForm('holder', all).schema.$id).toBe('forms/holder.schema.json');
    expect(BASE_FORMS).toEqual(before);
  });

  it('requires the address (before the terms) when editarEnderecoCadastro is on', () => {
    const ctx = { editarEnderecoCadastro: true };
    const { schema, uiSchema } = composeForm('registration', ctx);
    expect(schema.required).toEqual(expect.arrayContaining(['end_cep', 'end_pais', 'end_numero']));
    const order = uiSchema['ui:order'];
    expect(order.indexOf('end_pais')).toBeLessThan(order.indexOf('termos'));
    expect(uiSchema.end_cep).toEqual({ 'ui:widget': 'cep' });
    expect(ids(errors('registration', registration, ctx))).toEqual([
      '.end_pais form.error.required',
      '.end_cep form.error.required',
      '.end_logradouro form.error.required',
      '.end_numero form.error.required',
      '.end_cidade form.error.required',
      '.end_estado form.error.required',
    ]);
    const address = sample('address');
    expect(errors('registration', { ...registration, ...address }, ctx)).toEqual([]);
    expect(
      ids(errors('registration', { ...registration, ...address, end_cep: '12345' }, ctx)),
    ).toEqual(['.end_cep form.error.cep']);
    expect(composeForm('registration').schema.properties.end_cep).toBeUndefined();
    expect(errors('agency', agency, ctx)).toHaveLength(6);
  });

  it('requires the captcha on the forms that have one, when active', () => {
    for (const id of ['registration', 'agency', 'login', 'contact', 'forgotPassword'] as const) {
      const data = sample(id);
      expect(ids(errors(id, data, { captcha: true })), id).toEqual([
        '._recaptcha form.error.captcha',
      ]);
      expect(errors(id, { ...data, _recaptcha: 'token' }, { captcha: true }), id).toEqual([]);
      expect(composeForm(id, { captcha: true }).uiSchema._recaptcha).toEqual({
        'ui:widget': 'captcha',
      });
    }
    expect(composeForm('holder', { captcha: true }).schema.properties._recaptcha).toBeUndefined();
  });

  it('maps the brand captcha switches to forms', () => {
    const brand = {
      captcha: { login: true, register: false, contact: false },
      editarEnderecoCadastro: true,
    };
    expect(brandFormContext(brand, 'login')).toMatchObject({ captcha: true });
    expect(brandFormContext(brand, 'forgotPassword')).toMatchObject({ captcha: true });
    expect(brandFormContext(brand, 'registration', { social: true })).toEqual({
      social: true,
      captcha: false,
      editarEnderecoCadastro: true,
    });
    expect(brandFormContext(brand, 'coupon').captcha).toBe(false);
  });

  it('requires the first six card digits when a card-brand campaign applies', () => {
    const ctx = { cardCampaign: true };
    expect(ids(errors('registration', registration, ctx))).toEqual(['.bin form.error.required']);
    expect(ids(errors('registration', { ...registration, bin: '12345' }, ctx))).toEqual([
      '.bin form.error.bin',
    ]);
    expect(errors('registration', { ...registration, bin: '412345' }, ctx)).toEqual([]);
    expect(ids(errors('login', { ...sample('login'), _bin: 'abcdef' }, ctx))).toEqual([
      '._bin form.error.bin',
    ]);
    expect(composeForm('contact', ctx).schema.properties.bin).toBeUndefined();
  });

  it('needs no password after a social login, but still checks one that is given', () => {
    const { senha: _, senha2: _2, ...noPassword } = registration;
    expect(ids(errors('registration', noPassword))).toEqual([
      '.senha form.error.required',
      '.senha2 form.error.required',
    ]);
    expect(errors('registration', noPassword, { social: true })).toEqual([]);
    expect(
      errors('agency', { ...agency, senha: undefined, senha2: undefined }, { social: true }),
    ).toEqual([]);
    expect(
      ids(errors('registration', { ...noPassword, senha: 'Aurora@2026' }, { social: true })),
    ).toEqual(['.senha2 form.error.required']);
    expect(
      ids(
        errors('registration', { ...noPassword, senha: 'weak', senha2: 'weak' }, { social: true }),
      ),
    ).toEqual(['.senha form.error.weakPassword']);
  });
});

describe('brand overrides', () => {
  const override: FormOverride = {
    fields: { clube_socio: { type: 'string', title: 'form.field.memberNumber', minLength: 4 } },
    hide: ['passaporte', 'empresa_cnpj'],
    required: ['nacionalidade'],
    optional: ['sobrenome'],
    order: ['email', 'nome', 'clube_socio'],
    ui: {
      nome: { 'ui:placeholder': 'Maria' },
      dt_nascimento: { 'ui:options': { yearFirst: true } },
    },
  };

  it('add, hide, require, free, order and restyle fields', () => {
    const { schema, uiSchema } = composeForm('registration', { override, brandId: 'b' });
    expect(schema.$id).toBe('forms/registration.schema.json?brand=b');
    expect(Object.keys(schema.properties)).toContain('clube_socio');
    expect(schema.properties.passaporte).toBeUndefined();
    expect(schema.required).toContain('nacionalidade');
    expect(schema.required).not.toContain('sobrenome');
    expect(schema['x-atLeastOneOf']).toEqual({
      fields: ['cpf'],
      message: 'form.error.documentRequired',
    });
    expect(uiSchema['ui:order']).toEqual(['email', 'nome', 'clube_socio', '*']);
    expect(uiSchema.nome).toEqual({ 'ui:autocomplete': 'given-name', 'ui:placeholder': 'Maria' });
    expect(uiSchema.dt_nascimento).toEqual({
      'ui:widget': 'date',
      'ui:options': { yearFirst: true },
    });
    expect(uiSchema.passaporte).toBeUndefined();
    const { sobrenome: _, ...data } = registration;
    expect(errors('registration', data, { override })).toEqual([]);
    expect(
      ids(
        errors(
          'registration',
          { ...data, nacionalidade: undefined, clube_socio: '12' },
          { override },
        ),
      ),
    ).toEqual(['.clube_socio form.error.minLength', '.nacionalidade form.error.required']);
  });

  it('forget hidden fields in the rules across fields', () => {
    const { schema } = composeForm('agency', {
      override: { hide: ['empresa_razao', 'senha', 'senha2'] },
    });
    expect(schema['x-defaultFrom']).toBeUndefined();
    expect(schema.dependentRequired).toEqual({ email: ['email2'] });
    expect(schema['x-atLeastOneOf']).toMatchObject({ fields: ['empresa_cnpj'] });
    expect(schema.required).not.toContain('senha');
  });

  it('are checked against the form', () => {
    expect(
      overrideProblems('contact', { hide: ['nome'], order: ['nome'], ui: { mail: {} } }),
    ).toEqual([
      { pointer: '/order/0', reason: '"nome" is hidden by "hide"' },
      {
        pointer: '/ui/mail',
        reason: 'unknown field "mail" of form contact (did you mean "email"?)',
      },
    ]);
    // Brand-rule fields can be restyled even when the rule is off.
    expect(
      overrideProblems('contact', { ui: { _recaptcha: { 'ui:options': { size: 'compact' } } } }),
    ).toEqual([]);
    expect(overrideProblems('changePassword', { hide: ['senha'] })).toEqual([
      { pointer: '/hide/0', reason: '"senha2" must equal "senha"; hide both or neither' },
    ]);
  });
});

describe('messages', () => {
  it('map RJSF errors like ajv errors', () => {
    expect(
      errorMessage(
        { name: 'required', property: '.email2', params: { missingProperty: 'email2' } },
        BASE_FORMS.registration.schema,
      ),
    ).toEqual({ field: '.email2', id: 'form.error.required' });
    expect(
      errorMessage(
        { name: 'required', property: 'termos', params: { missingProperty: 'termos' } },
        BASE_FORMS.registration.schema,
      ),
    ).toEqual({ field: '.termos', id: 'form.error.terms' });
    expect(
      errorMessage(
        { name: 'const', property: '.email2', params: {} },
        BASE_FORMS.registration.schema,
      ),
    ).toEqual({ field: '.email2', id: 'form.error.emailMismatch' });
    expect(
      errorMessage({ keyword: 'format', instancePath: '/a~1b', params: { format: 'voucher' } }),
    ).toEqual({ field: '.a/b', id: 'form.error.voucher' });
    expect(errorMessage({ keyword: 'if', instancePath: '', params: {} })).toBeNull();
    expect(
      errorMessage({
        keyword: 'additionalProperties',
        instancePath: '',
        params: { additionalProperty: 'x' },
      }),
    ).toEqual({ field: '.x', id: 'form.error.unknownField' });
    expect(errorMessage({ keyword: 'somethingNew', instancePath: '/nome' })).toEqual({
      field: '.nome',
      id: 'form.error.invalid',
    });
  });

  it('have a text in every locale for every id the forms use', () => {
    const used = new Set<string>(FORM_ERROR_IDS);
    const collect = (value: unknown): void => {
      if (typeof value === 'string' && /^form\.(error|field|help|title)\./.test(value))
        used.add(value);
      else if (value && typeof value === 'object') Object.values(value).forEach(collect);
    };
    for (const id of FORM_IDS) {
      collect(composeForm(id, { editarEnderecoCadastro: true, captcha: true, cardCampaign: true }));
    }
    expect(used.size).toBeGreaterThan(60);
    for (const locale of LOCALES) {
      const texts = JSON.parse(
        readFileSync(new URL(`../../locales/${locale}.json`, import.meta.url), 'utf8'),
      ) as Record<string, string>;
      const missing = [...used].filter((id) => texts[id] === undefined);
      expect(missing, locale).toEqual([]);
    }
  });
});
