import { resolve } from 'node:path';
import type { OutputChunk } from 'rolldown';
import { build, type Plugin, type ResolvedConfig } from 'vite';

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
export function bootGraphPlugin({
  pages = {},
}: {
  /** A placeholder in the entry, and the modules of a page whose files replace it. */
  pages?: Readonly<Record<string, readonly string[]>>;
} = {}): Plugin {
  let root = '';
  return {
    name: 'storefront-boot-graph',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = new Map<string, PageChunk>();
      for (const item of Object.values(bundle)) {
        if (item.type === 'chunk') chunks.set(item.fileName, item);
      }
      for (const item of Object.values(bundle)) {
        if (item.type !== 'chunk' || !item.isEntry) continue;
        if (!item.code.includes(BOOT_GRAPH_PLACEHOLDER)) continue;
        const boot = bootGraph(item, chunks);
        item.code = item.code.replace(BOOT_GRAPH_PLACEHOLDER, boot.map((f) => `/${f}`).join(','));
        const loaded = new Set([item.fileName, ...boot]);
        for (const [placeholder, modules] of Object.entries(pages)) {
          if (!item.code.includes(placeholder))
            this.error(`boot graph: no ${placeholder} in the entry`);
          const files = pageGraph(
            modules.map((m) => resolve(root, m)),
            chunks,
            loaded,
          );
          if (files.length === 0) this.error(`boot graph: no files for ${modules.join(', ')}`);
          item.code = item.code.replace(placeholder, files.map((f) => `/${f}`).join(','));
        }
      }
    },
  };
}

/** What the plugin reads of a page's chunk: the module it is the import of. */
export interface PageChunk extends GraphChunk {
  facadeModuleId: string | null;
}

/**
 * The files a page's code needs beyond the boot: the chunks whose dynamic import is one of
 * `modules` (the page, and what loads with it) and what they import, transitively, in the order
 * first met, without the files in `loaded`.
 */
export function pageGraph(
  modules: readonly string[],
  chunks: ReadonlyMap<string, PageChunk>,
  loaded: ReadonlySet<string>,
): string[] {
  const roots = modules.flatMap((id) =>
    [...chunks.values()].filter((c) => c.facadeModuleId === id).map((c) => c.fileName),
  );
  if (roots.length < modules.length) return [];
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName) || loaded.has(fileName)) return;
    seen.add(fileName);
    for (const dep of chunks.get(fileName)?.imports ?? []) visit(dep);
  };
  for (const fileName of roots) visit(fileName);
  return [...seen];
}

/** What the boot's chunk grouping reads of a chunk: its name and modules too. */
export interface StageChunk extends GraphChunk {
  name: string;
  moduleIds: readonly string[];
}

/**
 * Each module of the boot and the stage that first needs it (the name of that stage's chunk):
 * the entry's dynamic imports in order, each with the files it imports that no earlier stage
 * (nor the entry) has, from a build without grouping. Grouped so, every stage is one file
 * holding exactly what that stage evaluated before, nothing of a later stage or of a page.
 */
export function bootStages(
  entry: StageChunk,
  chunks: ReadonlyMap<string, StageChunk>,
): Map<string, string> {
  const stageOf = new Map<string, string>();
  const claimed = new Set(bootGraph({ ...entry, dynamicImports: entry.imports }, chunks));
  claimed.add(entry.fileName);
  for (const stage of entry.dynamicImports) {
    const name = chunks.get(stage)?.name ?? 'stage';
    for (const file of bootGraph({ ...entry, dynamicImports: [stage] }, chunks)) {
      if (claimed.has(file)) continue;
      claimed.add(file);
      for (const id of chunks.get(file)?.moduleIds ?? []) stageOf.set(id, name);
    }
  }
  return stageOf;
}

/** Every file a first visit evaluates before its page: the entry and its stages'. */
function bootFiles(entry: GraphChunk, chunks: ReadonlyMap<string, GraphChunk>): Set<string> {
  return new Set([
    entry.fileName,
    ...bootGraph({ ...entry, dynamicImports: [...entry.imports, ...entry.dynamicImports] }, chunks),
  ]);
}

/** Every module a first visit evaluates before its page: the entry's and its stages'. */
export function bootModules(
  entry: StageChunk,
  chunks: ReadonlyMap<string, StageChunk>,
): Set<string> {
  return new Set([...bootFiles(entry, chunks)].flatMap((f) => chunks.get(f)?.moduleIds ?? []));
}

/**
 * A page's small shared chunks as one file per page: each module of `pages` (a group's name and
 * its page's modules) that the page's code beyond the boot has in a chunk of its own making (a
 * chunk Rolldown split off because other pages import it too, not a dynamic import's target),
 * unless the boot or a first visit's screens (`firstVisit`) need it, with the group's name. The
 * checkout's code came as ~55 files, half of them under 2 KiB (Chakra's box, grid, heading…):
 * six at a time over HTTP/1.1, each a round trip, before its first paint.
 */
export function pageGroups(
  entry: StageChunk,
  chunks: ReadonlyMap<string, StageChunk & PageChunk>,
  pages: Readonly<Record<string, readonly string[]>>,
  firstVisit: readonly string[],
): Map<string, string> {
  const boot = bootModules(entry, chunks);
  const loaded = bootFiles(entry, chunks);
  const graph = (modules: readonly string[]) => {
    const files = pageGraph(modules, chunks, loaded);
    if (files.length === 0) throw new Error(`page groups: no chunks for ${modules.join(', ')}`);
    return files.map((f) => chunks.get(f)).filter((c) => c !== undefined);
  };
  const apart = new Set(graph(firstVisit).flatMap((c) => c.moduleIds));
  const groupOf = new Map<string, string>();
  for (const [name, modules] of Object.entries(pages)) {
    for (const chunk of graph(modules)) {
      if (chunk.facadeModuleId) continue;
      for (const id of chunk.moduleIds) {
        if (!boot.has(id) && !apart.has(id) && !groupOf.has(id)) groupOf.set(id, name);
      }
    }
  }
  return groupOf;
}

