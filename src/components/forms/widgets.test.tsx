import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import Form from '@rjsf/core';
import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { renderToStaticMarkup } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import type { FormUiContext } from './form-context';
import { formRegistry } from './registry';

const messages = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', '..', '..', 'locales', 'pt-BR.json'), 'utf8'),
) as Record<string, string>;

const schema: RJSFSchema = {
  type: 'object',
  required: ['email', 'senha', 'cpf', 'celular', 'nascimento', 'termos'],
  properties: {
    email: { type: 'string', title: 'form.field.email' },
    senha: { type: 'string', title: 'form.field.senha', description: 'form.help.senha' },
    cpf: { type: 'string', title: 'form.field.cpf' },
    celular: { type: 'string', title: 'form.field.celularComCodigoPais' },
    nascimento: { type: 'string', title: 'form.field.dt_nascimento' },
    termos: { type: 'boolean', title: 'form.field.termos' },
    obs: { type: 'string', title: 'Plain text label' },
  },
};
const uiSchema: UiSchema = {
  email: { 'ui:widget': 'email' },
  senha: { 'ui:widget': 'password', 'ui:options': { meter: true } },
  cpf: { 'ui:widget': 'cpf' },
  celular: { 'ui:widget': 'phone' },
  nascimento: { 'ui:widget': 'date' },
  termos: { 'ui:widget': 'checkbox' },
};

function render(
  context: Partial<FormUiContext>,
  extraErrors?: ErrorSchema,
  formData: Record<string, unknown> = {},
): string {
  const formContext: FormUiContext = {
    submitted: false,
    touched: [],
    pending: false,
    extra: {},
    ...context,
  };
  const html = renderToStaticMarkup(
    <ChakraProvider value={defaultSystem}>
      <IntlProvider locale="pt-BR" messages={messages} onError={() => {}}>
        <Form
          schema={schema}
          uiSchema={uiSchema}
          validator={customizeValidator() as never}
          widgets={formRegistry.widgets}
          templates={formRegistry.templates}
          formContext={formContext}
          formData={formData}
          extraErrors={extraErrors}
          idPrefix="t"
          experimental_defaultFormStateBehavior={{ constAsDefaults: 'never' }}
        />
      </IntlProvider>
    </ChakraProvider>,
  );
  // Emotion writes its <style> elements inline when rendering on the server.
  return html.replace(/<style[^>]*>.*?<\/style>/g, '');
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The opening tag of the element with this id. */
function tag(html: string, id: string): string {
  const m = new RegExp(`<[a-z]+[^>]*\\sid="${id}"[^>]*>`).exec(html);
  if (!m) throw new Error(`no element #${id}`);
  return m[0];
}

const errors = {
  email: { __errors: ['Preencha o e-mail corretamente'] },
} as unknown as ErrorSchema;

describe('widget registry: labels and errors are tied to their controls', () => {
  it('gives every control a label whose for is its id, with localized text', () => {
    const html = render({});
    for (const [id, text] of [
      ['t_email', 'E-mail'],
      ['t_senha', messages['form.field.senha']],
      ['t_cpf', 'CPF'],
      ['t_celular', messages['form.field.celularComCodigoPais']],
      ['t_nascimento', messages['form.field.dt_nascimento']],
      ['t_termos', messages['form.field.termos']],
      ['t_obs', 'Plain text label'],
    ] as const) {
      expect(tag(html, id), id).toMatch(/^<(input|select|textarea)/);
      expect(html, id).toMatch(new RegExp(`<label[^>]*for="${id}"[^>]*>${escapeRe(text ?? '')}`));
    }
  });

  it('marks required controls', () => {
    const html = render({});
    expect(tag(html, 't_email')).toContain('aria-required="true"');
    expect(tag(html, 't_obs')).not.toContain('aria-required');
  });

  it('hides errors until the field is touched or the form submitted', () => {
    const html = render({}, errors);
    expect(tag(html, 't_email')).not.toContain('aria-invalid');
    expect(html).not.toContain('t_email__error');
  });

  it('ties a shown error with aria-describedby and aria-invalid', () => {
    for (const ctx of [{ submitted: true }, { touched: ['t_email'] }]) {
      const html = render(ctx, errors);
      const input = tag(html, 't_email');
      expect(input).toContain('aria-invalid="true"');
      expect(input).toMatch(/aria-describedby="[^"]*t_email__error/);
      expect(html).toMatch(/id="t_email__error"[^>]*>(<[^>]+>)*Preencha o e-mail corretamente/);
    }
  });

  it('names the description and the live strength meter of a password', () => {
    const html = render({}, undefined, { senha: 'abc' });
    const input = tag(html, 't_senha');
    expect(input).toMatch(/aria-describedby="t_senha__description t_senha__strength"/);
    expect(tag(html, 't_senha__description')).toBeTruthy();
    expect(html).toContain('role="meter"');
    expect(html).toContain(messages['formui.password.rule.maicusculo']);
    expect(html).not.toContain(messages['formui.password.rule.minusculo']);
  });

  it('labels the country code select of a phone', () => {
    const html = render({}, undefined, { celular: '+55 (11) 98765-4321' });
    expect(tag(html, 't_celular__country')).toContain(
      `aria-label="${messages['formui.phone.country']}"`,
    );
    expect(tag(html, 't_celular')).toContain('value="(11) 98765-4321"');
  });

  it('shows masked and locale-ordered values', () => {
    const html = render({}, undefined, { cpf: '52998224725', nascimento: '1990-12-31' });
    expect(tag(html, 't_cpf')).toContain('value="529.982.247-25"');
    expect(tag(html, 't_nascimento')).toContain('value="31/12/1990"');
  });
});
