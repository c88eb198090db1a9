import type {
  Apresentacao,
  ApresentacaoResumo,
  Evento,
  GetApresentacoesResult,
  GetProdutosResult,
  Locale,
} from '#schemas/contract.ts';
import { preloadKey } from '#schemas/preload.ts';
import { rpc } from '#src/api/api.ts';
import { useCurrentLocale } from '#src/lib/locale.ts';
import { usePreloaded } from '#src/lib/preloaded.tsx';
import { getToken } from '#src/lib/session-store.ts';
import { type AsyncState, useAsync } from '#src/lib/use-async.ts';

/**
 * The catalogue is the same for everyone and changes rarely: the event list is kept per
 * language for the visit so going home and back does not refetch it.
 */
const eventsCache = new Map<Locale, Promise<Evento[]>>();

/** The list a server-rendered page came with becomes the visit's list (no second fetch). */
function seedEvents(locale: Locale, list: Evento[]): void {
  // Only in the browser: the server renders many visitors' pages with one module.
  if (typeof window !== 'undefined' && !eventsCache.has(locale))
    eventsCache.set(locale, Promise.resolve(list));
}

function loadEvents(locale: Locale): Promise<Evento[]> {
  let p = eventsCache.get(locale);
  if (!p) {
    p = rpc('SuperIngresso', 'getEventos', []);
    p.catch(() => eventsCache.delete(locale));
    eventsCache.set(locale, p);
  }
  return p;
}

/**
 * The answer a server-rendered page came with for this call. The server renders for a visitor
 * who is not logged in; a logged-in person (an agency sees other products) asks again after
 * the first render, which still shows the server's answer so hydration matches.
 */
function useFirstAnswer<T>(key: string | null): { data: T | undefined; keep(): boolean } {
  const data = usePreloaded<T>(key);
  return { data, keep: anonymous };
}

const anonymous = () => getToken() === null;

export function useEventos(): AsyncState<Evento[]> {
  const locale = useCurrentLocale();
  const first = useFirstAnswer<Evento[]>(preloadKey(locale, 'getEventos', []));
  if (first.data && anonymous()) seedEvents(locale, first.data);
  return useAsync(() => loadEvents(locale), [locale], first);
}

export function useEvento(idevento: number): AsyncState<Evento | null> {
  const locale = useCurrentLocale();
  const first = useFirstAnswer<Evento[]>(preloadKey(locale, 'getEventos', []));
  if (first.data && anonymous()) seedEvents(locale, first.data);
  const find = (list: Evento[]) => list.find((e) => e.idevento === idevento) ?? null;
  return useAsync(() => loadEvents(locale).then(find), [locale, idevento], {
    data: first.data && find(first.data),
    keep: first.keep,
  });
}

/** The event's days; `null` (an event not known, or not yet) asks nothing. */
export function useApresentacoes(idevento: number | null): AsyncState<GetApresentacoesResult> {
  const locale = useCurrentLocale();
  const first = useFirstAnswer<GetApresentacoesResult>(
    idevento === null ? null : preloadKey(locale, 'getApresentacoes', [idevento]),
  );
  return useAsync(
    idevento === null ? null : () => rpc('SuperIngresso', 'getApresentacoes', [idevento]),
    [locale, idevento],
    first,
  );
}

export function useHorarios(
  idevento: number,
  dia: string | null,
): AsyncState<ApresentacaoResumo[]> {
  const locale = useCurrentLocale();
  const first = useFirstAnswer<ApresentacaoResumo[]>(
    dia ? preloadKey(locale, 'getApresentacoesHorarios', [idevento, dia]) : null,
  );
  return useAsync(
    dia ? () => rpc('SuperIngresso', 'getApresentacoesHorarios', [idevento, dia]) : null,
    [locale, idevento, dia],
    first,
  );
}

/**
 * The products of a session (of one block, for an event with blocks); `null` asks nothing (no
 * session picked, or no block yet).
 */
export function useProdutos(
  idapresentacao: number | null,
  idbloco: number | null = null,
): AsyncState<GetProdutosResult> {
  const locale = useCurrentLocale();
  return useAsync(
    idapresentacao !== null
      ? () =>
          rpc(
            'SuperIngresso',
            'getProdutos',
            idbloco === null ? [idapresentacao] : [idapresentacao, idbloco],
          )
      : null,
    [locale, idapresentacao, idbloco],
  );
}

/** One session with its blocks (events with blocks); `null` asks nothing. */
export function useApresentacao(idapresentacao: number | null): AsyncState<Apresentacao> {
  const locale = useCurrentLocale();
  return useAsync(
    idapresentacao !== null
      ? () => rpc('SuperIngresso', 'getApresentacao', [idapresentacao])
      : null,
    [locale, idapresentacao],
  );
}
