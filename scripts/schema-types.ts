// Writes the TypeScript types of the JSON Schemas, so each shape is written once, in its schema:
//   schemas/brand.generated.ts       from schemas/brand.schema.json (every $defs entry)
//   schemas/rpc/params.generated.ts  from schemas/rpc/*.params.schema.json (the params table)
// Run `npm run schemas:types` after changing a schema; scripts/schema-types.test.ts fails while
// a generated file differs from what its schemas give.
//
// json-schema-to-typescript reads draft-07, so three shapes are restated for it first: a
// 2020-12 tuple (`prefixItems`) as draft-07's `items` array; a local `$ref` as the name of the
// definition (declared once, not copied with each description beside a `$ref`); a tagged union
// (`discriminator`) as its members; and the bounds of a list (`minItems`/`maxItems` of an array
// of one item shape) left to the validators.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compile, type JSONSchema } from 'json-schema-to-typescript';

const SCHEMAS = new URL('../schemas/', import.meta.url);
const RPC = new URL('rpc/', SCHEMAS);

const OPTIONS = {
  additionalProperties: false,
  unreachableDefinitions: true,
  strictIndexSignatures: true,
  style: { singleQuote: true, printWidth: 100, trailingComma: 'all' as const },
};

type Node = Record<string, unknown>;

/** The schema restated in the draft-07 shapes json-schema-to-typescript reads. */
function forGenerator(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forGenerator);
  if (schema === null || typeof schema !== 'object') return schema;
  const node: Node = {};
  for (const [key, value] of Object.entries(schema)) node[key] = forGenerator(value);
  const ref = node.$ref;
  if (typeof ref === 'string' && ref.startsWith('#/$defs/')) {
    const { $ref: _, ...rest } = node;
    return { ...rest, tsType: ref.slice('#/$defs/'.length) };
  }
  if (Array.isArray(node.oneOf) && node.discriminator !== undefined) {
    // A tagged union is its members (each names its tag).
    const { type: _t, properties: _p, required: _r, discriminator: _d, ...rest } = node;
    return rest;
  }
  if (node.type === 'array') {
    if (Array.isArray(node.prefixItems)) {
      const { prefixItems, items, ...rest } = node;
      return { ...rest, items: prefixItems, additionalItems: items ?? true };
    }
    if (node.maxItems === 0) return { ...node, tsType: '[]' };
    const { minItems: _min, maxItems: _max, ...rest } = node;
    return rest;
  }
  return node;
}

const banner = (sources: string) =>
  `// Written by \`npm run schemas:types\` (scripts/schema-types.ts) from ${sources}:\n// edit the schemas, not this file.`;

/** The brand folder's types: one per definition of schemas/brand.schema.json. */
async function brandTypes(): Promise<string> {
  const schema = JSON.parse(readFileSync(new URL('brand.schema.json', SCHEMAS), 'utf8')) as Node;
  const defs = schema.$defs as Node;
  const root = {
    title: 'BrandFolder',
    description: 'The files of a brand folder, brands/<id>/.',
    type: 'object',
    required: ['brand', 'catalog'],
    properties: {
      brand: { tsType: 'BrandFile', description: 'brand.json' },
      catalog: { tsType: 'CatalogFile', description: 'catalog.json' },
      vouchers: { tsType: 'VoucherBatchFile[]', description: 'vouchers/*.json' },
      rates: { tsType: 'RatesFile', description: 'rates.json' },
    },
    definitions: forGenerator(defs),
  };
  return compile(root as JSONSchema, 'BrandFolder', {
    ...OPTIONS,
    bannerComment: banner('schemas/brand.schema.json'),
  });
}

/** The params of every RPC method: `RpcParamsTable[class][method]` is its params tuple. */
async function rpcParamsTypes(): Promise<string> {
  const classes: Record<string, Node> = {};
  for (const file of readdirSync(RPC)
    .filter((f) => f.endsWith('.params.schema.json'))
    .sort()) {
    const [cls, method] = file.split('.') as [string, string];
    const {
      $schema: _,
      $id: _id,
      ...schema
    } = JSON.parse(readFileSync(new URL(file, RPC), 'utf8')) as Node;
    classes[cls] ??= {};
    classes[cls][method] = forGenerator(schema);
  }
  const root = {
    title: 'RpcParamsTable',
    description: 'The params tuple of each RPC method, class by class.',
    type: 'object',
    required: Object.keys(classes),
    properties: Object.fromEntries(
      Object.entries(classes).map(([cls, methods]) => [
        cls,
        { type: 'object', required: Object.keys(methods), properties: methods },
      ]),
    ),
  };
  return compile(root as JSONSchema, 'RpcParamsTable', {
    ...OPTIONS,
    bannerComment: banner('schemas/rpc/*.params.schema.json'),
  });
}

/** Each generated file and the text its schemas give now. */
export async function schemaTypes(): Promise<{ file: URL; text: string }[]> {
  return [
    { file: new URL('brand.generated.ts', SCHEMAS), text: await brandTypes() },
    { file: new URL('params.generated.ts', RPC), text: await rpcParamsTypes() },
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const { file, text } of await schemaTypes()) {
    writeFileSync(file, text);
    console.log(`wrote ${fileURLToPath(file)}`);
  }
}
