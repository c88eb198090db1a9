import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { composeForm } from '#schemas/forms/index.ts';
import { validateForm } from '#server/forms/validate.ts';
import { BrandLoadError, loadBrands } from './loader';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoBrands = path.resolve(here, '../../brands');

function shown(file: string): string {
  const rel = path.relative(process.cwd(), file);
  return (rel.startsWith('..') || path.isAbsolute(rel) ? file : rel).split(path.sep).join('/');
}

describe('form overrides in brands/<id>/forms/', () => {
  it('load with the brand; the demo contact form gets a member number and a new order', async () => {
    const brand = (await loadBrands(repoBrands)).find((b) => b.id === 'museu-aurora')!;
    expect(Object.keys(brand.forms ?? {})).toEqual(['contact']);
    const { schema, uiSchema } = composeForm('contact', {
      override: brand.forms!.contact!,
      brandId: brand.id,
    });
    expect(schema.$id).toBe('forms/contact.schema.json?brand=museu-aurora');
    expect(schema.properties.clube_socio).toMatchObject({ title: 'form.field.memberNumber' });
    expect(schema.required).not.toContain('clube_socio');
    expect(uiSchema['ui:order']).toEqual([
      'nome',
      'email',
      'clube_socio',
      'assunto',
      'mensagem',
      '*',
    ]);

    const valid = { nome: 'Ana', email: 'ana@example.com', assunto: 'Oi', mensagem: 'Olá!' };
    expect(validateForm(brand, 'contact', valid, 'pt-BR').ok).toBe(true);
    const bad = validateForm(brand, 'contact', { ...valid, clube_socio: '12' }, 'en-US');
    expect(bad).toEqual({
      ok: false,
      error: {
        code: 0,
        message: 'The member number has 4 to 10 digits',
        fields: [
          {
            field: '.clube_socio',
            id: 'form.error.memberNumber',
            message: 'The member number has 4 to 10 digits',
          },
        ],
      },
    });
  });

  it('stop the start with the file, the JSON path and the reason of every broken override', async () => {
    const dir = path.join(here, 'fixtures/broken-forms');
    const err = await loadBrands(dir).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(BrandLoadError);
    const forms = shown(path.join(dir, 'forms-brand/forms'));
    expect((err as BrandLoadError).message.split('\n').sort()).toEqual(
      [
        `${forms}/contact.json at /fields/clube/title: is required`,
        `${forms}/contact.json at /ui/nome/ui:widget: must be one of "text", "email", "password", "cpf", "cnpj", "phone", "cep", "date", "textarea", "checkbox", "captcha", "select", "hidden" (got "slider")`,
        `${forms}/coupon.json at /fields/socio: does not compile: strict mode: missing type "string" for keyword "minLength" at "#/properties/socio" (strictTypes)`,
        `${forms}/login.json at /fields/_password: "_password" is already a field of form login; change it with "ui", "required" or "optional"`,
        `${forms}/login.json at /order/0: unknown field "_usernme" of form login (did you mean "_username"?)`,
        `${forms}/registration.json at /required/0: "apelido" is also listed in "optional"`,
        `${forms}/registration.json at /hide/0: "email2" must equal "email"; hide both or neither`,
        `${forms}/registration.json at /fields/apelido/title: message id "form.field.nickname" is missing from locales/pt-BR.json, locales/es-ES.json, locales/en-US.json`,
        `${forms}/vouchers.json: not a form override: name it <form>.json with <form> one of registration, agency, holder, contact, address, login, changePassword, forgotPassword, resetPassword, voucher, coupon, profile, agencyProfile, checkinLogin, newsletter`,
      ].sort(),
    );
  });
});
