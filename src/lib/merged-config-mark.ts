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
