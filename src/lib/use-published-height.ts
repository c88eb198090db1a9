import { type RefObject, useEffect, useRef } from 'react';

/**
 * Publishes the height of the element as a CSS variable on the document (`--header-height` of
 * the sticky header, `--sticky-bottom` of a sticky bar) while it is mounted, kept current as it
 * wraps or grows: toasts and scrolling (scroll-padding, see brand-system.ts) stay clear of it.
 */
export function usePublishedHeight<T extends HTMLElement>(
  variable: `--${string}`,
): RefObject<T | null> {
  const ref = useRef<T>(null);
  useEffect(() => {
    const el = ref.current;
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
  }, [variable]);
  return ref;
}
