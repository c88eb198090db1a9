import { useCallback, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { profileWarning } from '#machines/session-rules.ts';
import type { SessaoPessoa } from '#schemas/contract.ts';
import { useBrand } from '#src/lib/brand-context.tsx';
import { useCurrentLocale } from '#src/lib/locale.ts';
import { clearReturnTarget, readReturnTarget } from '#src/lib/return-target.ts';
import { landingPath, type Place, profileRulesOf } from '#src/lib/login-outcome.ts';
import { useAccessTokenReturn } from './use-access-token-return';

/**
 * Where the app is, read when called (not when rendered): the place a finished login lands
 * from ({@link landingPath}).
 */
export function usePlace(): () => Place {
  const location = useLocation();
  const locale = useCurrentLocale();
  const { multiLanguage } = useBrand();
  const place = useRef<Place | null>(null);
  place.current = {
    locale,
    mode: { multiLanguage },
    here: `${location.pathname}${location.search}${location.hash}`,
  };
  return useCallback(() => place.current!, []);
}

/**
 * The return from an identity provider (`?access_token=`), landing like the login modal: an
 * incomplete profile goes to the profile with the warning (the target stays stored for it),
 * else to the target stored when the login modal sent the person away, if any. Mount once, in
 * the shell.
 */
export function useIdentityProviderReturn(enabled: boolean): void {
  const brand = useBrand();
  const navigate = useNavigate();
  const place = usePlace();
  const onLoggedIn = useCallback(
    (pessoa: SessaoPessoa) => {
      const warning = profileWarning(pessoa, profileRulesOf(brand));
      const target = readReturnTarget();
      if (!warning) clearReturnTarget();
      const path = landingPath({ warning, target }, place());
      if (path) navigate(path);
    },
    [brand, navigate, place],
  );
  useAccessTokenReturn({ enabled, onLoggedIn });
}
