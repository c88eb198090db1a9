/**
 * Node only: turns composed form schemas into the text of one ES module of precompiled
 * validators, so the browser validates without ajv and without `new Function` (a CSP without
 * 'unsafe-eval' holds). The server writes these modules from the brand's forms at run time
 * (server/forms/browser-forms.ts); the browser imports one when a form shows.
 *
 * The module imports nothing: it exports `validators(formats, runtime)`, which the storefront
 * calls with the same formats and runtime helpers the server's ajv uses
 * (schemas/formats/index.ts `FORMATS`, schemas/forms/runtime.ts), so one served module needs no
 * other file and both sides run the same checks.
 */

import type { AnySchemaObject } from 'ajv/dist/2020';
import standaloneCode from 'ajv/dist/standalone';
import { createFormAjv, STANDALONE_NAMES } from './ajv.ts';

/** ajv's CommonJS runtime helpers that generated code may `require`, and their stand-ins. */
const AJV_RUNTIME: Record<string, string> = {
  'ajv/dist/runtime/equal': 'equal',
  'ajv/dist/runtime/ucs2length': 'ucs2length',
};

/** What a module of {@link standaloneFormsModule} exports. */
export interface StandaloneFormsModule {
  /** The validators by export name, given the formats and the runtime helpers. */
  validators(
    formats: Record<string, unknown>,
    runtime: Record<string, unknown>,
  ): Record<string, ((data: unknown) => boolean) & { errors?: unknown }>;
}

/**
 * One ES module whose `validators(formats, runtime)` returns a validator per entry of `schemas`
 * (export name → schema; names must be JavaScript identifiers). Each schema gets a fresh `$id`
 * only if it has none; two entries may not share an `$id`. `extra` is appended (e.g. the
 * module's other exports). Throws if a schema does not compile or the code needs an unknown ajv
 * helper.
 */
export function standaloneFormsModule(
  schemas: Record<string, AnySchemaObject>,
  extra = '',
): string {
  const ajv = createFormAjv({ standalone: true });
  const refs: Record<string, string> = {};
  for (const [name, schema] of Object.entries(schemas)) {
    if (!/^[A-Za-z_$][\w$]*$/.test(name))
      throw new Error(`export name ${name} is not an identifier`);
    const id = typeof schema.$id === 'string' ? schema.$id : `standalone/${name}`;
    ajv.addSchema({ ...schema, $id: id });
    refs[name] = id;
  }
  return wrapStandalone(standaloneCode(ajv, refs), extra);
}

/**
 * Wraps ajv's CommonJS standalone code in `export function validators(...)`, its `require(...)`
 * helpers replaced by runtime.ts functions.
 */
export function wrapStandalone(code: string, extra = ''): string {
  const body = code.replace(
    /require\("([^"]+)"\)\.(default|\w+)/g,
    (whole, specifier: string, member: string) => {
      const name = AJV_RUNTIME[specifier];
      if (!name || member !== 'default') {
        throw new Error(`generated validator needs an unsupported helper: ${whole}`);
      }
      return `${STANDALONE_NAMES.runtime}.${name}`;
    },
  );
  if (/\brequire\(/.test(body)) throw new Error('generated validator still calls require()');
  return [
    `export function validators(${STANDALONE_NAMES.formats}, ${STANDALONE_NAMES.runtime}) {`,
    'const exports = {};',
    body,
    'return exports;',
    '}',
    extra,
  ].join('\n');
}
