import { useSearchParams } from 'react-router-dom';
import { LoadingState } from '#src/components/loading-state.tsx';
import { ConfirmEmailView } from '#src/features/account/components/confirm-email-view.tsx';
import { useHydrated } from '#src/lib/use-hydrated.ts';

/**
 * Confirmar (spec §2, /validatemail?token=): the confirmation link of the sign-up mail. The
 * server renders a path without its query: the loading frame, hydrated as it is, then the
 * link's outcome.
 */
export function ConfirmarPage() {
  const [search] = useSearchParams();
  const hydrated = useHydrated();
  const token = search.get('token');
  if (!hydrated) return <LoadingState page />;
  return <ConfirmEmailView token={token?.trim() ? token.trim() : null} />;
}
