/**
 * Helpers the form validators call at run time: the code of the custom keywords (see `ajv.ts`)
 * and replacements for ajv's own CommonJS runtime helpers. The same functions run inside ajv on
 * the server and inside the standalone modules the server writes for the browser, which the
 * storefront hands these functions (src/components/forms/load-form.ts). Pure: no imports, no Node or DOM APIs.
 */

/** A field counts as filled when it is neither absent, null, nor a blank string. */
export function isFilled(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  return true;
}

/** `x-atLeastOneOf`: true when at least one of `fields` of `data` is filled. */
export function hasAnyOf(data: Record<string, unknown>, fields: readonly string[]): boolean {
  return fields.some((f) => isFilled(data[f]));
}

/**
 * `x-defaultFrom` ({ target: source }): fills each blank `target` of `data` with its `source`
 * when that one is filled. Always valid; it only fills in.
 */
export function applyDefaultsFrom(
  data: Record<string, unknown>,
  map: Readonly<Record<string, string>>,
): true {
  for (const [target, source] of Object.entries(map)) {
    if (!isFilled(data[target]) && isFilled(data[source])) data[target] = data[source];
  }
  return true;
}

/**
 * Deep equality of JSON values (what ajv's `ajv/dist/runtime/equal` does, without CommonJS):
 * used by `const` and `enum` with `$data`.
 */
export function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    if (Array.isArray(a)) {
      if (!Array.isArray(b) || a.length !== b.length) return false;
      return a.every((v, i) => equal(v, b[i]));
    }
    if (Array.isArray(b)) return false;
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    if (ka.length !== kb.length) return false;
    return ka.every(
      (k) =>
        Object.hasOwn(b, k) &&
        equal((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
    );
  }
  // NaN equals NaN, as in fast-deep-equal.
  return Number.isNaN(a) && Number.isNaN(b);
}

/** Length in Unicode code points (ajv's `ucs2length`): `minLength`/`maxLength` count these. */
export function ucs2length(str: string): number {
  let length = 0;
  for (const _ of str) length++;
  return length;
}
