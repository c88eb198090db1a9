import { useSearchParams } from 'react-router-dom';
import { LoadingState } from '#src/components/loading-state.tsx';
import { ResetPasswordView } from '#src/features/account/components/reset-password-view.tsx';
import { useHydrated } from '#src/lib/use-hydrated.ts';

/**
 * Senha (spec §2, /redefinirsenha?token=): a new password from the mailed link. The server
 * renders a path without its query, so it cannot know the token: it renders the loading frame,
 * which the browser hydrates before showing the form (or the missing-token notice).
 */
export function SenhaPage() {
  const [search] = useSearchParams();
  const hydrated = useHydrated();
  const token = search.get('token');
  if (!hydrated) return <LoadingState page />;
  return <ResetPasswordView key={token ?? ''} token={token?.trim() ? token.trim() : null} />;
}
