import type { LoginTarget } from '#machines/types.ts';
import type { Locale } from '#schemas/contract.ts';
import { pathFor, ROUTE_NAMES, type RouteName, type UrlMode } from './routes';

/**
 * Where the person goes once the login is over (spec §2 "After login the user returns to a
 * stored last address or a stored target route"). Kept in sessionStorage, not in memory, so it
 * survives a reload, the identity provider's round trip and the detour through the profile
 * page when the session is incomplete (the profile returns there after a successful save).
 */
export const RETURN_TARGET_KEY = 'si.returnTarget';

function storage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    // Blocked storage: the target is simply not kept.
    return null;
  }
}

/** A path of this site: absolute, not protocol-relative, no scheme (no open redirect). */
export function isSafePath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}

function isLoginTarget(value: unknown): value is LoginTarget {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  if (v.kind === 'address') return typeof v.path === 'string' && isSafePath(v.path);
  if (v.kind !== 'route' || typeof v.route !== 'string') return false;
  if (v.params === undefined) return true;
  return (
    typeof v.params === 'object' &&
    v.params !== null &&
    Object.values(v.params).every((p) => typeof p === 'string')
  );
}

export function storeReturnTarget(target: LoginTarget): void {
  try {
    storage()?.setItem(RETURN_TARGET_KEY, JSON.stringify(target));
  } catch {
    // Quota: forget it.
  }
}

/** The stored target, or null when there is none (or what is stored is not a target). */
export function readReturnTarget(): LoginTarget | null {
  let raw: string | null | undefined;
  try {
    raw = storage()?.getItem(RETURN_TARGET_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isLoginTarget(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function clearReturnTarget(): void {
  try {
    storage()?.removeItem(RETURN_TARGET_KEY);
  } catch {
    // Nothing to do.
  }
}

const isRouteName = (name: string): name is RouteName =>
  (ROUTE_NAMES as readonly string[]).includes(name);

/**
 * The URL of a target in the language on screen: a route by its name (unknown names: null), an
 * address as stored (only paths of this site).
 */
export function returnTargetPath(
  target: LoginTarget,
  locale: Locale,
  mode: UrlMode,
): string | null {
  if (target.kind === 'address') return isSafePath(target.path) ? target.path : null;
  if (!isRouteName(target.route)) return null;
  try {
    return pathFor(target.route, locale, target.params ?? {}, mode);
  } catch {
    // A route whose parameters are missing.
    return null;
  }
}
