import type { ProfileRules } from '#machines/session-rules.ts';
import type { LoginOutput, LoginTarget } from '#machines/types.ts';
import type { BrandConfig, Locale, LoginResult } from '#schemas/contract.ts';
import type { MessageId } from '#src/lib/messages.d.ts';
import { isSafePath, returnTargetPath } from '#src/lib/return-target.ts';
import { matchAppPath, pathFor, ROUTE_NAMES, type UrlMode } from '#src/lib/routes.ts';

/**
 * What happens once a login is over, as pure functions (spec §2 "After login the user returns
 * to a stored last address or a stored target route", §4 incomplete profile). The login modal
 * and the identity provider's return (`?access_token=`) both land through
 * {@link landingPath}, so a person ends on the same page whichever way they signed in.
 */

/** The brand's settings of the profile-completeness rule (machines/session-rules.ts). */
export function profileRulesOf(brand: BrandConfig): ProfileRules {
  return {
    idagencia: brand.regrasDoNegocio.idagencia,
    idagenciaaguardando: brand.regrasDoNegocio.idagenciaaguardando,
    editarEnderecoCadastro: brand.editarEnderecoCadastro,
  };
}

/** The query parameter of the profile page that carries the warning (profile-view.tsx). */
const WARNING_PARAM = 'aviso';

/** Where the app is and how its URLs look. */
export interface Place {
  locale: Locale;
  mode: UrlMode;
  /** The current address: pathname + search + hash. */
  here: string;
}

/** The profile page with the warning of an incomplete session (`?aviso=<message id>`). */
export function profileWarningPath(warning: string, place: Pick<Place, 'locale' | 'mode'>) {
  const params = new URLSearchParams({ [WARNING_PARAM]: warning });
  return `${pathFor('Perfil', place.locale, {}, place.mode)}?${params.toString()}`;
}

/**
 * Where to go once the session started: the profile with the warning when the session is
 * incomplete (the target stays stored; the profile returns there once completed), else the
 * target. Null: stay where the person is (no target, an unknown one, or the current address).
 */
export function landingPath(
  landing: { warning: string | null; target: LoginTarget | null },
  place: Place,
): string | null {
  if (landing.warning) return profileWarningPath(landing.warning, place);
  if (!landing.target) return null;
  const path = returnTargetPath(landing.target, place.locale, place.mode);
  if (path === null) return null;
  return path === place.here || path === pathOnly(place.here) ? null : path;
}

const pathOnly = (address: string) => address.replace(/[?#].*$/, '');

/** What the login modal does with the machine's output. */
export type LoginPlan =
  /**
   * Start `session`, close, then go to `path` (null: stay). `continueAction`: run the action
   * that asked for the login (add to cart…), only when the profile is complete.
   */
  | { kind: 'session'; session: LoginResult; path: string | null; continueAction: boolean }
  /** Leave for an identity provider. */
  | { kind: 'leave'; url: string }
  /** A term was declined: no session; say `message` and offer the form again. */
  | { kind: 'declined'; message: MessageId }
  /** Closed by the person: nothing to do. */
  | { kind: 'cancelled' };

/** The login machine's output → what the app does. */
export function planLogin(output: LoginOutput, place: Place): LoginPlan {
  switch (output.kind) {
    case 'done':
      return {
        kind: 'session',
        session: output.session,
        path: landingPath({ warning: null, target: output.target }, place),
        continueAction: true,
      };
    case 'profile':
      return {
        kind: 'session',
        session: output.session,
        path: landingPath({ warning: output.warning, target: output.target }, place),
        continueAction: false,
      };
    case 'redirect':
      return { kind: 'leave', url: output.url };
    case 'declined':
      return { kind: 'declined', message: output.message };
    case 'cancelled':
      return { kind: 'cancelled' };
  }
}

/**
 * `?redirect=<value>` (spec §2 "replace the route") as a target: a route name (`MeusPedidos`,
 * any case), a path of this site (`/pt/checkout`), or a route's path without the leading slash
 * (`meuspedidos`). Anything else (another origin, an unknown name) is refused: null.
 */
export function targetFromRedirect(value: string, mode: UrlMode): LoginTarget | null {
  const v = value.trim();
  if (v === '') return null;
  const named = ROUTE_NAMES.find((n) => n.toLowerCase() === v.toLowerCase());
  if (named) return { kind: 'route', route: named };
  if (v.startsWith('/')) return isSafePath(v) ? { kind: 'address', path: v } : null;
  if (!/^[\w-]+(?:\/[\w-]+)*$/.test(v)) return null;
  // A route's own path: kept by name, so it opens in the language on screen.
  const match = matchAppPath(`/${v}`, mode);
  return match ? { kind: 'route', route: match.name, params: match.params } : null;
}
