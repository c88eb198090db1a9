/**
 * The one ajv set-up of the forms: JSON Schema 2020-12 (`ajv/dist/2020`), strict mode, `$data`,
 * all errors, the custom formats of `schemas/formats/` and the named keywords below. The server
 * validates with it at run time; the build compiles the same schemas with it into standalone ES
 * modules for the browser (see `standalone.ts`), so both run the same checks.
 *
 * Every custom keyword generates code (no `validate` closures), and the functions that code calls
 * live in `runtime.ts`: in ajv they are scope values with a `ref`, in a standalone module the
 * same names imported from `runtime.ts`.
 */
import Ajv2020, {
  _,
  type CodeKeywordDefinition,
  type KeywordCxt,
  type KeywordDefinition,
  Name,
  stringify,
} from 'ajv/dist/2020';
import { FORMATS } from '../formats/index.ts';
import { applyDefaultsFrom, hasAnyOf } from './runtime.ts';

/**
 * Names generated standalone code must bind (see {@link standaloneFormsModule}): the parameters
 * of its `validators(__formFormats, __formRuntime)`, given `FORMATS` of schemas/formats/index.ts
 * and the functions of schemas/forms/runtime.ts.
 */
export const STANDALONE_NAMES = { formats: '__formFormats', runtime: '__formRuntime' } as const;

const FORMATS_NAME = new Name(STANDALONE_NAMES.formats);
const RUNTIME_NAME = new Name(STANDALONE_NAMES.runtime);

/** A runtime.ts function as a scope value: its `ref` in ajv, `__formRuntime.<name>` in a module. */
function runtimeFn(cxt: KeywordCxt, fn: unknown, name: 'hasAnyOf' | 'applyDefaultsFrom'): Name {
  return cxt.gen.scopeValue('keyword', {
    key: name,
    ref: fn,
    code: _`${RUNTIME_NAME}.${new Name(name)}`,
  });
}

// ---------------------------------------------------------------------------------------------

/** `x-atLeastOneOf: { fields, message }` on an object: at least one of `fields` is filled. */
export interface AtLeastOneOf {
  fields: string[];
  /** Message id of the error, `form.error.*`; reported on the first of `fields`. */
  message: string;
}

const atLeastOneOf: CodeKeywordDefinition = {
  keyword: 'x-atLeastOneOf',
  type: 'object',
  schemaType: 'object',
  metaSchema: {
    type: 'object',
    required: ['fields', 'message'],
    additionalProperties: false,
    properties: {
      fields: { type: 'array', minItems: 1, uniqueItems: true, items: { type: 'string' } },
      message: { type: 'string', pattern: '^form\\.error\\.' },
    },
  },
  error: {
    message: ({ schema }) =>
      _`${stringify(`must have one of ${(schema as AtLeastOneOf).fields.join(', ')}`)}`,
    params: ({ schema }) =>
      _`{fields: ${stringify((schema as AtLeastOneOf).fields)}, message: ${stringify((schema as AtLeastOneOf).message)}}`,
  },
  code(cxt) {
    const fn = runtimeFn(cxt, hasAnyOf, 'hasAnyOf');
    cxt.fail(_`!${fn}(${cxt.data}, ${stringify((cxt.schema as AtLeastOneOf).fields)})`);
  },
};

/**
 * `x-defaultFrom: { target: source }` on an object: a blank `target` takes the value of
 * `source` (an agency's trade name defaults to its company name). Modifies the data; never fails.
 */
const defaultFrom: CodeKeywordDefinition = {
  keyword: 'x-defaultFrom',
  type: 'object',
  schemaType: 'object',
  // Fill in before the fields are checked, so a blank trade name takes the company name.
  before: 'properties',
  metaSchema: {
    type: 'object',
    minProperties: 1,
    additionalProperties: { type: 'string' },
  },
  code(cxt) {
    const fn = runtimeFn(cxt, applyDefaultsFrom, 'applyDefaultsFrom');
    cxt.gen.code(_`${fn}(${cxt.data}, ${stringify(cxt.schema)})`);
  },
};

/**
 * `x-messages: { <keyword>: <message id> }` on a field: the message of that keyword's error on
 * this field instead of the default (`email2`'s `const` says 'Os e-mails são incompatíveis!').
 * An annotation: it validates nothing.
 */
const messages: KeywordDefinition = {
  keyword: 'x-messages',
  schemaType: 'object',
  metaSchema: {
    type: 'object',
    additionalProperties: { type: 'string', pattern: '^form\\.error\\.' },
  },
};

/** The custom keywords of the forms. */
export const FORM_KEYWORDS: readonly KeywordDefinition[] = [atLeastOneOf, defaultFrom, messages];

// ---------------------------------------------------------------------------------------------

export interface FormAjvOptions {
  /**
   * Keep the generated source for `ajv/dist/standalone` (`code: { source: true }`, CommonJS
   * exports that `standalone.ts` wraps in a function); formats and runtime helpers are then
   * referenced by {@link STANDALONE_NAMES}.
   */
  standalone?: boolean;
}

/** An ajv 2020-12 instance with the form formats and keywords. */
export type FormAjv = Ajv2020;

/**
 * A new ajv instance for the forms: JSON Schema 2020-12, `strict` (unknown keywords and formats
 * are errors), `$data` (`const: { $data: '1/email' }`), `allErrors` (every field's error).
 */
export function createFormAjv(options: FormAjvOptions = {}): FormAjv {
  const ajv = new Ajv2020({
    strict: true,
    // `then: { required: [...] }` names properties declared at the top of the form.
    strictRequired: false,
    allErrors: true,
    $data: true,
    code: {
      source: options.standalone === true,
      formats: _`${FORMATS_NAME}`,
    },
  });
  for (const [name, check] of Object.entries(FORMATS)) {
    // A plain function (not { validate }): the generated code calls `__formFormats[name](data)`.
    ajv.addFormat(name, check as (value: string) => boolean);
  }
  for (const keyword of FORM_KEYWORDS) ajv.addKeyword(keyword);
  return ajv;
}
