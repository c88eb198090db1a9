/**
 * The operator's reference of a brand folder, made from the JSON Schemas the loader validates
 * with (schemas/brand.schema.json, schemas/form-override.schema.json): every setting of every
 * file with its JSON path, type, limits, whether it is required and what it does. `npm run
 * docs:brands` writes it into brands/README.md between the markers; a unit test fails when the
 * README is stale.
 */
import brandSchema from '#schemas/brand.schema.json' with { type: 'json' };
import formOverrideSchema from '#schemas/form-override.schema.json' with { type: 'json' };

type Schema = Record<string, unknown>;

export const REFERENCE_START =
  '<!-- reference:start — written by `npm run docs:brands` from schemas/brand.schema.json; edit the schema, not this part -->';
export const REFERENCE_END = '<!-- reference:end -->';

/** Definitions shown as a type of their own instead of being expanded field by field. */
const LEAF_DEFS = new Set(['Localized']);

interface Row {
  path: string;
  type: string;
  required: boolean;
  about: string;
}

const cell = (s: string) =>
  s
    .replace(/\|/g, '\\|')
    .replace(/\s*\n\s*/g, ' ')
    .trim();
const code = (s: string) => `\`${s}\``;

function resolve(root: Schema, s: Schema): { schema: Schema; name: string | null } {
  const ref = s.$ref;
  if (typeof ref !== 'string') return { schema: s, name: null };
  const m = /#\/\$defs\/(.+)$/.exec(ref);
  const defs = (root.$defs ?? {}) as Record<string, Schema>;
  const name = m?.[1] ?? null;
  const target = name ? defs[name] : undefined;
  if (!target) throw new Error(`reference: cannot resolve ${ref}`);
  return { schema: target, name };
}

/** The type column: the JSON type, its definition's name, and its limits. */
function typeOf(root: Schema, raw: Schema): string {
  const { schema: s, name } = resolve(root, raw);
  const parts: string[] = [];
  const enumValues = (s.enum ?? (s.const !== undefined ? [s.const] : undefined)) as
    | unknown[]
    | undefined;
  let base: string;
  if (name && LEAF_DEFS.has(name)) base = 'text per language (`pt-BR`, `es-ES`, `en-US`)';
  else if (enumValues) base = `one of ${enumValues.map((v) => code(JSON.stringify(v))).join(', ')}`;
  else if (s.type === 'array') {
    const items = (s.items ?? {}) as Schema;
    const inner = resolve(root, items);
    const innerType =
      inner.schema.type === 'object' && !(inner.name && LEAF_DEFS.has(inner.name))
        ? 'object'
        : typeOf(root, items);
    base = `array of ${innerType}`;
  } else if (Array.isArray(s.oneOf)) base = 'object (one of the forms below)';
  else base = String(s.type ?? 'any');
  parts.push(base);
  if (name && !LEAF_DEFS.has(name) && s.type !== 'object') parts.push(`(${name})`);
  if (typeof s.format === 'string') parts.push(`format ${s.format}`);
  const limits: string[] = [];
  const add = (key: string, label: string) => {
    if (s[key] !== undefined) limits.push(`${label} ${String(s[key])}`);
  };
  add('minimum', '≥');
  add('maximum', '≤');
  add('exclusiveMinimum', '>');
  add('minLength', 'length ≥');
  add('maxLength', 'length ≤');
  add('minItems', 'items ≥');
  add('maxItems', 'items ≤');
  if (s.uniqueItems === true) limits.push('unique');
  if (limits.length > 0) parts.push(`(${limits.join(', ')})`);
  return parts.join(' ');
}

function describeOf(root: Schema, raw: Schema): string {
  const own = typeof raw.description === 'string' ? raw.description : '';
  if (own) return own;
  const { schema } = resolve(root, raw);
  return typeof schema.description === 'string' ? schema.description : '';
}

