import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router-dom';
import type { SessaoPessoa } from '#schemas/contract.ts';
import { fetchPessoaWithToken } from '#src/api/rest.ts';
import { notify } from '#src/components/notify.ts';
import { clearReturnTarget } from '#src/lib/return-target.ts';
import { startSession } from '#src/lib/session-store.ts';
import { bumpCart, openTerms } from '#src/lib/ui-stores.ts';
import { logout } from '../logout';

/** `?login_error=` codes the server sends back from an identity provider (server/oidc/routes.ts). */
const LOGIN_ERRORS = [
  'denied',
  'email',
  'emailTaken',
  'expired',
  'failed',
  'state',
  'unavailable',
] as const;
type LoginError = (typeof LOGIN_ERRORS)[number];

const isLoginError = (v: string): v is LoginError =>
  (LOGIN_ERRORS as readonly string[]).includes(v);

/** Options of {@link useAccessTokenReturn}. */
export interface AccessTokenReturnOptions {
  /** False where the page is about to be replaced (the language redirect keeps the query). */
  enabled?: boolean;
  /** Runs after the session started (e.g. the stored post-login route). */
  onLoggedIn?: (pessoa: SessaoPessoa) => void;
}

/**
 * The return from an identity provider (spec §2 `access_token`): on a page with
 * `?access_token=`, the token is checked by reading the person with it (GET
 * pessoa/cadastro/dados), then becomes the session and a welcome is shown, after the terms of use
 * when the person has not accepted the ones in force (declining logs out); `?login_error=` shows
 * why the provider login failed. Both leave the address at once (replace, through the router),
 * so the token stays out of history, bookmarks and shared links.
 */
export function useAccessTokenReturn({
  enabled = true,
  onLoggedIn,
}: AccessTokenReturnOptions = {}): void {
  const intl = useIntl();
  const location = useLocation();
  const navigate = useNavigate();
  // StrictMode runs the effect twice before the address changes: handle a query once.
  const handled = useRef<string | null>(null);
  const latest = useRef(onLoggedIn);
  latest.current = onLoggedIn;

  useEffect(() => {
    if (!enabled || handled.current === location.search) return;
    const params = new URLSearchParams(location.search);
    const token = params.get('access_token');
    const error = params.get('login_error');
    if (token === null && error === null) return;
    handled.current = location.search;
    params.delete('access_token');
    params.delete('login_error');
    const rest = params.toString();
    navigate(
      { pathname: location.pathname, search: rest ? `?${rest}` : '', hash: location.hash },
      { replace: true },
    );

    if (error !== null) {
      // The provider login is over: the target stored for its return must not linger.
      clearReturnTarget();
      const code: LoginError = isLoginError(error) ? error : 'failed';
      notify({
        type: 'error',
        description: intl.formatMessage({ id: `login.providerError.${code}` }),
      });
    }
    if (!token) return;
    const welcome = (pessoa: SessaoPessoa) => {
      bumpCart();
      notify({
        type: 'success',
        description: intl.formatMessage({ id: 'login.welcome' }, { nome: pessoa.nome }),
      });
      latest.current?.(pessoa);
    };
    fetchPessoaWithToken(token).then(
      ({ pessoa, cadastro }) => {
        startSession(token, pessoa);
        if (cadastro.termos) {
          welcome(pessoa);
          return;
        }
        // A first login through the provider (or a term published since the last one): the
        // login goes on only once the term is accepted (spec §4); declining ends the session.
        openTerms(undefined, (accepted) => {
          if (accepted) {
            welcome(pessoa);
            return;
          }
          clearReturnTarget();
          void logout().then(() =>
            notify({
              type: 'info',
              description: intl.formatMessage({ id: 'login.termsDeclined' }),
            }),
          );
        });
      },
      () => {
        clearReturnTarget();
        notify({
          type: 'error',
          description: intl.formatMessage({ id: 'login.providerError.failed' }),
        });
      },
    );
  }, [enabled, location.search, location.pathname, location.hash, navigate, intl]);
}
