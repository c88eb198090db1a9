/**
 * The mark of a Chakra config that is already the merge of its parts (src/lib/brand-system.ts
 * `brandSystemConfig`). `createSystem` merges its arguments again (a deep copy and a walk of
 * every token, about a third of its work) even when it gets one merged config; the build's edit
 * of Chakra (scripts/vite-plugin-chakra-system.ts) takes a marked config as it is. A registered
 * symbol: the same in the browser, on the server and in the build.
 */
export const MERGED_CONFIG = Symbol.for('storefront.chakraMergedConfig');

/** Marks `config` (not enumerable: copies and merges of it do not carry the mark). */
export function markMerged<T extends object>(config: T): T {
  Object.defineProperty(config, MERGED_CONFIG, { value: true });
  return config;
}

/**
 * Where the build's edit of `createSystem` puts a function that builds a marked config's token
 * dictionary ahead (about two thirds of `createSystem`'s work), and where it keeps it on the
 * config: the browser builds the system in two tasks instead of one long one.
 */
export const PREBUILD_TOKENS = Symbol.for('storefront.chakraPrebuildTokens');
export const PREBUILT_TOKENS = Symbol.for('storefront.chakraPrebuiltTokens');

/**
 * Builds the token dictionary of a marked `config` now, for `create` (Chakra's `createSystem`)
 * to take when it builds the system from that config later.
 * @returns false when `create` has no such step (not built by Vite: the server under tsx, some
 *   tests) or the config is not marked; `create` then builds the tokens itself, as published.
 */
export function prebuildTokens(create: object, config: object): boolean {
  const prebuild = (create as Record<symbol, ((c: object) => void) | undefined>)[PREBUILD_TOKENS];
  if (!prebuild || !(config as Record<symbol, unknown>)[MERGED_CONFIG]) return false;
  prebuild(config);
  return true;
}
