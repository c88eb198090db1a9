/**
 * The forms as the browser loads them: brands are data at run time, so a brand's form override
 * (`brands/<id>/forms/<form>.json`) takes effect when the server starts, without a build.
 *
 * `GET /form-validators/<form>.js?flags=<flag>,…` answers an ES module for the request's brand:
 * the composed schema and uiSchema, and `validateFns(formats, runtime)`, the form's validators
 * precompiled by ajv (standalone code, no `eval`, so the CSP needs no 'unsafe-eval'): the root
 * schema under its `$id` and every sub-schema RJSF validates on its own (an `if`) under its
 * hash, as RJSF's `createPrecompiledValidator` looks them up. The flags are those only the
 * session knows (`social`, `cardCampaign`, `captchaAsked`); a flag the form does not use is
 * ignored. The same text serves the server's own rendering (src/components/forms/load-form.ts).
 */
import { createHash } from 'node:crypto';
import { schemaParser } from '@rjsf/utils';
import type { FastifyPluginAsync } from 'fastify';
import type { LoadedBrand } from '#schemas/brand.types.ts';
import { type FormId, isFormId, sessionFlagsOf } from '#schemas/forms/index.ts';
import { standaloneFormsModule } from '#schemas/forms/standalone.ts';
import { errorBody } from '#server/plugins/envelope.ts';
import { brandForm, type SessionFormContext } from './validate';

/** One form's module: its text and the tag a browser revalidates it with. */
export interface BrowserFormModule {
  code: string;
  etag: string;
}

const modules = new WeakMap<LoadedBrand, Map<string, BrowserFormModule>>();

/** The flags of `names` that form `id` uses. */
export function formFlags(id: FormId, names: readonly string[]): SessionFormContext {
  const flags: SessionFormContext = {};
  for (const f of sessionFlagsOf(id)) if (names.includes(f)) flags[f] = true;
  return flags;
}

/**
 * A sub-schema RJSF validates on its own (an `if` such as `{ properties: { end_pais: { const:
 * 'BR' } }, required: ['end_pais'] }`) has no `type`, which ajv's strict mode refuses outside
 * its parent; for the object data of a form, `type: 'object'` changes no answer. The validator
 * keeps the original sub-schema's hash as its key, which is what RJSF looks up.
 */
function strictTyped(schema: object): object {
  const s = schema as Record<string, unknown>;
  if (s.type !== undefined) return schema;
  const objectKeywords = ['properties', 'required', 'dependentRequired', 'additionalProperties'];
  return objectKeywords.some((k) => k in s) ? { ...s, type: 'object' } : schema;
}

/** Form `id` of `brand` under the session's `flags`, as the browser's module (made once). */
export function browserFormModule(
  brand: LoadedBrand,
  id: FormId,
  flags: SessionFormContext,
): BrowserFormModule {
  let byKey = modules.get(brand);
  if (!byKey) {
    byKey = new Map();
    modules.set(brand, byKey);
  }
  const { schema, uiSchema } = brandForm(brand, id, flags);
  const key = schema.$id as string;
  const known = byKey.get(key);
  if (known) return known;
  const parsed = Object.entries(schemaParser(schema as never) as Record<string, object>);
  const validators = Object.fromEntries(
    parsed.map(([, sub], i) => [`v${i}`, i === 0 ? sub : strictTyped(sub)]),
  );
  const map = parsed.map(([hash], i) => `    ${JSON.stringify(hash)}: v.v${i},`);
  const code = standaloneFormsModule(
    validators as never,
    [
      `export const formSchema = ${JSON.stringify(schema)};`,
      `export const formUiSchema = ${JSON.stringify(uiSchema)};`,
      '/** The validators by the key RJSF looks them up with. */',
      'export function validateFns(formats, runtime) {',
      '  const v = validators(formats, runtime);',
      '  return {',
      ...map,
      '  };',
      '}',
    ].join('\n'),
  );
  const etag = `"${createHash('sha256').update(code).digest('base64url').slice(0, 22)}"`;
  const made = { code, etag };
  byKey.set(key, made);
  return made;
}

/** `GET /form-validators/<form>.js?flags=…`: the request's brand's form as a module. */
export const browserFormRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { file: string }; Querystring: { flags?: string } }>(
    '/form-validators/:file',
    async (req, reply) => {
      const id = req.params.file.endsWith('.js') ? req.params.file.slice(0, -3) : '';
      if (!isFormId(id)) return reply.code(404).send(errorBody(req, 0, 'error.notFound'));
      const names = typeof req.query.flags === 'string' ? req.query.flags.split(',') : [];
      const mod = browserFormModule(req.brand, id, formFlags(id, names));
      // Revalidated on each load (a brand's forms change with a restart, not a build).
      reply.header('cache-control', 'no-cache').header('etag', mod.etag);
      if (req.headers['if-none-match'] === mod.etag) return reply.code(304).send();
      return reply.type('text/javascript; charset=utf-8').send(mod.code);
    },
  );
};
