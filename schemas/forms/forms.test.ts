import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  BASE_FORMS,
  composeForm,
  createFormAjv,
  FORM_IDS,
  type FormId,
  type FormMessage,
  formErrors,
  WIDGETS,
} from './index';

interface Samples {
  valid: Record<string, unknown>;
  invalid: Record<string, unknown>;
  invalidErrors: FormMessage[];
}

const samples = (id: FormId): Samples =>
  JSON.parse(readFileSync(new URL(`./${id}.samples.json`, import.meta.url), 'utf8')) as Samples;

/** Validates `data` against form `id` composed with no brand rule; the messages of its errors. */
function check(id: FormId, data: unknown): FormMessage[] {
  const { schema, uiSchema } = composeForm(id);
  const validate = createFormAjv().compile(schema);
  validate(structuredClone(data));
  return formErrors(validate.errors, schema, uiSchema['ui:order']);
}

describe.each(FORM_IDS)('form %s', (id) => {
  const { schema, uiSchema } = BASE_FORMS[id];

  it('compiles in strict mode, with an $id and message ids as titles', () => {
    expect(() => createFormAjv().compile(schema)).not.toThrow();
    expect(schema.$id).toBe(`forms/${id}.schema.json`);
    for (const [name, field] of Object.entries(schema.properties)) {
      if (field.title !== undefined) expect(field.title, name).toMatch(/^form\.field\.\w+$/);
      if (field.description !== undefined) expect(field.description, name).toMatch(/^form\.help\./);
    }
  });

  it('has a uiSchema that orders every field and uses registered widgets only', () => {
    const order = uiSchema['ui:order'];
    expect(order.at(-1)).toBe('*');
    expect([...order.slice(0, -1)].sort()).toEqual(Object.keys(schema.properties).sort());
    for (const [key, value] of Object.entries(uiSchema)) {
      if (key.startsWith('ui:')) continue;
      expect(Object.keys(schema.properties), key).toContain(key);
      const widget = (value as { 'ui:widget'?: string })['ui:widget'];
      if (widget !== undefined) expect(WIDGETS, `${id}.${key}`).toContain(widget);
    }
  });

  it('accepts its valid sample', () => {
    expect(check(id, samples(id).valid)).toEqual([]);
  });

  it('rejects its invalid sample with exactly the listed errors', () => {
    expect(check(id, samples(id).invalid)).toEqual(samples(id).invalidErrors);
  });
});

describe('schemas/form-override.schema.json', () => {
  it('lists exactly the widgets and formats the forms know', async () => {
    const { FORMAT_NAMES } = await import('../formats/index');
    const schema = (await import('../form-override.schema.json', { with: { type: 'json' } }))
      .default;
    expect(schema.$defs.FieldUi.properties['ui:widget'].enum).toEqual([...WIDGETS]);
    expect(schema.$defs.Field.properties.format.enum).toEqual([...FORMAT_NAMES]);
  });
});
