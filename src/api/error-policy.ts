import { type ApiError, NETWORK_ERROR_CODE } from './api-error';
import type { ErrorDisplay } from './client';

/**
 * The error catalogue of spec §8 as one table: what the shop does for each error code the
 * server answers. The steps are carried out by {@link ErrorEffects}, which the app provides
 * (navigation, toasts, storage), so the table is testable without a browser.
 */
export type ErrorStep =
  /** Show the server's message as it is. */
  | 'showMessage'
  /** Show "Erro: <message>" in a snackbar (codes the catalogue does not name). */
  | 'showErrorSnackbar'
  | 'goHome'
  | 'goProfile'
  | 'clearSession'
  | 'clearCart'
  /** Reload the page after RELOAD_DELAY_MS (spec §9). */
  | 'reloadSoon'
  | 'openLogin'
  /**
   * New terms to accept (code 4). Logged in: the terms modal shows the current term of use and
   * records the acceptance (an account of an identity provider has no password to log in
   * with). Logged out: the message and the login, whose statechart shows the term
   * (machines/login.machine.ts).
   */
  | 'showTerms';

export interface ErrorRule {
  steps: readonly ErrorStep[];
  /** Nothing is shown (the caller must not show it either). */
  silent?: boolean;
}

export const RELOAD_DELAY_MS = 1000;

const messageOnly: ErrorRule = { steps: ['showMessage'] };
const profile: ErrorRule = { steps: ['goProfile', 'showMessage'] };

export const ERROR_POLICY: Readonly<Record<number, ErrorRule>> = {
  /** Generic (coupon not found, tickets unavailable…): show the message. */
  0: messageOnly,
  /** Session invalid: home, forget session and cart, reload after 1 s. */
  1: { steps: ['goHome', 'clearSession', 'clearCart', 'reloadSoon'] },
  /** New terms to accept: the terms modal, or the login when there is no session. */
  4: { steps: ['showTerms'] },
  /** Incomplete or invalid profile: go to the profile and say why. */
  13121: profile,
  13225: profile,
  13227: profile,
  13089: profile,
  71033: messageOnly,
  /** Silent rejection. */
  13124: { steps: [], silent: true },
  /** Show the message; the call rejects (every failing call rejects here). */
  13087: messageOnly,
  13020: messageOnly,
  13005: messageOnly,
  /** Unreachable API: the maintenance modal already tells the visitor. */
  [NETWORK_ERROR_CODE]: { steps: [], silent: true },
};

const fallback: ErrorRule = { steps: ['showErrorSnackbar'] };

export function errorRule(code: number): ErrorRule {
  return ERROR_POLICY[code] ?? fallback;
}

export interface ErrorEffects {
  showMessage(message: string): void;
  /** Shows "Erro: <message>" (the prefix is a localized message). */
  showErrorSnackbar(message: string): void;
  goHome(): void;
  goProfile(): void;
  clearSession(): void;
  clearCart(): void;
  reload(): void;
  openLogin(): void;
  /** Whether a person is logged in (a session token is kept). */
  hasSession(): boolean;
  /** Opens the terms modal; `message` is the server's notice shown above the term. */
  openTerms(message: string): void;
  schedule(fn: () => void, ms: number): void;
}

/**
 * The message to show. Some codes carry an object or a JSON text with a `message` field
 * (spec §8, profile codes).
 */
export function readableMessage(message: unknown): string {
  if (message && typeof message === 'object' && 'message' in message) {
    return readableMessage((message as { message: unknown }).message);
  }
  const text = typeof message === 'string' ? message : String(message ?? '');
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    try {
      return readableMessage(JSON.parse(trimmed));
    } catch {
      return text;
    }
  }
  return text;
}

/**
 * Carry out the rule of an error. With `inline` display the caller shows the message itself,
 * so only the side effects run. Returns the rule applied.
 */
export function applyErrorPolicy(
  error: Pick<ApiError, 'code' | 'message'>,
  effects: ErrorEffects,
  display: ErrorDisplay = 'toast',
): ErrorRule {
  const rule = errorRule(error.code);
  const message = readableMessage(error.message);
  for (const step of rule.steps) {
    switch (step) {
      case 'showMessage':
        if (display === 'toast' && message) effects.showMessage(message);
        break;
      case 'showErrorSnackbar':
        if (display === 'toast') effects.showErrorSnackbar(message);
        break;
      case 'goHome':
        effects.goHome();
        break;
      case 'goProfile':
        effects.goProfile();
        break;
      case 'clearSession':
        effects.clearSession();
        break;
      case 'clearCart':
        effects.clearCart();
        break;
      case 'reloadSoon':
        effects.schedule(() => effects.reload(), RELOAD_DELAY_MS);
        break;
      case 'openLogin':
        effects.openLogin();
        break;
      case 'showTerms':
        // The modal says why itself (the message is its notice), whatever the display.
        if (effects.hasSession()) {
          effects.openTerms(message);
        } else {
          if (display === 'toast' && message) effects.showMessage(message);
          effects.openLogin();
        }
        break;
    }
  }
  return rule;
}

/** Whether a view that shows errors inline should stay quiet about this one. */
export function isSilentError(code: number): boolean {
  return errorRule(code).silent === true;
}
