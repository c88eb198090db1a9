/** The storefront's sources, relative to the repository: a build older than any is stale. */
export const SOURCES: readonly string[];

/** When `builtFile` was built (0: never) and whether any of `sources` is newer. */
export function buildAge(
  root: string,
  builtFile: string,
  sources?: readonly string[],
): { builtAt: number; stale: boolean };