/** Rows of every property under `schema`, depth first; `seen` stops recursive definitions. */
function walk(root: Schema, raw: Schema, at: string, rows: Row[], seen: Set<string>): void {
  const { schema, name } = resolve(root, raw);
  if (name && (LEAF_DEFS.has(name) || seen.has(name))) return;
  const inner = new Set(seen);
  if (name) inner.add(name);
  if (schema.type === 'array') {
    walk(root, (schema.items ?? {}) as Schema, `${at}/*`, rows, inner);
    return;
  }
  if (Array.isArray(schema.oneOf)) {
    const own = (schema.properties ?? {}) as Record<string, Schema>;
    for (const [key, prop] of Object.entries(own)) {
      rows.push({
        path: `${at}/${key}`,
        type: typeOf(root, prop),
        required: ((schema.required ?? []) as string[]).includes(key),
        about: describeOf(root, prop),
      });
    }
    for (const variant of schema.oneOf as Schema[]) {
      const v = resolve(root, variant);
      const tag = v.name ? `(${v.name}) ` : '';
      const props = (v.schema.properties ?? {}) as Record<string, Schema>;
      const required = (v.schema.required ?? []) as string[];
      for (const [key, prop] of Object.entries(props)) {
        if (key in own) continue;
        rows.push({
          path: `${at}/${key}`,
          type: typeOf(root, prop),
          required: required.includes(key),
          about: `${tag}${describeOf(root, prop)}`.trim(),
        });
        walk(root, prop, `${at}/${key}`, rows, inner);
      }
    }
    return;
  }
  if (schema.type !== 'object') return;
  const props = (schema.properties ?? {}) as Record<string, Schema>;
  const required = (schema.required ?? []) as string[];
  for (const [key, prop] of Object.entries(props)) {
    if (key === '$schema') continue;
    rows.push({
      path: `${at}/${key}`,
      type: typeOf(root, prop),
      required: required.includes(key),
      about: describeOf(root, prop),
    });
    walk(root, prop, `${at}/${key}`, rows, inner);
  }
  const extra = schema.additionalProperties;
  if (extra && typeof extra === 'object') {
    rows.push({
      path: `${at}/<name>`,
      type: typeOf(root, extra as Schema),
      required: false,
      about: describeOf(root, extra as Schema),
    });
    walk(root, extra as Schema, `${at}/<name>`, rows, inner);
  }
}

function table(root: Schema, schema: Schema): string {
  const rows: Row[] = [];
  walk(root, schema, '', rows, new Set());
  return [
    '| JSON path | type | required | what it is |',
    '|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${code(r.path)} | ${cell(r.type)} | ${r.required ? 'yes' : ''} | ${cell(r.about)} |`,
    ),
  ].join('\n');
}

/** The reference part of brands/README.md (without the markers). */
export function brandReference(): string {
  const root = brandSchema as unknown as Schema;
  const defs = root.$defs as Record<string, Schema>;
  const files: [string, Schema, Schema][] = [
    ['brand.json', root, defs.BrandFile!],
    ['catalog.json', root, defs.CatalogFile!],
    ['vouchers/<batch>.json', root, defs.VoucherBatchFile!],
    ['rates.json', root, defs.RatesFile!],
    ['forms/<form>.json', formOverrideSchema as unknown as Schema, formOverrideSchema as Schema],
  ];
  const out = [
    '## Reference: every setting',
    '',
    'Generated from the JSON Schemas the server validates brand folders with. A path like',
    '`/events/*/tipo_produtos/*/produtos/*/preco` names a field inside each element of the',
    'arrays on the way; `<name>` is a key of your choice. "required" is within its object.',
    'Check a folder with `npm run brand:check brands/<id>` before you deploy it.',
  ];
  for (const [file, r, s] of files) {
    out.push('', `### ${file}`, '');
    const about = typeof s.description === 'string' ? s.description : '';
    if (about) out.push(cell(about), '');
    out.push(table(r, s));
  }
  return `${out.join('\n')}\n`;
}

/** `readme` with its reference part replaced (appended, with the markers, when it has none). */
export function withReference(readme: string): string {
  const part = `${REFERENCE_START}\n${brandReference()}${REFERENCE_END}\n`;
  const start = readme.indexOf(REFERENCE_START);
  const end = readme.indexOf(REFERENCE_END);
  if (start === -1 || end === -1 || end < start) {
    return `${readme.replace(/\n*$/, '\n')}\n${part}`;
  }
  return `${readme.slice(0, start)}${part}${readme.slice(end + REFERENCE_END.length).replace(/^\n/, '')}`;
}
