import { type RefCallback, useCallback } from 'react';

/**
 * Publishes the height of the element as a CSS variable on the document (`--header-height` of
 * the sticky header) while it is mounted, kept current as it wraps or grows: toasts, loading
 * frames and scrolling (scroll-padding, see brand-system.ts) stay clear of it. A ref callback, so
 * an element that appears after its component mounted is measured too. (The bars fixed at the
 * bottom publish theirs as plain properties: src/lib/bottom-insets.ts.)
 *
 * Measured by the observer alone, which reports the size once laid out: reading it while React
 * attaches the element forced a layout of the page in the middle of hydration. A variable on
 * the document restyles the whole page, so it is set only when the height changed (or differs
 * from what the page's CSS already states for it).
 */
export function usePublishedHeight<T extends HTMLElement>(variable: `--${string}`): RefCallback<T> {
  return useCallback(
    (el: T | null) => {
      if (!el || typeof ResizeObserver === 'undefined') return;
      const root = document.documentElement;
      const observer = new ResizeObserver(([entry]) => {
        const height = entry?.borderBoxSize?.[0]?.blockSize ?? el.offsetHeight;
        const value = `${Math.round(height)}px`;
        if (root.style.getPropertyValue(variable) === value) return;
        // The page's CSS may state it already (the header's, brand-system.ts): nothing to set.
        // Read after layout, so no style is computed for it.
        if (
          !root.style.getPropertyValue(variable) &&
          getComputedStyle(root).getPropertyValue(variable).trim() === value
        )
          return;
        root.style.setProperty(variable, value);
      });
      // Its border box: what the header covers (a padding or border change too).
      observer.observe(el, { box: 'border-box' });
      return () => {
        observer.disconnect();
        root.style.removeProperty(variable);
      };
    },
    [variable],
  );
}
