import type {
  ApresentacaoResumo,
  Evento,
  GetApresentacoesResult,
  GetProdutosResult,
  Locale,
} from '../../../../schemas/contract';
import { rpc } from '../../../api/api';
import { useCurrentLocale } from '../../../lib/locale';
import { type AsyncState, useAsync } from '../../../lib/use-async';

/**
 * The catalogue is the same for everyone and changes rarely: the event list is kept per
 * language for the visit so going home and back does not refetch it.
 */
const eventsCache = new Map<Locale, Promise<Evento[]>>();

function loadEvents(locale: Locale): Promise<Evento[]> {
  let p = eventsCache.get(locale);
  if (!p) {
    p = rpc('SuperIngresso', 'getEventos', []);
    p.catch(() => eventsCache.delete(locale));
    eventsCache.set(locale, p);
  }
  return p;
}

export function useEventos(): AsyncState<Evento[]> {
  const locale = useCurrentLocale();
  return useAsync(() => loadEvents(locale), [locale]);
}

export function useEvento(idevento: number): AsyncState<Evento | null> {
  const locale = useCurrentLocale();
  return useAsync(
    () => loadEvents(locale).then((list) => list.find((e) => e.idevento === idevento) ?? null),
    [locale, idevento],
  );
}

/** The event's days; `null` (an event not known, or not yet) asks nothing. */
export function useApresentacoes(idevento: number | null): AsyncState<GetApresentacoesResult> {
  const locale = useCurrentLocale();
  return useAsync(
    idevento === null ? null : () => rpc('SuperIngresso', 'getApresentacoes', [idevento]),
    [locale, idevento],
  );
}

export function useHorarios(
  idevento: number,
  dia: string | null,
): AsyncState<ApresentacaoResumo[]> {
  const locale = useCurrentLocale();
  return useAsync(
    dia ? () => rpc('SuperIngresso', 'getApresentacoesHorarios', [idevento, dia]) : null,
    [locale, idevento, dia],
  );
}

export function useProdutos(idapresentacao: number | null): AsyncState<GetProdutosResult> {
  const locale = useCurrentLocale();
  return useAsync(
    idapresentacao !== null ? () => rpc('SuperIngresso', 'getProdutos', [idapresentacao]) : null,
    [locale, idapresentacao],
  );
}
