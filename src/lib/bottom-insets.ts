import { type RefCallback, useCallback } from 'react';

/**
 * What is fixed at the bottom of the viewport and takes room from the page: the event page's
 * sticky total bar and the cookie banner, which publish their heights here while they are up.
 *
 * Not as CSS variables on the document: a custom property set on `<html>` restyles every element
 * of the page (it is inherited: ~330 elements on the home page, ~40 ms at 4× CPU), while a plain
 * property on `<html>` or `<body>` restyles 2–4 (measured in Chromium with its trace). So the
 * page's scroll padding (html) and bottom padding (body) are plain properties set here, and the
 * elements placed above the bars (the cookie banner, the chat-help button) carry the variables
 * they read on themselves ({@link useBottomInsetVars}): only they restyle.
 */
export type BottomInset = 'sticky' | 'consent';

/** The variable each height is given on the elements that read it. */
const INSET_VARIABLE: Record<BottomInset, `--${string}`> = {
  sticky: '--sticky-bottom',
  consent: '--consent-height',
};

const heights: Record<BottomInset, number> = { sticky: 0, consent: 0 };
const listeners = new Set<() => void>();

/**
 * `<html>`'s `scroll-padding-bottom` for these heights: what the keyboard focuses or a link
 * targets is never hidden under the bars or the chat-help button (WCAG 2.4.11; the button's room
 * is `--chat-help-space`, which the page's CSS sets while the page has it, brand-system.ts).
 * With none up it is index.html's own, which the page has from its first byte: `<html>` always
 * has an inline style, as a first inline style on `<html>` (or the last one removed) restyles
 * the whole page.
 */
export function scrollPaddingBottom(h: Readonly<Record<BottomInset, number>>): string {
  const bars = h.sticky + h.consent;
  return bars > 0
    ? `calc(${bars}px + var(--chat-help-space, 0px) + 0.5rem)`
    : 'calc(var(--chat-help-space, 0px) + 0.5rem)';
}

/**
 * `<body>`'s bottom padding while a bar is up: the page ends that much lower (the bars' heights
 * and the chat-help button's room above them), so its last lines (the footer) can be scrolled
 * clear of the button, which floats above the bars even where the sticky bar has come to rest
 * in the page. With no bar the page's CSS leaves the chat-help button's room alone
 * (brand-system.ts).
 */
export function bodyPaddingBottom(h: Readonly<Record<BottomInset, number>>): string {
  const bars = h.consent + h.sticky;
  return bars > 0 ? `calc(${bars}px + var(--chat-help-space, 0px))` : '';
}

/** Publishes a height (0: gone), and sets what depends on it when it changed. */
export function setBottomInset(which: BottomInset, px: number): void {
  if (heights[which] === px) return;
  heights[which] = px;
  const { documentElement: html, body } = document;
  html.style.scrollPaddingBottom = scrollPaddingBottom(heights);
  body.style.paddingBottom = bodyPaddingBottom(heights);
  for (const listener of listeners) listener();
}

/**
 * A ref callback publishing the element's height as `which` while it is mounted, kept current as
 * it wraps or grows. Measured by the observer alone, which reports the size once laid out:
 * reading it while React attaches the element would force a layout in the middle of hydration.
 */
export function useBottomInset<T extends HTMLElement>(which: BottomInset): RefCallback<T> {
  return useCallback(
    (el: T | null) => {
      if (!el || typeof ResizeObserver === 'undefined') return;
      const observer = new ResizeObserver(([entry]) => {
        const height = entry?.borderBoxSize?.[0]?.blockSize ?? el.offsetHeight;
        setBottomInset(which, Math.round(height));
      });
      // Its border box: what the bar covers (a padding or border change too).
      observer.observe(el, { box: 'border-box' });
      return () => {
        observer.disconnect();
        setBottomInset(which, 0);
      };
    },
    [which],
  );
}

/**
 * A ref callback keeping the variables of the published heights (`--sticky-bottom`,
 * `--consent-height`) on the element itself, for its CSS to place it above the bars. A height
 * of 0 is no variable (the CSS's fallback).
 */
export function useBottomInsetVars<T extends HTMLElement>(): RefCallback<T> {
  return useCallback((el: T | null) => {
    if (!el) return;
    const apply = () => {
      for (const which of Object.keys(INSET_VARIABLE) as BottomInset[]) {
        const value = heights[which] > 0 ? `${heights[which]}px` : '';
        if (el.style.getPropertyValue(INSET_VARIABLE[which]) !== value)
          el.style.setProperty(INSET_VARIABLE[which], value);
      }
    };
    apply();
    listeners.add(apply);
    return () => {
      listeners.delete(apply);
    };
  }, []);
}
