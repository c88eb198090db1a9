import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The import graph's boundaries that biome cannot express (its noRestrictedImports reads the
 * specifier only, not the file it names), read from the source files themselves:
 * - a feature (src/features/<name>) imports no other feature: what two features share lives in
 *   src/components/ or src/lib/;
 * - src/api/ imports no feature.
 * Each failure names the importing file and the import. biome.json keeps the rest: no cycle
 * (suspicious/noImportCycles, type imports included), no import climbing more than two folders
 * (style/noRestrictedImports; farther modules are #src/…, #server/…, #schemas/…, #machines/…).
 */

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const FOLDERS = ['src', 'server', 'schemas', 'machines', 'scripts', 'tests'];
const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
const RESOLVE_EXTENSIONS = [
  '',
  '.ts',
  '.tsx',
  '.d.ts',
  '.mts',
  '.mjs',
  '.js',
  '/index.ts',
  '/index.tsx',
];
/** package.json "imports": the one list of aliases. */
const ALIASES = Object.entries(
  (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).imports ?? {}) as Record<
    string,
    string
  >,
).map(([alias, target]) => [
  alias.replace(/\*$/, ''),
  target.replace(/^\.\//, '').replace(/\*$/, ''),
]);

interface Import {
  file: string;
  line: number;
  specifier: string;
  target: string | null;
}

function sourceFiles(folder: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (SOURCE.test(name) && !name.endsWith('.d.ts')) out.push(path);
    }
  };
  if (existsSync(folder)) walk(folder);
  return out;
}

/** `import … from 'x'`, `export … from 'x'`, `import 'x'`, `import('x')`, `vi.mock('x')`. */
const SPECIFIER =
  /(?:\b(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?|\bimport\s*\(\s*|\bvi\.(?:mock|doMock|importActual)\s*\(\s*)['"]([^'"\n]+)['"]/g;

function resolveSpecifier(from: string, specifier: string): string | null {
  let base: string | null = null;
  if (specifier.startsWith('.')) base = resolve(dirname(from), specifier);
  for (const [alias, target] of ALIASES) {
    if (specifier.startsWith(alias)) base = join(ROOT, target, specifier.slice(alias.length));
  }
  if (base === null) return null;
  for (const ext of RESOLVE_EXTENSIONS) {
    const path = base + ext;
    if (existsSync(path) && statSync(path).isFile()) return relative(ROOT, path);
  }
  return null;
}

function readImports(): Import[] {
  const imports: Import[] = [];
  for (const folder of FOLDERS) {
    for (const path of sourceFiles(join(ROOT, folder))) {
      const text = readFileSync(path, 'utf8');
      for (const match of text.matchAll(SPECIFIER)) {
        const specifier = match[1] as string;
        imports.push({
          file: relative(ROOT, path),
          line: text.slice(0, match.index).split('\n').length,
          specifier,
          target: resolveSpecifier(path, specifier),
        });
      }
    }
  }
  return imports;
}

const featureOf = (file: string) => /^src\/features\/([^/]+)\//.exec(file)?.[1];
const where = ({ file, line, specifier }: Import) => `${file}:${line} imports '${specifier}'`;

describe('the import graph', () => {
  const imports = readImports();

  it('reads the imports it checks', () => {
    expect(imports.length).toBeGreaterThan(1000);
    const unresolved = imports.filter(
      (i) => i.target === null && (i.specifier.startsWith('.') || i.specifier.startsWith('#')),
    );
    expect(unresolved.map(where)).toEqual([]);
  });

  it('keeps each feature from importing another', () => {
    const crossing = imports.filter((i) => {
      const from = featureOf(i.file);
      const to = i.target === null ? undefined : featureOf(i.target);
      return from !== undefined && to !== undefined && from !== to;
    });
    expect(crossing.map(where)).toEqual([]);
  });

  it('keeps src/api/ from importing features', () => {
    const upward = imports.filter(
      (i) => i.file.startsWith('src/api/') && i.target?.startsWith('src/features/'),
    );
    expect(upward.map(where)).toEqual([]);
  });
});
