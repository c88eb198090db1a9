import { useCallback, useEffect, useRef } from 'react';

const FIELD =
  'input:not([type=hidden]):not([disabled]):not([readonly]), select:not([disabled]), textarea:not([disabled]):not([readonly])';

/** The first field a person can type in, inside `container`. */
export function firstField(container: HTMLElement | null): HTMLElement | null {
  return container?.querySelector<HTMLElement>(FIELD) ?? null;
}

/**
 * A dialog opens with focus on its first field (not on its close button). Dialogs whose form
 * renders after they open (a lazily loaded form, data still loading) first focus their content,
 * then the first field as soon as it appears, unless the person already moved the focus.
 *
 * Pass `initialFocusEl` to Chakra's `Dialog.Root` and `contentRef` to `Dialog.Content`.
 */
export function useFirstFieldFocus(open: boolean) {
  const contentRef = useRef<HTMLDivElement>(null);
  const initialFocusEl = useCallback(
    () => firstField(contentRef.current) ?? contentRef.current,
    [],
  );

  useEffect(() => {
    if (!open) return;
    let observer: MutationObserver | null = null;
    let frame = 0;
    const tryFocus = (): boolean => {
      const content = contentRef.current;
      const field = firstField(content);
      if (!content || !field) return false;
      const active = document.activeElement;
      const untouched =
        active === null ||
        active === document.body ||
        active === content ||
        !content.contains(active);
      if (untouched) field.focus();
      return true;
    };
    // The content mounts in a portal after this effect: wait for it.
    const start = () => {
      const content = contentRef.current;
      if (!content) {
        frame = requestAnimationFrame(start);
        return;
      }
      if (tryFocus()) return;
      observer = new MutationObserver(() => {
        if (tryFocus()) observer?.disconnect();
      });
      observer.observe(content, { childList: true, subtree: true });
    };
    start();
    const stop = window.setTimeout(() => observer?.disconnect(), 15_000);
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(stop);
      observer?.disconnect();
    };
  }, [open]);

  return { contentRef, initialFocusEl };
}
