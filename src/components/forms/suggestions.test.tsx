import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import Form from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
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
  properties: {
    end_estado: { type: 'string', title: 'form.field.end_estado' },
    end_cidade: { type: 'string', title: 'form.field.end_cidade' },
  },
};

function render(extra: Record<string, unknown>): string {
  const formContext: FormUiContext = { submitted: false, touched: [], pending: false, extra };
  return renderToStaticMarkup(
    <ChakraProvider value={defaultSystem}>
      <IntlProvider locale="pt-BR" messages={messages} onError={() => {}}>
        <Form
          schema={schema}
          validator={customizeValidator() as never}
          widgets={formRegistry.widgets}
          templates={formRegistry.templates}
          formContext={formContext}
          formData={{}}
          idPrefix="p"
        />
      </IntlProvider>
    </ChakraProvider>,
  ).replace(/<style[^>]*>.*?<\/style>/g, '');
}

describe('suggestions of a free-text field (context.suggestions)', () => {
  it('become a datalist the input names, and the field stays a text input', () => {
    const html = render({
      suggestions: {
        end_estado: [
          { value: 'SP', label: 'São Paulo' },
          { value: 'RJ', label: 'Rio de Janeiro' },
        ],
      },
    });
    expect(html).toMatch(/<input[^>]*list="p_end_estado__suggestions"[^>]*>/);
    expect(html).toContain('<datalist id="p_end_estado__suggestions">');
    expect(html).toContain('<option value="SP">São Paulo</option>');
    // No suggestions: no list.
    expect(html).not.toContain('p_end_cidade__suggestions');
  });

  it('are ignored when absent or malformed', () => {
    const html = render({ suggestions: { end_estado: 'SP' } });
    expect(html).not.toContain('<datalist');
    expect(html).not.toContain(' list=');
  });
});
