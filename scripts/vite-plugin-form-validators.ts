/**
 * Precompiled form validators (issue 3, item 6): at build (and dev) time this plugin composes
 * every form of every brand (brands/<id>/brand.json rules + brands/<id>/forms/<form>.json
 * overrides, through `composeForm`) and compiles each composition with ajv standalone, so the
 * browser validates without ajv's compiler and without `new Function` (the CSP forbids
 * 'unsafe-eval').
 *
 * Virtual modules:
 * - `virtual:form-validators`: a small index, `loadCompiledForm(brandId, formId, flags)`, that
 *   maps (brand, form, run-time flags) to a dynamic import;
 * - `virtual:form-validators/<form>-<hash>`: one lazily imported chunk per composition, exporting
 *   `formSchema`, `formUiSchema` and `validateFns` (the validators RJSF's
 *   `createPrecompiledValidator` looks up by schema `$id`/hash: the root schema and every
 *   sub-schema RJSF validates on its own, e.g. an `if`).
 * Identical compositions (two brands without overrides) share one chunk.
 *
 * Flags the brand fixes (captcha, editarEnderecoCadastro) are composed in; flags only the
 * session knows (`social`, `cardCampaign`, `captchaAsked`) give one chunk per combination the
 * form uses.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { schemaParser } from '@rjsf/utils';
import type { Plugin, ViteDevServer } from 'vite';
import {
  type BrandFormSettings,
  brandFormContext,
  composeForm,
  FORM_FLAGS,
  FORM_IDS,
  type FormFlag,
  type FormId,
  type FormOverride,
  isFormId,
  overrideProblems,
} from '../schemas/forms/index.ts';
import { standaloneFormsCode } from '../schemas/forms/standalone.ts';

export const INDEX_ID = 'virtual:form-validators';
const CHUNK_PREFIX = `${INDEX_ID}/`;
const RESOLVED = `\0${INDEX_ID}`;

/** Flags the session decides (a brand's settings decide the others). */
export const RUNTIME_FLAGS: readonly FormFlag[] = ['social', 'cardCampaign', 'captchaAsked'];

/** The brand id used when the served brand was not built (a brand added after the build). */
export const DEFAULT_BRAND = '';

interface Composition {
  key: string;
  formId: FormId;
  schema: object;
  uiSchema: object;
}

export interface FormCatalog {
  /** brand → form → run-time flags (`social&cardCampaign`, `` for none) → composition key. */
  index: Record<string, Partial<Record<FormId, Record<string, string>>>>;
  compositions: Map<string, Composition>;
  /** Files read, watched in dev. */
  files: string[];
}

