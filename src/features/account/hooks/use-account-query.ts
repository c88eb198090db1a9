import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router-dom';
import { isApiError } from '#src/api/api-error.ts';
import { notify } from '#src/components/notify.ts';
import { useBrand } from '#src/lib/brand-context.tsx';
import { openAgencySignUp, openForgotPassword } from '#src/lib/ui-stores.ts';
import { confirmEmailOnce } from '../confirm-email';

/** The query parameters of spec §2 that belong to accounts. */
export const ACCOUNT_QUERY = {
  agency: 'agencia',
  forgot: 'esqueceusenha',
  confirm: 'validatemail',
} as const;

/**
 * `?agencia` opens the agency sign-up (where the brand takes agencies), `?esqueceusenha` the
 * forgot-password modal, and `?validatemail=<token>` confirms the e-mail on any page and says
 * how it went. The parameter
 * leaves the address once handled, so a reload or a shared link does not repeat it.
 */
export function useAccountQueryTriggers(enabled: boolean) {
  const location = useLocation();
  const navigate = useNavigate();
  const intl = useIntl();
  const agenciesOpen = useBrand().regrasDoNegocio.agencias !== false;
  useEffect(() => {
    if (!enabled) return;
    const params = new URLSearchParams(location.search);
    const agency = params.has(ACCOUNT_QUERY.agency);
    const forgot = params.has(ACCOUNT_QUERY.forgot);
    const token = params.get(ACCOUNT_QUERY.confirm)?.trim() ?? null;
    if (!agency && !forgot && token === null) return;
    for (const name of Object.values(ACCOUNT_QUERY)) params.delete(name);
    const rest = params.toString();
    navigate(
      { pathname: location.pathname, search: rest ? `?${rest}` : '', hash: location.hash },
      { replace: true },
    );
    if (agency && agenciesOpen) openAgencySignUp();
    else if (forgot) openForgotPassword();
    if (token !== null) {
      const fail = (id: 'error.confirmToken' | 'error.generic') =>
        notify({ type: 'error', description: intl.formatMessage({ id }) });
      if (token === '') {
        fail('error.confirmToken');
        return;
      }
      confirmEmailOnce(token).then(
        // The server's notice: confirmed now, or already confirmed (a link opened again).
        (r) => notify({ type: 'success', description: r.mensagem }),
        (e: unknown) => fail(isApiError(e) && e.code >= 0 ? 'error.confirmToken' : 'error.generic'),
      );
    }
  }, [enabled, agenciesOpen, location.search, location.pathname, location.hash, navigate, intl]);
}
