/**
 * fast-check arbitraries of bad requests, derived from the contract's JSON Schemas: a value that
 * fits a schema (the subset of JSON Schema the contract uses), then one mutation that makes it
 * bad — a wrong type, a missing or extra field, a NUL or an unpaired surrogate in a string, a
 * huge string, deep nesting, an array where a string goes, an object whose key shadows
 * Object.prototype's (`{"toString":1}`), at one node or at every leaf — plus hostile query
 * strings (repeated names, prototype names, malformed percent-escapes) and path segments.
 */
import fc from 'fast-check';

/** A JSON Schema node, as far as the generator reads it. */
export interface SchemaNode {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  properties?: Record<string, SchemaNode>;
  required?: string[];
  additionalProperties?: boolean | SchemaNode;
  prefixItems?: SchemaNode[];
  items?: SchemaNode | false;
  minItems?: number;
  maxItems?: number;
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** A short string for a schema's string node (its length, format or pattern). */
function stringFor(node: SchemaNode): fc.Arbitrary<string> {
  if (node.format === 'email') return fc.emailAddress().filter((e) => e.length <= 80);
  if (node.format === 'date') {
    return fc
      .date({ min: new Date('1900-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
  }
  if (node.pattern) {
    try {
      return fc.stringMatching(new RegExp(node.pattern)).filter((s) => s.length <= 200);
    } catch {
      // A pattern fast-check cannot invert: any short string will do as a base.
    }
  }
  const minLength = Math.min(node.minLength ?? 0, 40);
  const maxLength = Math.max(minLength, Math.min(node.maxLength ?? 40, 40));
  return fc.string({ minLength, maxLength });
}

/**
 * Values that exist, by field name (`idmovimentacao`, `bandeiras_aceitas`), harvested from real
 * answers.
 */
export type KnownValues = Readonly<Record<string, readonly (number | string)[]>>;

/** How {@link fromSchema} picks values. */
export interface FromSchemaOptions {
  /** Known values: a field named like one takes one of them half of the time. */
  known?: KnownValues;
  /** A field named like a known value always takes one of them. */
  onlyKnown?: boolean;
}

/**
 * The known values for a field `name`: those of the same name, or of a name one starts with
 * (`bandeira` ← `bandeiras_aceitas`, `parcelas` ← `parcela`).
 */
function knownFor(known: KnownValues | undefined, name: string | undefined): (number | string)[] {
  if (!known || !name) return [];
  if (known[name]) return [...known[name]];
  return Object.entries(known)
    .filter(
      ([k]) => k.length >= 4 && name.length >= 4 && (k.startsWith(name) || name.startsWith(k)),
    )
    .flatMap(([, v]) => v);
}

/** `base`, or one of `values` (always with `only`). */
function preferring<T>(
  base: fc.Arbitrary<T>,
  values: T[],
  only: boolean | undefined,
): fc.Arbitrary<T> {
  if (values.length === 0) return base;
  return only ? fc.constantFrom(...values) : fc.oneof(fc.constantFrom(...values), base);
}

/**
 * Values that (mostly) fit `node`. A field whose name (its property name, or the `description`
 * the RPC params schemas give each position) has known values often takes one (an id that
 * exists, a card brand the shop accepts), so a payload gets past "not found" into the code that
 * reads its other fields. Keywords the
 * generator does not know (if/then, $data, custom keywords) are ignored: the result is a
 * plausible base for a mutation, not necessarily a valid payload.
 */
export function fromSchema(
  node: SchemaNode & { description?: string },
  opts: FromSchemaOptions = {},
  depth = 0,
  name: string | undefined = node.description,
): fc.Arbitrary<Json> {
  if (node.const !== undefined && typeof node.const !== 'object') {
    return fc.constant(node.const as Json);
  }
  if (node.enum) return fc.constantFrom(...(node.enum as Json[]));
  const type = Array.isArray(node.type) ? node.type[0] : node.type;
  const child = (n: SchemaNode & { description?: string }, key?: string) =>
    fromSchema(n, opts, depth + 1, key ?? n.description);
  switch (type) {
    case 'integer': {
      const min = Math.max(node.minimum ?? -1000, -2147483648);
      const max = Math.min(node.maximum ?? 1000, 2147483647);
      const known = knownFor(opts.known, name).filter(
        (v): v is number => Number.isInteger(v) && (v as number) >= min && (v as number) <= max,
      );
      return preferring(fc.integer({ min, max }), known, opts.onlyKnown);
    }
    case 'number':
      return fc.double({
        min: node.minimum ?? -1000,
        max: node.maximum ?? 1000,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'string': {
      const known = knownFor(opts.known, name).filter(
        (v): v is string => typeof v === 'string' && v.length <= (node.maxLength ?? 1000),
      );
      return preferring(stringFor(node), known, opts.onlyKnown);
    }
    case 'array': {
      if (depth > 4) return fc.constant([]);
      const prefix = (node.prefixItems ?? []).map((n) => child(n));
      const rest = node.items && typeof node.items === 'object' ? node.items : null;
      const extra = rest
        ? fc.array(child(rest), {
            maxLength: Math.max(0, Math.min((node.maxItems ?? 3) - prefix.length, 3)),
          })
        : fc.constant([] as Json[]);
      return fc.tuple(fc.tuple(...prefix), extra).map(([a, b]) => [...a, ...b]);
    }
    case 'object': {
      if (depth > 4) return fc.constant({});
      const props = node.properties ?? {};
      const required = new Set(node.required ?? []);
      const model: Record<string, fc.Arbitrary<Json>> = {};
      for (const [k, v] of Object.entries(props)) model[k] = child(v, k);
      return fc.record(model, {
        requiredKeys: Object.keys(props).filter((k) => required.has(k)),
      }) as fc.Arbitrary<Json>;
    }
    default:
      return fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>;
  }
}

/** Strings no text column may take, or that stress the code that reads them. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 }))
    .map(([a, b]) => `${a}\u0000${b}`),
  fc.constant('demo@example.com\u0000'),
  fc.constantFrom('\uD800', 'a\uDC00b', '\uDBFF\uDBFF', 'x\uD83D'),
  fc.constantFrom('', ' ', '\t\r\n', "' OR '1'='1", '../../../etc/passwd', '<script>1</script>'),
  fc.constantFrom('%00', '%E0%A4%A', '\u202E', '\uFEFF', '😀'.repeat(50), 'a'.repeat(70_000)),
  fc.integer({ min: 1000, max: 100_000 }).map((n) => 'x'.repeat(n)),
);

/** `v` with a NUL at the end of the string at `path`, or of every string without one. */
export function withNulAt(v: Json, path?: readonly (string | number)[]): Json {
  if (path) return applyAt(v, [...path], { op: 'nul' });
  return withNul(v);
}

/** The paths of the strings in `v`. */
export function stringPaths(v: Json): (string | number)[][] {
  return pathsOf(v).filter((p) => typeof valueAt(v, p) === 'string');
}

function valueAt(v: Json, path: readonly (string | number)[]): Json | undefined {
  let cur: Json | undefined = v;
  for (const k of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = Array.isArray(cur) ? cur[Number(k)] : cur[k];
  }
  return cur;
}

/** `v` with a NUL at the end of every string in it (keys left alone). */
export function withNul(v: Json): Json {
  if (typeof v === 'string') return `${v}\u0000`;
  if (Array.isArray(v)) return v.map(withNul);
  if (v !== null && typeof v === 'object') {
    return Object.fromEntries(Object.entries(v).map(([k, c]) => [k, withNul(c)]));
  }
  return v;
}

/** A body nested `n` levels deep. */
const nested = (n: number, leaf: Json): Json => {
  let v: Json = leaf;
  for (let i = 0; i < n; i++) v = i % 2 === 0 ? [v] : { a: v };
  return v;
};

/** Object.prototype's own names (`toString`, `valueOf`, `constructor`, `__proto__`, ...). */
export const PROTOTYPE_NAMES: readonly string[] = Object.getOwnPropertyNames(Object.prototype);

/** `{ [name]: value }` as an own key, `__proto__` too. */
export const shadowing = (name: string, value: Json = 1): Json => withKey({}, name, value);

/**
 * An object one of whose keys is a name of Object.prototype's: code that expects every object to
 * have `toString` or `valueOf` (a deep equality) calls the value instead.
 */
export const shadowValue: fc.Arbitrary<Json> = fc
  .tuple(fc.constantFrom(...PROTOTYPE_NAMES), fc.constantFrom<Json>(1, 'x', null, {}, []))
  .map(([name, value]) => shadowing(name, value));

/**
 * `v` with every scalar leaf replaced by `leaf` (so two fields a form compares, an e-mail and its
 * confirmation, are both such objects).
 */
export function everyLeaf(v: Json, leaf: Json): Json {
  if (Array.isArray(v)) return v.length === 0 ? [leaf] : v.map((c) => everyLeaf(c, leaf));
  if (v !== null && typeof v === 'object') {
    return Object.fromEntries(Object.entries(v).map(([k, c]) => [k, everyLeaf(c, leaf)]));
  }
  return leaf;
}

/** Values of the wrong kind for almost any field. */
export const wrongValue: fc.Arbitrary<Json> = fc.oneof(
  shadowValue,
  hostileString,
  fc.constantFrom<Json>(
    null,
    true,
    false,
    0,
    -1,
    1.5,
    1e308,
    -1e308,
    2 ** 53 + 1,
    2 ** 31,
    -(2 ** 31) - 1,
  ),
  fc.array(fc.string({ maxLength: 5 }), { minLength: 1, maxLength: 3 }),
  fc.constantFrom<Json>(
    [],
    {},
    { a: 1 },
    [null],
    [[]],
    JSON.parse('{"__proto__":{"admin":true}}') as Json,
  ),
  fc.constantFrom(33, 40, 200).map((n) => nested(n, 'x')),
  fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>,
);

/** Field names worth adding (the spec's edge names, prototype keys) or random ones. */
const extraKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    'username',
    'password',
    'oldpassword',
    'hashcaptcha',
    'token',
    'email',
    'idpessoa',
    'brand',
    'id',
    'admin',
    'constructor',
    'prototype',
    'a\u0000b',
  ),
  fc.constantFrom(...PROTOTYPE_NAMES),
  fc.string({ maxLength: 12 }),
);

/** Every path to a node of `v`, the root included. */
function pathsOf(v: Json, at: (string | number)[] = [], out: (string | number)[][] = []) {
  out.push(at);
  if (Array.isArray(v)) {
    for (const [i, c] of v.entries()) pathsOf(c, [...at, i], out);
  } else if (v !== null && typeof v === 'object') {
    for (const [k, c] of Object.entries(v)) pathsOf(c, [...at, k], out);
  }
  return out;
}

type Mutation =
  | { op: 'replace'; value: Json }
  | { op: 'nul' }
  | { op: 'delete' }
  | { op: 'add'; key: string; value: Json }
  | { op: 'wrap' }
  | { op: 'shadow'; name: string };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 4, arbitrary: wrongValue.map((value) => ({ op: 'replace', value }) as Mutation) },
  { weight: 1, arbitrary: fc.constant({ op: 'nul' } as Mutation) },
  { weight: 2, arbitrary: fc.constant({ op: 'delete' } as Mutation) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(extraKey, wrongValue)
      .map(([key, value]) => ({ op: 'add', key, value }) as Mutation),
  },
  { weight: 1, arbitrary: fc.constant({ op: 'wrap' } as Mutation) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(...PROTOTYPE_NAMES)
      .map((name) => ({ op: 'shadow', name }) as Mutation),
  },
);

/** `v` with `m` applied at `path` (a deep copy; `v` is left as it was). */
function applyAt(v: Json, path: (string | number)[], m: Mutation): Json {
  if (path.length === 0) {
    switch (m.op) {
      case 'replace':
        return m.value;
      case 'nul':
        return typeof v === 'string' ? `${v}\u0000` : '\u0000';
      case 'delete':
        return null;
      case 'add':
        if (Array.isArray(v)) return [...v, m.value];
        if (v !== null && typeof v === 'object') return withKey(v, m.key, m.value);
        return [v, m.value];
      case 'wrap':
        return [v, v];
      case 'shadow':
        return everyLeaf(v, shadowing(m.name));
    }
  }
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (Array.isArray(v)) {
    const copy = [...v];
    if (rest.length === 0 && m.op === 'delete') copy.splice(Number(head), 1);
    else copy[Number(head)] = applyAt(copy[Number(head)] ?? null, rest, m);
    return copy;
  }
  if (v !== null && typeof v === 'object') {
    const copy: { [k: string]: Json } = { ...v };
    if (rest.length === 0 && m.op === 'delete') delete copy[head];
    else copy[head] = applyAt(copy[head] ?? null, rest, m);
    return copy;
  }
  return v;
}

/** `o` plus an own key (also `__proto__`, which a plain assignment would not create). */
function withKey(o: { [k: string]: Json }, key: string, value: Json): Json {
  const copy = { ...o };
  Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

/** A bad variant of the values of `base`: one mutation at one of its nodes. */
export function mutated(base: fc.Arbitrary<Json>): fc.Arbitrary<Json> {
  return fc.tuple(base, fc.nat(), mutation).map(([v, i, m]) => {
    const paths = pathsOf(v);
    return applyAt(v, paths[i % paths.length]!, m);
  });
}

/** A request body: JSON text of a bad value, or text that is not JSON at all. */
export function badBody(base: fc.Arbitrary<Json>): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 8, arbitrary: mutated(base).map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: wrongValue.map((v) => JSON.stringify(v)) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '{',
        '[1,',
        '{"a":1}}',
        '\u0000',
        'null',
        '""',
        '{"__proto__":{"x":1}}',
      ),
    },
    // Nesting too deep to build as a value here (JSON.stringify would overflow the stack).
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(5_000, 100_000)
        .map((n) => `${'{"a":['.repeat(n)}1${']}'.repeat(n)}`),
    },
  );
}

