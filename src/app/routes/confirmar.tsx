import { useSearchParams } from 'react-router-dom';
import { LoadingState } from '../../components/loading-state';
import { ConfirmEmailView } from '../../features/account/components/confirm-email-view';
import { useHydrated } from '../../lib/use-hydrated';

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
