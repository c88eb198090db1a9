import {
  type Conteudo,
  type ConteudoResumo,
  type Faq,
  type Locale,
  RestPath,
} from '#schemas/contract.ts';
import { restPreloadKey } from '#schemas/preload.ts';
import { fetchConteudo, fetchConteudos, fetchFaq } from '#src/api/rest.ts';
import { useCurrentLocale } from '#src/lib/locale.ts';
import { usePreloaded } from '#src/lib/preloaded.tsx';
import { type AsyncState, useAsync } from '#src/lib/use-async.ts';

/** The list of pages and pop-ups is the same for the whole visit: kept per language. */
const listCache = new Map<Locale, Promise<ConteudoResumo[]>>();

function loadList(locale: Locale, preloaded?: ConteudoResumo[]): Promise<ConteudoResumo[]> {
  let p = listCache.get(locale);
  if (!p) {
    p = preloaded ? Promise.resolve(preloaded) : fetchConteudos();
    p.catch(() => listCache.delete(locale));
    // The server renders many visitors' pages with one module: keep nothing there.
    if (typeof window !== 'undefined') listCache.set(locale, p);
  }
  return p;
}

const always = () => true;

/** Every content page and the pop-ups in force (a server-rendered page comes with them). */
export function useConteudos(): AsyncState<ConteudoResumo[]> {
  const locale = useCurrentLocale();
  const data = usePreloaded<ConteudoResumo[]>(restPreloadKey(locale, RestPath.conteudos));
  return useAsync(() => loadList(locale, data), [locale], { data, keep: always });
}

/** One page or pop-up; `null` asks nothing. */
export function useConteudo(id: string | null): AsyncState<Conteudo> {
  const locale = useCurrentLocale();
  const data = usePreloaded<Conteudo>(
    id === null ? null : restPreloadKey(locale, RestPath.conteudo(id)),
  );
  return useAsync(id === null ? null : () => fetchConteudo(id), [locale, id], {
    data,
    keep: always,
  });
}

/** The FAQ; `false` asks nothing. */
export function useFaq(wanted: boolean): AsyncState<Faq> {
  const locale = useCurrentLocale();
  const data = usePreloaded<Faq>(wanted ? restPreloadKey(locale, RestPath.faq) : null);
  return useAsync(wanted ? () => fetchFaq() : null, [locale, wanted], { data, keep: always });
}