/** Every subset of `flags`, in order (`[]`, `[a]`, `[b]`, `[a, b]`). */
function subsets<T>(flags: readonly T[]): T[][] {
  const all: T[][] = [[]];
  for (const f of flags) for (const s of all.slice()) all.push([...s, f]);
  return all;
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`${file}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

interface BrandForms {
  id: string;
  settings: BrandFormSettings;
  overrides: Partial<Record<FormId, FormOverride>>;
}

/** The brands' form settings and overrides; an unusable override fails with file and pointer. */
export function readBrandForms(brandsDir: string, files: string[] = []): BrandForms[] {
  if (!existsSync(brandsDir)) return [];
  const brands: BrandForms[] = [];
  for (const name of readdirSync(brandsDir).sort()) {
    const dir = path.join(brandsDir, name);
    const brandFile = path.join(dir, 'brand.json');
    if (name.startsWith('.') || !statSync(dir).isDirectory() || !existsSync(brandFile)) continue;
    files.push(brandFile);
    const brand = readJson(brandFile) as Partial<BrandFormSettings>;
    const settings: BrandFormSettings = {
      captcha: {
        login: brand.captcha?.login === true,
        register: brand.captcha?.register === true,
        contact: brand.captcha?.contact === true,
      },
      editarEnderecoCadastro: brand.editarEnderecoCadastro === true,
    };
    const overrides: BrandForms['overrides'] = {};
    const formsDir = path.join(dir, 'forms');
    if (existsSync(formsDir)) {
      for (const file of readdirSync(formsDir).sort()) {
        if (!file.endsWith('.json')) continue;
        const full = path.join(formsDir, file);
        const formId = file.slice(0, -'.json'.length);
        if (!isFormId(formId)) {
          throw new Error(`${full}: no form "${formId}" (forms: ${FORM_IDS.join(', ')})`);
        }
        files.push(full);
        const override = readJson(full) as FormOverride;
        const problems = overrideProblems(formId, override);
        if (problems.length > 0) {
          throw new Error(
            problems.map((p) => `${full} ${p.pointer || '/'}: ${p.reason}`).join('\n'),
          );
        }
        overrides[formId] = override;
      }
    }
    brands.push({ id: name, settings, overrides });
  }
  return brands;
}

const NO_BRAND: BrandForms = {
  id: DEFAULT_BRAND,
  settings: {
    captcha: { login: false, register: false, contact: false },
    editarEnderecoCadastro: false,
  },
  overrides: {},
};

/** Composes every (brand, form, run-time flags); identical compositions share a key. */
export function formCatalog(brandsDir: string): FormCatalog {
  const files: string[] = [];
  const brands = [NO_BRAND, ...readBrandForms(brandsDir, files)];
  const index: FormCatalog['index'] = {};
  const compositions = new Map<string, Composition>();
  for (const brand of brands) {
    const forms: Partial<Record<FormId, Record<string, string>>> = {};
    for (const formId of FORM_IDS) {
      const variants: Record<string, string> = {};
      const runtime = RUNTIME_FLAGS.filter((f) => FORM_FLAGS[formId].includes(f));
      for (const flags of subsets(runtime)) {
        const extra = Object.fromEntries(flags.map((f) => [f, true]));
        const override = brand.overrides[formId];
        const ctx = brandFormContext(brand.settings, formId, {
          ...extra,
          ...(override ? { override, brandId: brand.id } : {}),
        });
        const { schema, uiSchema } = composeForm(formId, ctx);
        const hash = createHash('sha256')
          .update(JSON.stringify([schema, uiSchema]))
          .digest('hex')
          .slice(0, 10);
        const key = `${formId}-${hash}`;
        if (!compositions.has(key)) compositions.set(key, { key, formId, schema, uiSchema });
        variants[flags.join('&')] = key;
      }
      forms[formId] = variants;
    }
    index[brand.id] = forms;
  }
  return { index, compositions, files };
}

/** The index module: which chunk shows a form, and the loader. */
export function indexModuleCode(catalog: FormCatalog): string {
  const loaders = [...catalog.compositions.keys()]
    .map((key) => `  ${JSON.stringify(key)}: () => import(${JSON.stringify(CHUNK_PREFIX + key)}),`)
    .join('\n');
  return `const LOADERS = {
${loaders}
};
const INDEX = ${JSON.stringify(catalog.index)};
export const RUNTIME_FLAGS = ${JSON.stringify(RUNTIME_FLAGS)};
export const FORM_IDS = ${JSON.stringify(FORM_IDS)};
/** The session flags form \`formId\` depends on. */
export function formRuntimeFlags(formId) {
  const variants = INDEX[${JSON.stringify(DEFAULT_BRAND)}][formId] ?? {};
  const used = Object.keys(variants).flatMap((k) => (k ? k.split('&') : []));
  return RUNTIME_FLAGS.filter((f) => used.includes(f));
}
export const BUILT_BRANDS = Object.keys(INDEX).filter((b) => b !== ${JSON.stringify(DEFAULT_BRAND)});
export function compiledFormKey(brandId, formId, flags) {
  const forms = INDEX[brandId] ?? INDEX[${JSON.stringify(DEFAULT_BRAND)}];
  const variants = forms[formId];
  if (!variants) throw new Error('no compiled form ' + formId);
  const used = Object.keys(variants).flatMap((k) => (k ? k.split('&') : []));
  const on = RUNTIME_FLAGS.filter((f) => used.includes(f) && flags?.[f] === true);
  return variants[on.join('&')];
}
export function loadCompiledForm(brandId, formId, flags) {
  return LOADERS[compiledFormKey(brandId, formId, flags)]();
}
`;
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

/** One composition's chunk: the standalone validators of its schema and sub-schemas. */
export function chunkModuleCode(c: Composition, root: string): string {
  const parsed = schemaParser(c.schema as never) as Record<string, object>;
  const entries = Object.entries(parsed);
  const code = standaloneFormsCode(
    Object.fromEntries(
      entries.map(([, schema], i) => [`v${i}`, i === 0 ? schema : strictTyped(schema)]),
    ) as never,
    {
      formats: path.join(root, 'schemas/formats/index.ts'),
      runtime: path.join(root, 'schemas/forms/runtime.ts'),
    },
  );
  const map = entries.map(([key], i) => `  ${JSON.stringify(key)}: v${i},`).join('\n');
  return `${code}
export const formSchema = ${JSON.stringify(c.schema)};
export const formUiSchema = ${JSON.stringify(c.uiSchema)};
export const validateFns = {
${map}
};
`;
}

export function formValidators(options: { root?: string } = {}): Plugin {
  const root = options.root ?? process.cwd();
  const brandsDir = path.join(root, 'brands');
  let catalog: FormCatalog | null = null;
  const current = () => {
    catalog ??= formCatalog(brandsDir);
    return catalog;
  };
  let server: ViteDevServer | null = null;

  return {
    name: 'storefront:form-validators',
    configureServer(s) {
      server = s;
      s.watcher.add(path.join(brandsDir, '*/forms/*.json'));
      s.watcher.add(path.join(brandsDir, '*/brand.json'));
      const onChange = (file: string) => {
        if (!file.startsWith(brandsDir) || !file.endsWith('.json')) return;
        catalog = null;
        for (const mod of s.moduleGraph.idToModuleMap.values()) {
          if (mod.id?.startsWith(RESOLVED)) s.moduleGraph.invalidateModule(mod);
        }
        s.ws.send({ type: 'full-reload' });
      };
      s.watcher.on('change', onChange);
      s.watcher.on('add', onChange);
      s.watcher.on('unlink', onChange);
    },
    buildStart() {
      catalog = null;
      // Fail the build early (with file and pointer) on a bad override.
      for (const f of current().files) this.addWatchFile(f);
    },
    resolveId(id) {
      if (id === INDEX_ID || id.startsWith(CHUNK_PREFIX)) return `\0${id}`;
      return null;
    },
    load(id) {
      if (!id.startsWith(RESOLVED)) return null;
      const cat = current();
      if (id === RESOLVED) return indexModuleCode(cat);
      const key = id.slice(RESOLVED.length + 1);
      const c = cat.compositions.get(key);
      if (!c) {
        if (server)
          return 'export const formSchema = {}; export const formUiSchema = {}; export const validateFns = {};';
        throw new Error(`unknown form composition ${key}`);
      }
      return chunkModuleCode(c, root);
    },
  };
}
