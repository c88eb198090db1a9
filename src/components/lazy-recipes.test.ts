import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The components whose recipe is not in the shop's system (src/lib/brand-system.ts): taken
 * from Chakra directly they would render unstyled. Each has its wrapper in src/components.
 */
const WRAPPED: Record<string, string> = {
  Dialog: 'dialog.tsx',
  Menu: 'menu.tsx',
  Toast: 'toast.tsx',
  Field: 'field.tsx',
  NativeSelect: 'native-select.tsx',
  DataList: 'data-list.tsx',
  EmptyState: 'empty-state.tsx',
};

const src = join(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('components whose recipe the system leaves out', () => {
  it('are taken from their wrapper, never from Chakra directly', () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(src)) {
      const code = readFileSync(file, 'utf8');
      for (const [, names] of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g)) {
        for (const name of (names ?? '').split(',').map((n) => n.trim().split(/\s+as\s+/)[0])) {
          const wrapper = name ? WRAPPED[name] : undefined;
          if (wrapper && relative(src, file) !== `components/${wrapper}`) {
            offenders.push(`${relative(src, file)}: ${name}`);
          }
        }
      }
    }
    expect(offenders).toEqual([]);
  });
});
