import { type RefCallback, useCallback } from 'react';

/**
 * Publishes the height of the element as a CSS variable on the document (`--header-height` of
 * the sticky header, `--sticky-bottom` of a sticky bar, `--consent-height` of the cookie
 * banner) while it is mounted, kept current as it wraps or grows: toasts, the cookie banner and
 * scrolling (scroll-padding, see brand-system.ts) stay clear of it. A ref callback, so an
 * element that appears after its component mounted (a page that first shows its loading
 * frame) is measured too.
 */
export function usePublishedHeight<T extends HTMLElement>(variable: `--${string}`): RefCallback<T> {
  return useCallback(
    (el: T | null) => {
      if (!el || typeof ResizeObserver === 'undefined') return;
      const root = document.documentElement;
      const update = () => root.style.setProperty(variable, `${el.offsetHeight}px`);
      update();
      const observer = new ResizeObserver(update);
      observer.observe(el);
      return () => {
        observer.disconnect();
        root.style.removeProperty(variable);
      };
    },
    [variable],
  );
}
