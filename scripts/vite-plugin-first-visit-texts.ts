import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';
import { LOCALES } from '../schemas/contract.ts';
import { isServerOnlyMessage } from '../schemas/server-messages.ts';
import { bootGraph, type GraphChunk } from './vite-plugin-boot-graph.ts';

/** The string in src/entry.ts the build replaces with each language's first-visit texts file. */
export const FIRST_VISIT_TEXTS_PLACEHOLDER = '__FIRST_VISIT_TEXTS__';

/** The browser's messages of one locale file, parsed (ICU → AST); the server's own left out. */
export function compileMessages(json: string): Record<string, unknown> {
  const messages = JSON.parse(json) as Record<string, string>;
  return Object.fromEntries(
    Object.entries(messages)
      .filter(([key]) => !isServerOnlyMessage(key))
      .map(([key, text]) => [key, parse(text)]),
  );
}

/** What the plugin reads of a chunk: the boot graph's fields and the module it stands for. */
export interface TextsChunk extends GraphChunk {
  facadeModuleId: string | null;
}

/**
 * The files of a first visit: the boot (what the entry imports, src/entry.ts) and the screens
 * a first visit shows without a tap (`screens`, source paths), each with what it imports.
 */
export function firstVisitChunks(
  chunks: ReadonlyMap<string, TextsChunk>,
  screens: readonly string[],
): TextsChunk[] {
  const picked = new Set<string>();
  const visit = (fileName: string) => {
    if (picked.has(fileName)) return;
    picked.add(fileName);
    for (const dep of chunks.get(fileName)?.imports ?? []) visit(dep);
  };
  for (const chunk of chunks.values()) {
    if (chunk.isEntry) {
      visit(chunk.fileName);
      for (const fileName of bootGraph(chunk, chunks)) visit(fileName);
    }
    const facade = chunk.facadeModuleId?.replaceAll('\\', '/') ?? '';
    if (screens.some((screen) => facade.endsWith(`/${screen}`))) visit(chunk.fileName);
  }
  return [...picked].flatMap((fileName) => chunks.get(fileName) ?? []);
}

/**
 * The message ids a piece of code may ask for: every id written in it, and every id under a
 * prefix it writes (`error.` of `error.${code}`, or `trail.days` of `${'trail.days'}.${n}`).
 * Reading more than the code needs only costs bytes; an id it misses is shown once the whole
 * set has loaded (src/lib/locale.ts).
 */
export function referencedIds(code: string, ids: readonly string[]): Set<string> {
  const known = new Set(ids);
  const found = new Set<string>();
  const prefixes = new Set<string>();
  for (const [token] of code.matchAll(/[A-Za-z][\w-]*(?:(?:\.[\w-]+)+\.?|\.)/g)) {
    if (known.has(token)) found.add(token);
    prefixes.add(token.endsWith('.') ? token : `${token}.`);
  }
  for (const id of ids) {
    for (let dot = id.lastIndexOf('.'); dot > 0; dot = id.lastIndexOf('.', dot - 1)) {
      if (prefixes.has(id.slice(0, dot + 1))) {
        found.add(id);
        break;
      }
    }
  }
  return found;
}

/**
 * A first visit (home, an event page) needs a fifth of the shop's texts: the rest belong to
 * the checkout, the forms, the orders, the e-mails' pages. This plugin writes, per language,
 * the texts the first visit's code refers to into a file of their own, and gives the entry
 * their addresses; src/lib/locale.ts renders the first screen with them and loads the whole
 * set for every other screen (before its code renders) or at the visitor's first touch.
 *
 * The addresses are written into the entry chunk: its name changes with any chunk it imports,
 * so a browser never keeps an entry that points at a file of an older build.
 */
export function firstVisitTextsPlugin(options: { localesDir: string; screens: string[] }): Plugin {
  return {
    name: 'storefront-first-visit-texts',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      if (this.environment.config.consumer !== 'client') return;
      const chunks = new Map<string, TextsChunk>();
      for (const item of Object.values(bundle)) {
        if (item.type === 'chunk') chunks.set(item.fileName, item);
      }
      const entry = [...chunks.values()].find((c) =>
        c.code.includes(FIRST_VISIT_TEXTS_PLACEHOLDER),
      );
      if (!entry) return;
      const code = firstVisitChunks(chunks, options.screens)
        .filter((chunk) => !/[\\/]locales[\\/]/.test(chunk.facadeModuleId ?? ''))
        .map((chunk) => chunk.code)
        .join('\n');
      const files: string[] = [];
      for (const locale of LOCALES) {
        const all = compileMessages(
          readFileSync(join(options.localesDir, `${locale}.json`), 'utf8'),
        );
        const ids = referencedIds(code, Object.keys(all));
        const picked = Object.fromEntries(Object.entries(all).filter(([id]) => ids.has(id)));
        const source = `export default JSON.parse(${JSON.stringify(JSON.stringify(picked))});\n`;
        const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
        const fileName = `assets/texts-${locale}-${hash}.js`;
        this.emitFile({ type: 'asset', fileName, source });
        files.push(`${locale}=/${fileName}`);
      }
      entry.code = entry.code.replaceAll(FIRST_VISIT_TEXTS_PLACEHOLDER, files.join(','));
    },
  };
}
