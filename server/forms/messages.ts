/**
 * Texts of the form messages (`form.*` in locales/) on the server. Form messages take plain
 * arguments only (`{limit}`), so no ICU formatter is needed here.
 */
import { readFileSync } from 'node:fs';
import { LOCALES, type Locale } from '#schemas/contract.ts';

let catalogues: Map<Locale, Record<string, string>> | undefined;

/** Every locale's messages, read once. */
export function localeMessages(): Map<Locale, Record<string, string>> {
  catalogues ??= new Map(
    LOCALES.map((l) => {
      const file = new URL(`../../locales/${l}.json`, import.meta.url);
      return [l, JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>] as const;
    }),
  );
  return catalogues;
}

/** The text of `id` in `locale` (then pt-BR, then the id itself), with `{name}` filled in. */
export function formText(
  locale: Locale,
  id: string,
  values: Record<string, string | number> = {},
): string {
  const all = localeMessages();
  const text = all.get(locale)?.[id] ?? all.get('pt-BR')?.[id] ?? id;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
