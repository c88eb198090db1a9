/**
 * Build time only (Node): turns composed form schemas into one ES module of precompiled
 * validators, so the browser validates without ajv and without `new Function` (a CSP without
 * 'unsafe-eval' holds). The module imports the same formats and runtime helpers the server uses.
 */

import type { AnySchemaObject } from 'ajv/dist/2020';
import standaloneCode from 'ajv/dist/standalone';
import { createFormAjv, STANDALONE_NAMES } from './ajv.ts';

/** Where the generated module imports the formats and the runtime helpers from. */
export interface StandaloneImports {
  /** Specifier of `schemas/formats/index.ts` (absolute path, alias or relative to the module). */
  formats: string;
  /** Specifier of `schemas/forms/runtime.ts`. */
  runtime: string;
}

/** ajv's CommonJS runtime helpers that generated code may `require`, and their ESM stand-ins. */
const AJV_RUNTIME: Record<string, string> = {
  'ajv/dist/runtime/equal': 'equal',
  'ajv/dist/runtime/ucs2length': 'ucs2length',
};

/**
 * One ES module exporting a validator per entry of `schemas` (export name → schema; names must be
 * JavaScript identifiers). Each schema gets a fresh `$id` only if it has none; two entries may not
 * share an `$id`. Throws if a schema does not compile or the code needs an unknown ajv helper.
 *
 * @example
 *   standaloneFormsCode(
 *     { registration: composeForm('registration', ctx).schema },
 *     { formats: '/abs/schemas/formats/index.ts', runtime: '/abs/schemas/forms/runtime.ts' },
 *   )
 */
export function standaloneFormsCode(
  schemas: Record<string, AnySchemaObject>,
  imports: StandaloneImports,
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
  return toEsm(standaloneCode(ajv, refs), imports);
}

/** Prepends the imports and replaces ajv's `require(...)` helpers by runtime.ts functions. */
export function toEsm(code: string, imports: StandaloneImports): string {
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
    `import { FORMATS as ${STANDALONE_NAMES.formats} } from ${JSON.stringify(imports.formats)};`,
    `import * as ${STANDALONE_NAMES.runtime} from ${JSON.stringify(imports.runtime)};`,
    body,
  ].join('\n');
}
