import { useEffect, useMemo, useRef, useState } from 'react';
import { cleanCep } from '#schemas/formats/cep.ts';
import { fetchCep, fetchCidades, fetchEstados } from '#src/api/rest.ts';
import type { FieldSuggestion } from '#src/components/forms/widgets.tsx';
import { useCurrentLocale } from '#src/lib/locale.ts';
import type { ProfileData } from '../account-body';
import { cepPatch } from '../address';
import { createDebouncedLookup, type DebouncedLookup } from '../debounced-lookup';

/** Spec §7: "Lookups are delayed 1 s". */
export const ADDRESS_LOOKUP_DELAY_MS = 1000;

export type CepStatus = 'idle' | 'searching' | 'found' | 'notFound';

function useLookup<T, R>(
  value: T | null,
  lookup: (value: T, signal: AbortSignal) => Promise<R>,
  onResult: (value: T, result: R | null) => void,
  onStart?: (value: T) => void,
) {
  const latest = useRef({ lookup, onResult, onStart });
  latest.current = { lookup, onResult, onStart };
  const ref = useRef<DebouncedLookup<T> | null>(null);
  if (ref.current === null) {
    ref.current = createDebouncedLookup<T, R>({
      delayMs: ADDRESS_LOOKUP_DELAY_MS,
      lookup: (v, s) => latest.current.lookup(v, s),
      onResult: (v, r) => latest.current.onResult(v, r),
      onStart: (v) => latest.current.onStart?.(v),
    });
  }
  useEffect(() => {
    ref.current?.push(value);
  }, [value]);
  useEffect(() => () => ref.current?.cancel(), []);
}

/**
 * The profile's address lookups (spec §7 "External lookups"), each 1 s after the typing stopped:
 * a Brazilian CEP fills street, district, city and state (GET ws/{cep}/json/); the country's
 * states and the state's cities (BuscaEnderecos) become suggestions of those fields. Fields stay
 * free text: when a lookup fails or the service is missing, the person types the address.
 *
 * `initialCep` is the stored CEP: loading the profile does not overwrite its stored address.
 */
export function useAddressLookup(
  data: ProfileData,
  initialCep: string | undefined,
  fill: (patch: ProfileData) => void,
) {
  const locale = useCurrentLocale();
  const [cepStatus, setCepStatus] = useState<CepStatus>('idle');
  const [estados, setEstados] = useState<{ pais: string; list: FieldSuggestion[] } | null>(null);
  const [cidades, setCidades] = useState<{ estado: string; list: FieldSuggestion[] } | null>(null);

  const pais =
    typeof data.end_pais === 'string' && /^[A-Z]{2}$/.test(data.end_pais) ? data.end_pais : null;
  const digits = cleanCep(data.end_cep ?? '');
  const stored = cleanCep(initialCep ?? '');
  const cep =
    digits.length === 8 && (pais === null || pais === 'BR') && digits !== stored ? digits : null;
  const estado = data.end_estado?.trim() ? data.end_estado.trim() : null;

  useLookup<string, Awaited<ReturnType<typeof fetchCep>>>(
    cep,
    (v, signal) => fetchCep(v, { display: 'inline', signal }),
    (_v, result) => {
      if (result === null) {
        setCepStatus('idle');
        return;
      }
      const patch = cepPatch(result);
      setCepStatus(patch ? 'found' : 'notFound');
      if (patch) fill(patch);
    },
    () => setCepStatus('searching'),
  );
  useEffect(() => {
    if (cep === null) setCepStatus('idle');
  }, [cep]);

  const paisKey = pais ? `${pais}|${locale}` : null;
  useLookup<string, Awaited<ReturnType<typeof fetchEstados>>>(
    paisKey,
    (key, signal) => fetchEstados(key.split('|')[0] ?? '', { display: 'inline', signal }),
    (key, list) =>
      setEstados({
        pais: key.split('|')[0] ?? '',
        list: (list ?? []).map((s) => ({ value: s.sigla, label: s.nome })),
      }),
  );

  useLookup<string, Awaited<ReturnType<typeof fetchCidades>>>(
    estado,
    (v, signal) => fetchCidades(v, { display: 'inline', signal }),
    (v, list) => setCidades({ estado: v, list: (list ?? []).map((c) => ({ value: c.nome })) }),
  );

  const suggestions = useMemo(
    () => ({
      end_estado: estados && estados.pais === pais ? estados.list : [],
      end_cidade: cidades && cidades.estado === estado ? cidades.list : [],
    }),
    [estados, cidades, pais, estado],
  );
  return { suggestions, cepStatus };
}
