import { useCallback, useRef, useState } from 'react';
import type { ApiErrorBody, CadastroCriadoResult } from '#schemas/contract.ts';
import { toErrorBody } from '#src/api/api-error.ts';
import { fetchLoginProviders, postCadastro } from '#src/api/rest.ts';
import { useBrand } from '#src/lib/brand-context.tsx';
import { startSession } from '#src/lib/session-store.ts';
import { bumpCart } from '#src/lib/ui-stores.ts';
import { useAsync } from '#src/lib/use-async.ts';
import { type SignUpData, toCadastroBody } from '../account-body';

/** Spec §9 "autologin waits 1 s": the success message shows before the session starts. */
export const AUTOLOGIN_DELAY_MS = 1000;

/** The id of the local login (POST cadastro/{id} takes the same id as POST login/{id}). */
export function useLocalLoginId() {
  return useAsync(
    (signal) =>
      fetchLoginProviders(window.location.origin).then((list) => {
        if (signal.aborted) return null;
        return list.find((p) => p.tipo === 'local')?.id ?? null;
      }),
    [],
  );
}

/**
 * Sends the registration (or agency) form to POST cadastro/{loginId}; on success keeps the
 * answer (the modal shows "Cadastro realizado com sucesso!") and, after
 * {@link AUTOLOGIN_DELAY_MS}, calls `onLoggedIn` (close the modal, go on with the action that
 * asked for a login). The session itself starts at once: the answer's Authorization header has
 * already given the API client the token (spec §4), and a token without its person would show
 * a nameless greeting for that second.
 */
export function useSignUp(kind: 'person' | 'agency') {
  const brand = useBrand();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ApiErrorBody | null>(null);
  const [created, setCreated] = useState<CadastroCriadoResult | null>(null);
  const sending = useRef(false);

  const signUp = useCallback(
    async (loginId: number, data: SignUpData, onLoggedIn: (r: CadastroCriadoResult) => void) => {
      if (sending.current) return;
      sending.current = true;
      setPending(true);
      setError(null);
      try {
        const agency = kind === 'agency' ? brand.regrasDoNegocio : null;
        const result = await postCadastro(loginId, toCadastroBody(data, agency), {
          display: 'inline',
        });
        startSession(result.access_token, result.pessoa);
        bumpCart();
        setCreated(result);
        window.setTimeout(() => onLoggedIn(result), AUTOLOGIN_DELAY_MS);
      } catch (e) {
        setError(toErrorBody(e));
      } finally {
        sending.current = false;
        setPending(false);
      }
    },
    [brand, kind],
  );

  const reset = useCallback(() => {
    setCreated(null);
    setError(null);
  }, []);

  return { signUp, pending, error, created, reset };
}
