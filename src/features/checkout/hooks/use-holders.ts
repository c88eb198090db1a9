import { useCallback, useState } from 'react';
import type { ApiErrorBody, PortadorDados, PortadorSalvo } from '#schemas/contract.ts';
import { rpc } from '#src/api/api.ts';
import { toErrorBody } from '#src/api/api-error.ts';
import { useAsync } from '#src/lib/use-async.ts';

export interface HoldersApi {
  /** The buyer and the holders used before (getPortadoresSalvos). */
  saved: PortadorSalvo[];
  savedError: ApiErrorBody | null;
  reloadSaved(): void;
  /** The ticket whose holder is being bound or removed, else null. */
  busy: number | null;
  /** The last refusal per ticket (shown beside it). */
  errors: Readonly<Record<number, ApiErrorBody>>;
  /**
   * Binds `portador` to ticket `iditem`; answers the refusal, or null when bound. `quiet`: the
   * caller shows the refusal itself (the holder form).
   */
  bind(
    iditem: number,
    portador: PortadorDados,
    o?: { quiet?: boolean },
  ): Promise<ApiErrorBody | null>;
  remove(iditem: number): Promise<void>;
}

/**
 * Binding and removing the holders of the held tickets: portadorSetItem and removeElevenWallet,
 * one at a time; after each change `onChanged` reloads the cart, whose items carry the holders.
 */
export function useHolders(onChanged: () => void): HoldersApi {
  const saved = useAsync(
    () => rpc('SuperIngressoWeb', 'getPortadoresSalvos', [], { display: 'inline' }),
    [],
  );
  const [busy, setBusy] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<number, ApiErrorBody>>({});
  const reloadSaved = saved.reload;

  const run = useCallback(
    async (iditem: number, call: () => Promise<unknown>, quiet: boolean) => {
      setBusy(iditem);
      try {
        await call();
        setErrors(({ [iditem]: _, ...rest }) => rest);
        onChanged();
        reloadSaved();
        return null;
      } catch (e) {
        const error = toErrorBody(e);
        if (!quiet) setErrors((all) => ({ ...all, [iditem]: error }));
        return error;
      } finally {
        setBusy(null);
      }
    },
    [onChanged, reloadSaved],
  );

  return {
    saved: saved.data?.portadores ?? [],
    savedError: saved.error,
    reloadSaved,
    busy,
    errors,
    bind: (iditem, portador, o) =>
      run(
        iditem,
        () => rpc('SuperIngresso', 'portadorSetItem', [iditem, portador], { display: 'inline' }),
        o?.quiet === true,
      ),
    remove: async (iditem) => {
      await run(
        iditem,
        () => rpc('SuperIngressoWeb', 'removeElevenWallet', [iditem], { display: 'inline' }),
        false,
      );
    },
  };
}
