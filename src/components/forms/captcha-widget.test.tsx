import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import Form from '@rjsf/core';
import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { renderToStaticMarkup } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import type { BrandConfig, CaptchaProvider, Locale } from '#schemas/contract.ts';
import { BrandProvider } from '#src/lib/brand-context.tsx';
import type { FormUiContext } from './form-context';
import { formRegistry } from './registry';

const messagesOf = (locale: Locale) =>
  JSON.parse(
    readFileSync(join(import.meta.dirname, '..', '..', '..', 'locales', `${locale}.json`), 'utf8'),
  ) as Record<string, string>;

const schema: RJSFSchema = {
  type: 'object',
  required: ['_recaptcha'],
  properties: { _recaptcha: { type: 'string', title: 'form.field.recaptcha' } },
};
const uiSchema: UiSchema = { _recaptcha: { 'ui:widget': 'captcha' } };

function brand(provider: CaptchaProvider, siteKey = ''): BrandConfig {
  // Only the captcha block is read by the widget.
  return {
    captcha: { login: true, register: false, contact: false, payment: false, siteKey, provider },
  } as BrandConfig;
}

function render(opts: {
  provider?: CaptchaProvider;
  siteKey?: string;
  value?: string;
  locale?: Locale;
  errors?: ErrorSchema;
}): string {
  const locale = opts.locale ?? 'pt-BR';
  const formContext: FormUiContext = { submitted: true, touched: [], pending: false, extra: {} };
  const html = renderToStaticMarkup(
    <ChakraProvider value={defaultSystem}>
      <IntlProvider locale={locale} messages={messagesOf(locale)} onError={() => {}}>
        <BrandProvider brand={brand(opts.provider ?? 'altcha', opts.siteKey)}>
          <Form
            schema={schema}
            uiSchema={uiSchema}
            validator={customizeValidator() as never}
            widgets={formRegistry.widgets}
            templates={formRegistry.templates}
            formContext={formContext}
            formData={opts.value ? { _recaptcha: opts.value } : {}}
            extraErrors={opts.errors}
            idPrefix="t"
          />
        </BrandProvider>
      </IntlProvider>
    </ChakraProvider>,
  );
  return html.replace(/<style[^>]*>.*?<\/style>/g, '');
}

function tag(html: string, id: string): string {
  const m = new RegExp(`<[a-z]+[^>]*\\sid="${id}"[^>]*>`).exec(html);
  if (!m) throw new Error(`no element #${id}`);
  return m[0];
}

describe('captcha widget (ALTCHA)', () => {
  it('is a button labelled by the field label and its own text, in each language', () => {
    for (const [locale, text] of [
      ['pt-BR', 'Verificar que sou humano'],
      ['es-ES', 'Verificar que soy humano'],
      ['en-US', 'Verify I&#x27;m human'],
    ] as const) {
      const html = render({ locale });
      const button = tag(html, 't__recaptcha');
      expect(button, locale).toMatch(/^<button[^>]*type="button"/);
      expect(button).toContain('aria-labelledby="t__recaptcha__label t__recaptcha__text"');
      expect(button).toContain('aria-required="true"');
      expect(button).not.toContain('aria-disabled');
      expect(html).toMatch(
        /<label[^>]*for="t__recaptcha"[^>]*id="t__recaptcha__label"|<label[^>]*id="t__recaptcha__label"[^>]*for="t__recaptcha"/,
      );
      expect(html).toContain(`<span id="t__recaptcha__text">${text}</span>`);
    }
  });

  it('announces its state in a polite live region the button points to', () => {
    const html = render({});
    expect(tag(html, 't__recaptcha__status')).toMatch(/role="status"/);
    expect(tag(html, 't__recaptcha__status')).toMatch(/aria-live="polite"/);
    expect(tag(html, 't__recaptcha')).toMatch(/aria-describedby="[^"]*t__recaptcha__status/);
  });

  it('shows a solved captcha as verified, and no longer clickable', () => {
    const html = render({ value: 'eyJ0b2tlbiI6MX0=' });
    const button = tag(html, 't__recaptcha');
    expect(button).toContain('aria-disabled="true"');
    expect(button).toContain('data-status="verified"');
    expect(html).toContain('<span id="t__recaptcha__text">Verificado</span>');
  });

  it('ties the error text once shown', () => {
    const html = render({
      errors: {
        _recaptcha: { __errors: ['Verificação de segurança inválida. Tente novamente.'] },
      } as unknown as ErrorSchema,
    });
    const button = tag(html, 't__recaptcha');
    expect(button).toContain('aria-invalid="true"');
    expect(button).toMatch(/aria-describedby="t__recaptcha__error t__recaptcha__status"/);
  });
});

describe('captcha widget (reCAPTCHA)', () => {
  it("renders a labelled group for Google's widget instead of the button", () => {
    const html = render({ provider: 'recaptcha', siteKey: 'site-key' });
    const group = tag(html, 't__recaptcha');
    expect(group).toMatch(/^<div[^>]*role="group"/);
    expect(group).toContain('aria-labelledby="t__recaptcha__label"');
    expect(html).not.toContain('t__recaptcha__text');
  });
});
