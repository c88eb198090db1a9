/**
 * The browser's forms come from the running server (issue 40 item 5): a brand's form override
 * shows in the module the storefront imports without any build, the module's validators answer
 * like the server's own check, and the session's flags (the login's captcha) change the form.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORMATS } from '#schemas/formats/index.ts';
import type { FormOverride } from '#schemas/forms/index.ts';
import * as runtime from '#schemas/forms/runtime.ts';
import { startTestServer, type TestServer } from '#server/test/harness.ts';
import { testBrands } from '#server/test/test-brand.ts';

const MEMBER: FormOverride = {
  fields: {
    socio: {
      type: 'string',
      title: 'form.field.memberNumber',
      pattern: '^[0-9]{4,10}$',
      'x-messages': { pattern: 'form.error.memberNumber' },
    },
  },
  required: ['socio'],
};

let s: TestServer;
beforeAll(async () => {
  const [a, b] = testBrands();
  // Brand A has a contact-form override, as brands/<id>/forms/contact.json gives it.
  s = await startTestServer({ brands: [{ ...a!, forms: { contact: MEMBER } }, b!] });
});
afterAll(async () => {
  await s?.close();
});

type Validate = ((data: unknown) => boolean) & { errors?: unknown[] | null };
interface FormModule {
  formSchema: { $id: string; properties: Record<string, unknown>; required?: string[] };
  formUiSchema: Record<string, unknown>;
  validateFns(formats: unknown, helpers: unknown): Record<string, Validate>;
}

async function load(url: string, host = 'localhost') {
  const res = await s.app.inject({ method: 'GET', url, headers: { host } });
  return res;
}

async function moduleOf(url: string, host?: string): Promise<FormModule> {
  const res = await load(url, host);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/javascript/);
  // Imports nothing and evaluates nothing: it runs under the page's CSP as a same-origin module.
  expect(res.body).not.toMatch(/\bimport\b|\brequire\(|new Function|\beval\(/);
  const href = `data:text/javascript;base64,${Buffer.from(res.body).toString('base64')}`;
  return (await import(href)) as FormModule;
}

const CONTACT = {
  nome: 'Ana Souza',
  email: 'ana@example.com',
  assunto: 'Dúvida',
  mensagem: 'Quero saber o horário de abertura.',
};

describe('GET /form-validators/<form>.js', () => {
  it("serves each brand's form as it composes it, override included, validated like the server", async () => {
    const a = await moduleOf('/form-validators/contact.js');
    expect(Object.keys(a.formSchema.properties)).toContain('socio');
    const validate = a.validateFns(FORMATS, runtime)[a.formSchema.$id]!;
    expect(validate({ ...CONTACT })).toBe(false);
    expect(validate({ ...CONTACT, socio: '12' })).toBe(false);
    expect(validate({ ...CONTACT, socio: '123456' })).toBe(true);
    // The server refuses the same message without the member number.
    const sent = await s.app.inject({
      method: 'POST',
      url: '/CustomUserApps/Contato',
      headers: { host: 'localhost', 'content-type': 'application/json' },
      payload: JSON.stringify(CONTACT),
    });
    expect(sent.json().error?.fields?.map((f: { field: string }) => f.field)).toContain('.socio');

    // The other brand has no override.
    const b = await moduleOf('/form-validators/contact.js', 'other.test');
    expect(Object.keys(b.formSchema.properties)).not.toContain('socio');
    const validateB = b.validateFns(FORMATS, runtime)[b.formSchema.$id]!;
    expect(validateB({ ...CONTACT })).toBe(true);
  });

  it('the login asked for the captcha requires it; a flag the form does not use changes nothing', async () => {
    const plain = await moduleOf('/form-validators/login.js');
    const asked = await moduleOf('/form-validators/login.js?flags=captchaAsked');
    const login = { _username: 'ana@example.com', _password: 'Segura@123' };
    expect(plain.validateFns(FORMATS, runtime)[plain.formSchema.$id]!({ ...login })).toBe(true);
    const validate = asked.validateFns(FORMATS, runtime)[asked.formSchema.$id]!;
    expect(validate({ ...login })).toBe(false);
    expect(validate({ ...login, _recaptcha: 'solved-token' })).toBe(true);

    const holder = await load('/form-validators/holder.js');
    const holderAsked = await load('/form-validators/holder.js?flags=captchaAsked');
    expect(holderAsked.body).toBe(holder.body);
  });

  it('a browser revalidates with the tag; an unknown form is the 404 envelope', async () => {
    const first = await load('/form-validators/contact.js');
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await s.app.inject({
      method: 'GET',
      url: '/form-validators/contact.js',
      headers: { host: 'localhost', 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const unknown = await load('/form-validators/nope.js');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBeDefined();
  });
});
