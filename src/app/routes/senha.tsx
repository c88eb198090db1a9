import { useSearchParams } from 'react-router-dom';
import { ResetPasswordView } from '../../features/account/components/reset-password-view';

/** Senha (spec §2, /redefinirsenha?token=): a new password from the mailed link. */
export function SenhaPage() {
  const [search] = useSearchParams();
  const token = search.get('token');
  return <ResetPasswordView key={token ?? ''} token={token?.trim() ? token.trim() : null} />;
}
