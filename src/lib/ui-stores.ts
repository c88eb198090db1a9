import { useLayoutEffect } from 'react';
import type { LoginTarget } from '#machines/types.ts';
import { createStore, useStore } from './create-store';
import { STORAGE_KEYS, writeString } from './storage';

/**
 * Shell state shared across features without them importing each other: the login modal,
 * the terms modal, the maintenance flag, a cart "version" that bumps whenever the server cart changed, and the
 * title a page gives itself once its data has loaded.
 */

export interface LoginRequest {
  open: boolean;
  /** Runs once after a successful login (continue the action that needed it). */
  onSuccess?: (() => void) | undefined;
  /**
   * Where to go afterwards (`?fazerlogin` → MeusPedidos, `?redirect=`); none: stay on the page
   * the login was opened from.
   */
  target?: LoginTarget | undefined;
  /**
   * Runs when the login goes on elsewhere (the profile page to complete, an identity
   * provider): the action that needed it cannot go on here and may keep itself for later.
   */
  onLeave?: (() => void) | undefined;
}

const loginStore = createStore<LoginRequest>({ open: false });

export function openLogin(
  onSuccess?: () => void,
  target?: LoginTarget,
  onLeave?: () => void,
): void {
  // Already open and nothing new asked (the error policy's code 4 while the modal runs): keep
  // the request, or the action waiting for this login would be forgotten.
  if (loginStore.get().open && onSuccess === undefined && target === undefined) return;
  loginStore.set({ open: true, onSuccess, target, onLeave });
}

export function closeLogin(): void {
  loginStore.set({ open: false });
  cardCampaignStore.set(false);
}

/**
 * The next login or sign-up asks for the card-brand campaign's card (its first six digits): set
 * by an add of a campaign product the person may not buy yet, cleared when the account modals
 * close.
 */
const cardCampaignStore = createStore<boolean>(false);

export function askCardCampaign(): void {
  cardCampaignStore.set(true);
}

export function useCardCampaignAsk(): boolean {
  return useStore(cardCampaignStore);
}

export function useLoginRequest(): LoginRequest {
  return useStore(loginStore);
}

/**
 * The account modals besides the login (spec §2): sign-up, agency sign-up, forgot password.
 * One at a time; opening one replaces the other (the sign-in dialog closes when it opens one).
 */
export type AccountModal = 'signUp' | 'agencySignUp' | 'forgotPassword';

export interface AccountModalRequest {
  modal: AccountModal | null;
  /** Runs once after a sign-up logged the person in (the action that needed a login). */
  onSuccess?: (() => void) | undefined;
}

const accountModalStore = createStore<AccountModalRequest>({ modal: null });

export function openSignUp(onSuccess?: () => void): void {
  loginStore.set({ open: false });
  accountModalStore.set({ modal: 'signUp', onSuccess });
}

export function openAgencySignUp(onSuccess?: () => void): void {
  loginStore.set({ open: false });
  accountModalStore.set({ modal: 'agencySignUp', onSuccess });
}

export function openForgotPassword(): void {
  loginStore.set({ open: false });
  accountModalStore.set({ modal: 'forgotPassword' });
}

export function closeAccountModal(): void {
  accountModalStore.set({ modal: null });
  cardCampaignStore.set(false);
}

export function useAccountModal(): AccountModalRequest {
  return useStore(accountModalStore);
}

export interface TermsRequest {
  open: boolean;
  /** The server's words that came with code 4 ("accept the new terms…"); null: the default intro. */
  notice: string | null;
  /**
   * Set when the term is part of a login (the first return from an identity provider): told
   * whether the person accepted, the login goes on or ends. Unset: a logged-in person's call
   * failed with code 4 and is simply repeated after accepting.
   */
  onSettled?: (accepted: boolean) => void;
}

const termsStore = createStore<TermsRequest>({ open: false, notice: null });

/**
 * New terms of use to accept while logged in (spec §8 code 4): the shell's terms modal shows
 * them. Several calls failing together open it once.
 */
export function openTerms(notice?: string, onSettled?: (accepted: boolean) => void): void {
  if (termsStore.get().open) return;
  termsStore.set({ open: true, notice: notice || null, onSettled });
}

