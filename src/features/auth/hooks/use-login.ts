import { useCallback, useState } from 'react';
import type { ApiErrorBody } from '../../../../schemas/contract';
import { toErrorBody } from '../../../api/api-error';
import { fetchLoginProviders, postLogin } from '../../../api/rest';
import { startSession } from '../../../lib/session-store';
import { useAsync } from '../../../lib/use-async';

/** The login providers the server lists for this site; the local one takes e-mail + password. */
export function useLoginProviders() {
  return useAsync(() => fetchLoginProviders(window.location.origin), []);
}

/** Submits e-mail and password to a local provider and starts the session. */
export function useLogin() {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ApiErrorBody | null>(null);

  const login = useCallback(async (providerId: number, email: string, password: string) => {
    setPending(true);
    setError(null);
    try {
      const result = await postLogin(
        providerId,
        // The server matches e-mails in lower case (spec §7).
        { _username: email.trim().toLowerCase(), _password: password },
        { display: 'inline' },
      );
      startSession(result.access_token, result.pessoa);
      return result.pessoa;
    } catch (e) {
      setError(toErrorBody(e));
      return null;
    } finally {
      setPending(false);
    }
  }, []);

  return { login, pending, error, clearError: useCallback(() => setError(null), []) };
}
