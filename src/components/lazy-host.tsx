import { type ReactNode, Suspense, useEffect, useState } from 'react';

/**
 * For a lazy dialog: its code is downloaded the first time `on` turns true, and it is then kept
 * mounted, so its closing animation plays and a second opening is immediate.
 */
export function LazyHost({ on, children }: { on: boolean; children: ReactNode }) {
  const [wanted, setWanted] = useState(on);
  useEffect(() => {
    if (on) setWanted(true);
  }, [on]);
  return wanted || on ? <Suspense fallback={null}>{children}</Suspense> : null;
}
