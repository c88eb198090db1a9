import type { Plugin } from 'vite';

/** The string in src/entry.ts the build replaces with the boot's files (comma-separated). */
export const BOOT_GRAPH_PLACEHOLDER = '__BOOT_GRAPH__';

/** What the plugin reads of a chunk of the bundle. */
export interface GraphChunk {
  fileName: string;
  isEntry: boolean;
  imports: readonly string[];
  dynamicImports: readonly string[];
  code: string;
}

/**
 * Every file the entry's dynamic imports need (each one and what it imports, transitively), in
 * the order they are first met, the entry itself left out: the storefront's boot, which the
 * entry imports in stages.
 */
export function bootGraph(entry: GraphChunk, chunks: ReadonlyMap<string, GraphChunk>): string[] {
  const seen = new Set<string>([entry.fileName]);
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    for (const dep of chunks.get(fileName)?.imports ?? []) visit(dep);
  };
  for (const fileName of entry.dynamicImports) visit(fileName);
  seen.delete(entry.fileName);
  return [...seen];
}

/**
 * The entry (src/entry.ts) imports the storefront in stages, each evaluated in a task of its
 * own, so no single long task blocks the page. Vite would ask for each stage's files only when
 * that stage starts, one round trip after the other: this plugin writes the whole boot's files
 * into the entry, which asks for them all at once (module preloads) before the first stage.
 */
export function bootGraphPlugin(): Plugin {
  return {
    name: 'storefront-boot-graph',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = new Map<string, GraphChunk>();
      for (const item of Object.values(bundle)) {
        if (item.type === 'chunk') chunks.set(item.fileName, item);
      }
      for (const item of Object.values(bundle)) {
        if (item.type !== 'chunk' || !item.isEntry) continue;
        if (!item.code.includes(BOOT_GRAPH_PLACEHOLDER)) continue;
        const files = bootGraph(item, chunks).map((f) => `/${f}`);
        item.code = item.code.replace(BOOT_GRAPH_PLACEHOLDER, files.join(','));
      }
    },
  };
}
