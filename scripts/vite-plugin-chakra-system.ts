/**
 * Two build-time edits of Chakra's `createSystem` (styled-system/system.js), each failing the
 * build when Chakra's code no longer has its line, instead of silently doing nothing.
 *
 * 1. The global CSS is built when first used. `createSystem` built the page's global CSS (reset,
 *    keyframes and every token as a CSS variable, ~40 KB) as soon as it ran, before anything
 *    could render. A page the server rendered already carries that CSS, so the browser need not
 *    build it again (about a tenth of the main thread's work before the page responds on a
 *    phone): `_global` becomes a getter, built on first use (the server's render, or a page the
 *    browser renders itself); hydration never asks for it (src/lib/style-system-load.tsx gives
 *    Chakra's provider a system without global styles).
 * 2. A config already merged is not merged again. `createSystem(...configs)` starts with
 *    `mergeConfigs(...configs)`, a deep copy and a walk of every token, even for one config that
 *    is itself a merge: the storefront merges the brand's config in a task of its own
 *    (`brandSystemConfig`) so the start is two shorter tasks, and the second merge was about a
 *    third of the second task. A config marked by src/lib/merged-config-mark.ts is taken as it
 *    is (the marked object is the merge's own fresh copy, used once).
 * 3. A marked config's token dictionary can be built ahead. Building the tokens is two thirds of
 *    what is left of `createSystem`, ~70 ms in one task on a phone: `createSystem` gets a
 *    function (under a registered symbol, src/lib/merged-config-mark.ts `prebuildTokens`) that
 *    builds them from the config with Chakra's own statements and keeps them on it, and
 *    `createSystem` takes them from there. The browser calls it in a task before the one that
 *    builds the system.
 */
import type { Plugin } from 'vite';
import { MERGED_CONFIG, PREBUILD_TOKENS, PREBUILT_TOKENS } from '../src/lib/merged-config-mark.ts';

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

const symbol = (s: symbol) => `Symbol.for(${JSON.stringify(s.description)})`;

/** `createSystem`'s reading of its config and its building of the tokens, as Chakra writes them. */
const CONFIG_READ = /\n {2}const \{\n[\s\S]*?\n {2}\} = config;\n/;
const TOKENS_BUILT = /\n {2}const tokens = (createTokenDictionary\(\{\n[\s\S]*?\n {2}\}\));\n/;
const FUNCTION_END = '\nexport { createSystem';

/** Edit 3: the same statements, run ahead by a function `createSystem` carries. */
function prebuildableTokens(code: string, id: string): string {
  const read = CONFIG_READ.exec(code);
  const built = TOKENS_BUILT.exec(code);
  if (!read || !built || !code.includes(FUNCTION_END)) {
    throw new Error(
      `${id}: Chakra's code is not what scripts/vite-plugin-chakra-system.ts edits (createTokenDictionary)`,
    );
  }
  const prebuild = `createSystem[${symbol(PREBUILD_TOKENS)}] = (config) => {${read[0]}  Object.defineProperty(config, ${symbol(PREBUILT_TOKENS)}, { value: ${built[1]} });\n};\n`;
  return code
    .replace(built[0], `\n  const tokens = config[${symbol(PREBUILT_TOKENS)}] ?? ${built[1]};\n`)
    .replace(FUNCTION_END, `\n${prebuild}${FUNCTION_END}`);
}

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
  return prebuildableTokens(edited, id);
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