/** The chunk of the page's script (index.html's: its facade is the page, its script `entryId`). */
function entryChunkOf(chunks: ReadonlyMap<string, StageChunk>, entryId: string) {
  return [...chunks.values()].find((c) => c.isEntry && c.moduleIds.includes(entryId));
}

/** Set in the build that only finds the boot's stages (no grouping in it). */
const PROBE = 'STOREFRONT_BOOT_CHUNKS_PROBE';

/**
 * The boot in one file per stage. Without grouping, Rolldown splits modules by the set of
 * entries and pages that import them: the boot came as ~30 files, most under 1 KiB (stores,
 * hooks, Chakra's button or stack), each a request of its own (six at a time on HTTP/1.1) and
 * compressed alone. Which modules each stage needs is known only after tree-shaking (the
 * pre-shaking graph reaches all of Chakra through its index), so the browser build first runs
 * once without grouping, writing nothing (`bootStages` reads its chunks), then for real with
 * one group per stage. Pages named in `pages` get their shared chunks grouped the same way
 * (`pageGroups`); other pages and what only they import are split as before.
 */
export function bootChunksPlugin({
  entry,
  pages = {},
  firstVisit = [],
}: {
  entry: string;
  /** A group's name and its page's modules: the page's shared chunks as one (`pageGroups`). */
  pages?: Readonly<Record<string, readonly string[]>>;
  /** The modules a first visit loads before any tap, which no page's group may take. */
  firstVisit?: readonly string[];
}): Plugin {
  let config: ResolvedConfig;
  let stageOf = new Map<string, string>();
  let ungrouped = new Set<string>();
  let groupOf = new Map<string, string>();
  // The modules of `pages` and `firstVisit` as the bundle names them (absolute paths).
  let pageModules: Record<string, string[]> = {};
  let firstVisitModules: string[] = [];
  return {
    name: 'storefront-boot-chunks',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild && !process.env[PROBE],
    config: () => ({
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  debugName: 'boot stages',
                  name: (id: string) => stageOf.get(id) ?? null,
                  // What a stage's modules import is in that stage or an earlier one (or the
                  // entry): nothing more to take along.
                  includeDependenciesRecursively: false,
                  priority: 2,
                },
                {
                  debugName: 'page groups',
                  name: (id: string) => groupOf.get(id) ?? null,
                  includeDependenciesRecursively: false,
                  priority: 1,
                },
              ],
            },
          },
        },
      },
    }),
    configResolved(resolved) {
      config = resolved;
      const resolveAll = (modules: readonly string[]) =>
        modules.map((m) => resolve(config.root, m));
      pageModules = Object.fromEntries(
        Object.entries(pages).map(([name, modules]) => [name, resolveAll(modules)]),
      );
      firstVisitModules = resolveAll(firstVisit);
    },
    async buildStart() {
      if (this.environment.config.consumer !== 'client') return;
      const entryId = resolve(config.root, entry);
      process.env[PROBE] = '1';
      let output: unknown;
      try {
        output = await build({
          configFile: config.configFile,
          root: config.root,
          mode: config.mode,
          logLevel: 'silent',
          build: { write: false, emptyOutDir: false },
        });
      } finally {
        delete process.env[PROBE];
      }
      const bundle = (Array.isArray(output) ? output[0] : output) as {
        output: { type: string }[];
      };
      const chunks = new Map<string, StageChunk & PageChunk>();
      for (const item of bundle.output) {
        if (item.type === 'chunk') chunks.set((item as OutputChunk).fileName, item as OutputChunk);
      }
      const entryChunk = entryChunkOf(chunks, entryId);
      if (!entryChunk) this.error(`boot chunks: no entry chunk for ${entryId} in the first build`);
      stageOf = bootStages(entryChunk, chunks);
      ungrouped = bootModules(entryChunk, chunks);
      groupOf = pageGroups(entryChunk, chunks, pageModules, firstVisitModules);
    },
    generateBundle(_options, bundle) {
      // The grouping must not bring into the boot what only a page needs (the forms, the
      // payment, the checkout): the boot evaluates the same modules as without it.
      const chunks = new Map<string, StageChunk & PageChunk>();
      for (const item of Object.values(bundle)) {
        if (item.type === 'chunk') chunks.set(item.fileName, item);
      }
      const entryChunk = entryChunkOf(chunks, resolve(config.root, entry));
      if (!entryChunk) return;
      const added = [...bootModules(entryChunk, chunks)].filter((id) => !ungrouped.has(id));
      if (added.length > 0) {
        this.error(`boot chunks: the grouped boot has modules it had not: ${added.join(', ')}`);
      }
      // Nor a page's group into a first visit: its screens load none of them.
      if (firstVisitModules.length === 0) return;
      const taken = pageGraph(firstVisitModules, chunks, new Set()).filter((f) =>
        Object.hasOwn(pages, chunks.get(f)?.name ?? ''),
      );
      if (taken.length > 0) {
        this.error(`boot chunks: a first visit would load a page's group: ${taken.join(', ')}`);
      }
    },
  };
}
