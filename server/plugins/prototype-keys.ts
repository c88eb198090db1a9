/**
 * Keys a request's JSON may not carry: every own name of `Object.prototype` (`toString`,
 * `valueOf`, `constructor`, `hasOwnProperty`, `__proto__`, ...). A value with such a key shadows
 * what code expects every object to have: a deep equality (the forms' `const: {$data}` checks of
 * e-mail and password confirmation) calls `value.toString()` or `value.valueOf()`, and
 * `{"toString":1}` made that a TypeError and a 500. The edge (edge.ts) refuses them in every
 * body, query and path, before any route or validator sees the request.
 */
const NAMES: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));

/** Whether `key` is one of Object.prototype's own names. */
export function shadowsPrototype(key: string): boolean {
  return NAMES.has(key);
}