/** The terms modal closes: accepted, or declined / dismissed. */
export function closeTerms(accepted = false): void {
  const { open, onSettled } = termsStore.get();
  termsStore.set({ open: false, notice: null });
  if (open) onSettled?.(accepted);
}

export function useTermsRequest(): TermsRequest {
  return useStore(termsStore);
}

const maintenanceStore = createStore(false);

/** A network failure: the API is unreachable; the shell shows the maintenance modal. */
export function setMaintenance(on: boolean): void {
  maintenanceStore.set(on);
}

export function useMaintenance(): boolean {
  return useStore(maintenanceStore);
}

const cartVersionStore = createStore(0);

/** The server cart changed (reserved, removed, paid, cleared): counters refetch. */
export function bumpCart(): void {
  cartVersionStore.set((v) => v + 1);
}

/** Forget the cart kept in the browser (local cart of guests) and refresh the counters. */
export function clearLocalCart(): void {
  writeString(STORAGE_KEYS.localCart, null);
  bumpCart();
}

export function useCartVersion(): number {
  return useStore(cartVersionStore);
}

const pageReadyStore = createStore(false);
let framePainted = false;
/** First views still drawing their data in the browser (see {@link useFirstViewWait}). */
let firstViewWaits = 0;

function settlePageReady(): void {
  if (framePainted && firstViewWaits === 0) pageReadyStore.set(true);
}

/**
 * The first page is on screen in the browser and hydrated, effects included, and a frame has
 * passed (its sticky bars have published their heights): what appears over the page after
 * hydration (the cookie banner) or asks the server for what is not the page's (the header's
 * cart count) waits for it, so it neither moves when they publish nor competes with hydration.
 */
export function markPageReady(): void {
  framePainted = true;
  settlePageReady();
}

/**
 * While `waiting`, the first page's own view is not on screen yet (a page that draws the
 * visitor's data in the browser, as the checkout its hold): the page is not ready until it is,
 * so what waits for the page does not compete with that view. Ready once, ready for good.
 */
export function useFirstViewWait(waiting: boolean): void {
  useLayoutEffect(() => {
    if (!waiting || pageReadyStore.get()) return;
    firstViewWaits += 1;
    return () => {
      firstViewWaits -= 1;
      settlePageReady();
    };
  }, [waiting]);
}

/** Runs `run` once the first page is ready (see {@link markPageReady}), at once if it is. */
export function whenPageReady(run: () => void): void {
  if (pageReadyStore.get()) {
    run();
    return;
  }
  const stop = pageReadyStore.subscribe(() => {
    if (!pageReadyStore.get()) return;
    stop();
    run();
  });
}

export function usePageReady(): boolean {
  return useStore(pageReadyStore);
}

/** A page's own title (the event's name…) for one path; other paths keep their route's title. */
export interface PageTitle {
  pathname: string;
  title: string;
}

const pageTitleStore = createStore<PageTitle | null>(null);

/** The page at `pathname` is titled `title` (until it unmounts: {@link clearPageTitle}). */
export function setPageTitle(pathname: string, title: string): void {
  pageTitleStore.set({ pathname, title });
}

export function clearPageTitle(pathname: string): void {
  pageTitleStore.set((t) => (t?.pathname === pathname ? null : t));
}

export function usePageTitle(): PageTitle | null {
  return useStore(pageTitleStore);
}

/**
 * The support panel (spec §2 "A fixed chat-help button opens a chat panel" and the "customer
 * service" navigation target): open or not, and the element that opened it, where the focus
 * returns when it closes.
 */
export interface SupportRequest {
  open: boolean;
  opener: HTMLElement | null;
}

const supportStore = createStore<SupportRequest>({ open: false, opener: null });

/** Opens the support panel; the focus returns to `opener` (else the chat button) on close. */
export function openSupport(opener?: HTMLElement | null): void {
  const active = typeof document === 'undefined' ? null : document.activeElement;
  const fallback = active instanceof HTMLElement && active !== document.body ? active : null;
  supportStore.set({ open: true, opener: opener ?? fallback });
}

export function closeSupport(): void {
  supportStore.set((s) => (s.open ? { ...s, open: false } : s));
}

export function useSupportRequest(): SupportRequest {
  return useStore(supportStore);
}
