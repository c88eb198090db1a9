/**
 * Two build-time edits of Chakra's `createSystem` (styled-system/system.js), each failing the
 * build when Chakra's code no longer has its line, instead of silently doing nothing.
 *
 * 1. The global CSS is built when first used. `createSystem` built the page's global CSS (reset,
 *    keyframes and every token as a CSS variable, ~40 KB) as soon as it ran, before anything
 *    could render. A page the server rendered already carries that CSS, so the browser need not
 *    build it again (about a tenth of the main thread's work before the page responds on a
 *    phone): `_global` becomes a getter, built on first use (the server's render, or a page the
 *    browser renders itself), and src/lib/brand-system.ts `reuseServerGlobalStyles` gives
 *    hydration an empty one instead.
 * 2. A config already merged is not merged again. `createSystem(...configs)` starts with
 *    `mergeConfigs(...configs)`, a deep copy and a walk of every token, even for one config that
 *    is itself a merge: the storefront merges the brand's config in a task of its own
 *    (`brandSystemConfig`) so the start is two shorter tasks, and the second merge was about a
 *    third of the second task. A config marked by src/lib/merged-config-mark.ts is taken as it
 *    is (the marked object is the merge's own fresh copy, used once).
 */
import type { Plugin } from 'vite';
import { MERGED_CONFIG } from '../src/lib/merged-config-mark.ts';

const SYSTEM_FILE = /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/;

const EDITS: ReadonlyArray<{ from: string; to: string }> = [
  {
    from: 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];',
    to: 'let _globalCss;\n  const lazyGlobal = () => (_globalCss ??= [getPreflightCss(), getGlobalCss(), getTokenCss()]);',
  },
  { from: '    _global,\n', to: '    get _global() {\n      return lazyGlobal();\n    },\n' },
  {
    from: '  const config = mergeConfigs(...configs);',
    to: `  const config = configs.length === 1 && configs[0]?.[Symbol.for(${JSON.stringify(
      MERGED_CONFIG.description,
    )})] ? configs[0] : mergeConfigs(...configs);`,
  },
];

/** The edited code of `id`, or null when it is not Chakra's system.js. Throws when its code is not as expected. */
export function editChakraSystem(code: string, id: string): string | null {
  if (!SYSTEM_FILE.test(id)) return null;
  let edited = code;
  for (const { from, to } of EDITS) {
    if (!edited.includes(from)) {
      throw new Error(
        `${id}: Chakra's code is not what scripts/vite-plugin-chakra-system.ts edits (${from.trim()})`,
      );
    }
    edited = edited.replace(from, to);
  }
  return edited;
}

export function chakraSystem(): Plugin {
  return {
    name: 'storefront:chakra-system',
    transform(code, id) {
      const edited = editChakraSystem(code, id);
      return edited === null ? null : { code: edited, map: null };
    },
  };
}
