/**
 * Modules of plain data worked out at start (src/lib/shop-theme-data.ts: Chakra's theme without
 * what the shop never uses) are run once by the browser build, and their result takes their
 * place: the browser gets the data alone, not the libraries' modules it was taken from nor the
 * code that took it. The development server and the server's build run the module as written.
 */
import { isDeepStrictEqual } from 'node:util';
import { type Plugin, runnerImport } from 'vite';

/**
 * The code of a module exporting `values`, each as `JSON.parse('…')` (parsed faster than an
 * object literal of that size). Throws when a value is not plain data (a function, `undefined`,
 * a class instance): JSON would change it.
 */
export function frozenModuleCode(values: Record<string, unknown>): string {
  return Object.entries(values)
    .map(([name, value]) => {
      const json = JSON.stringify(value);
      if (json === undefined || !isDeepStrictEqual(JSON.parse(json), value)) {
        throw new Error(`the export ${name} is not plain data, it cannot be frozen`);
      }
      const literal = json.replaceAll('\\', '\\\\').replaceAll("'", "\\'");
      return `export const ${name} = /* @__PURE__ */ JSON.parse('${literal}');\n`;
    })
    .join('');
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `modules`: each module's path (from the project's root, as written in the importer's
 * resolved id) and the exports the browser's code takes from it. An export not listed is not in
 * the browser's module (an import of it fails the build).
 */
export function frozenModules(modules: Record<string, readonly string[]>): Plugin {
  return {
    name: 'storefront:frozen-modules',
    apply: 'build',
    load: {
      // Only these modules reach the hook (not every module of the build).
      filter: { id: new RegExp(`(${Object.keys(modules).map(escapeRegExp).join('|')})$`) },
      async handler(id) {
        if (this.environment.config.consumer !== 'client') return null;
        const file = id.split('?')[0]?.replaceAll('\\', '/') ?? '';
        const entry = Object.entries(modules).find(([path]) => file.endsWith(`/${path}`));
        if (!entry) return null;
        const { module } = await runnerImport<Record<string, unknown>>(file, {
          configFile: false,
          logLevel: 'error',
        });
        const [path, names] = entry;
        const values: Record<string, unknown> = {};
        for (const name of names) {
          if (!(name in module)) throw new Error(`${path} exports no ${name}`);
          values[name] = module[name];
        }
        return { code: frozenModuleCode(values), map: null };
      },
    },
  };
}