/** Query parameter names the routes read, and others. */
const queryName: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    'lang',
    'status',
    'page',
    'results_per_page',
    'fetch_items',
    'url',
    'tipo',
    'token',
    'class',
    'method',
    'id',
    'redirect',
    'access_token',
  ),
  fc.constantFrom(...PROTOTYPE_NAMES),
  fc.string({ maxLength: 8 }).map(encodeURIComponent),
);

/** An already-encoded query value: normal, hostile, or a malformed escape. */
const queryValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('PA', 'RE', 'PA,RE', '1', '0', '-1', 'true', 'pt_BR', 'en_US', ''),
  fc.constantFrom('%00', 'a%00b', '%E0%A4%A', '%', '%zz', '%C0%80', '%ED%A0%80', '%FF', '+%2B+'),
  fc.integer({ min: 1000, max: 20_000 }).map((n) => 'x'.repeat(n)),
  fc.string({ maxLength: 10 }).map((s) => encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, ''))),
);

/** A query string (without `?`), often with a name repeated. */
export const badQuery: fc.Arbitrary<string> = fc.oneof(
  fc
    .array(fc.tuple(queryName, queryValue), { maxLength: 6 })
    .chain((pairs) =>
      fc
        .subarray(pairs)
        .map((again) => [...pairs, ...again].map(([k, v]) => `${k}=${v}`).join('&')),
    ),
  fc.tuple(queryName, queryValue, queryValue).map(([k, a, b]) => `${k}=${a}&${k}=${b}`),
);

/** Every query name the routes are known to read, each given twice (`a=PA&a=RE`). */
export const REPEATED_QUERY = [
  'lang=pt_BR&lang=en_US',
  'status=PA&status=RE',
  'page=1&page=2',
  'results_per_page=5&results_per_page=6',
  'fetch_items=true&fetch_items=false',
  'url=http%3A%2F%2Flocalhost&url=x',
  'tipo=1&tipo=2',
  'token=a&token=b',
].join('&');

/** An already-encoded value for a path parameter. */
export const badSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('%00', 'a%00', '%E0%A4%A', '%', '-1', '0', '1.5', '99999999999999999999'),
  fc.constantFrom('..%2F..%2Fetc', '%2e%2e', 'x'.repeat(150), '%ED%A0%80', '%F0%9F%98%80'),
  fc
    .string({ minLength: 1, maxLength: 10 })
    .map((s) => encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, ''))),
);

/** Suffixes that break a path's percent-encoding. */
export const badPathSuffix: fc.Arbitrary<string> = fc.constantFrom(
  '%E0%A4%A',
  '%',
  '%zz',
  '%C0',
  '%00',
);
