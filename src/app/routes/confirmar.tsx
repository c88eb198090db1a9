import { useSearchParams } from 'react-router-dom';
import { ConfirmEmailView } from '../../features/account/components/confirm-email-view';

/** Confirmar (spec §2, /validatemail?token=): the confirmation link of the sign-up mail. */
export function ConfirmarPage() {
  const [search] = useSearchParams();
  const token = search.get('token');
  return <ConfirmEmailView token={token?.trim() ? token.trim() : null} />;
}
