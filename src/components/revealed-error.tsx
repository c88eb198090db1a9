import { useEffect, useRef } from 'react';
import { ErrorAlert, type ErrorAlertProps } from './error-alert';

/**
 * The refusal of an action, shown where the person acted (beside the button they tapped): each
 * time `reveal` changes it is scrolled into view and focused (WCAG 3.3.1), so a refused tap on a
 * phone is never answered out of sight. `reveal` is the error itself (a new refusal, a new one).
 */
export function RevealedError({ reveal, ...alert }: ErrorAlertProps & { reveal: unknown }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || reveal == null) return;
    element.scrollIntoView({ block: 'center' });
    element.focus({ preventScroll: true });
  }, [reveal]);
  return (
    <div ref={ref} tabIndex={-1} style={{ outline: 'none' }}>
      <ErrorAlert {...alert} />
    </div>
  );
}
