import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnySchemaObject } from 'ajv/dist/2020';
import { afterAll, describe, expect, it } from 'vitest';
import { FORMATS } from '../formats/index';
import {
  composeForm,
  createFormAjv,
  FORM_FLAGS,
  FORM_IDS,
  type FormContext,
  type FormId,
  type FormMessage,
  formErrors,
} from './index';
import * as runtime from './runtime';
import { type StandaloneFormsModule, standaloneFormsModule, wrapStandalone } from './standalone';

interface Samples {
  valid: Record<string, unknown>;
  invalid: Record<string, unknown>;
}
const samples = async (id: FormId): Promise<Samples> =>
  (await import(`./${id}.samples.json`, { with: { type: 'json' } })).default as Samples;

/** Every form with no brand rule, and with every rule it knows on. */
const variants: { name: string; id: FormId; ctx: FormContext }[] = FORM_IDS.flatMap((id) => {
  const all = Object.fromEntries(FORM_FLAGS[id].map((f) => [f, true])) as FormContext;
  return [
    { name: `${id}_base`, id, ctx: {} },
    ...(FORM_FLAGS[id].length > 0 ? [{ name: `${id}_all`, id, ctx: all }] : []),
  ];
});

let dir: string | undefined;
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

type Validate = ((data: unknown) => boolean) & { errors?: AnySchemaObject[] | null };

describe('standalone validators (what the browser runs)', () => {
  it('validate every sample exactly like the server, without require() or eval', async () => {
    const schemas = Object.fromEntries(
      variants.map((v) => [v.name, composeForm(v.id, v.ctx).schema]),
    );
    const code = standaloneFormsModule(schemas);
    // A module of its own: no import, no require(), no eval.
    expect(code).not.toMatch(/\bimport\b|\brequire\(|new Function|\beval\(/);

    dir = await mkdtemp(path.join(os.tmpdir(), 'forms-standalone-'));
    const file = path.join(dir, 'validators.mjs');
    await writeFile(file, code);
    const loaded = (await import(pathToFileURL(file).href)) as StandaloneFormsModule;
    const mod = loaded.validators(FORMATS, runtime) as Record<string, Validate>;

    const ajv = createFormAjv();
    for (const v of variants) {
      const { schema, uiSchema } = composeForm(v.id, v.ctx);
      const server = ajv.compile(schema);
      const browser = mod[v.name];
      expect(browser, v.name).toBeTypeOf('function');
      const { valid, invalid } = await samples(v.id);
      // With every brand rule on, the valid sample lacks the rule's fields: it fails the same way.
      for (const data of [valid, invalid, {}, { ...valid, _recaptcha: '', bin: '12345' }]) {
        const a = structuredClone(data);
        const b = structuredClone(data);
        const okServer = server(a);
        const okBrowser = browser!(b);
        const messages = (errors: unknown): FormMessage[] =>
          formErrors(errors as never, schema, uiSchema['ui:order']);
        expect(okBrowser, `${v.name} ${JSON.stringify(data)}`).toBe(okServer);
        expect(messages(browser!.errors)).toEqual(messages(server.errors));
        // Modifying keywords (x-defaultFrom) change the data the same way.
        expect(b).toEqual(a);
      }
    }
  });

  it('refuses generated code that needs an unknown ajv helper', () => {
    expect(() => wrapStandalone('const x = require("ajv/dist/runtime/uri").default;')).toThrow(
      /unsupported helper/,
    );
  });
});
