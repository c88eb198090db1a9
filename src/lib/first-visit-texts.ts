import type { Locale } from '#schemas/contract.ts';

/**
 * Each language's first-visit texts file (scripts/vite-plugin-first-visit-texts.ts): the texts
 * the home and event pages' code refers to. The entry sets them in a build; `vite dev` has
 * none and loads every text at once.
 */
const files = new Map<string, string>();

/** `list`: `pt-BR=/assets/texts-pt-BR-….js,es-ES=…`, as the build writes it into the entry. */
export function setFirstVisitTexts(list: string): void {
  for (const pair of list.split(',')) {
    const [locale, file] = pair.split('=');
    if (locale && file) files.set(locale, file);
  }
}

export function firstVisitTextsFile(locale: Locale): string | undefined {
  return files.get(locale);
}
