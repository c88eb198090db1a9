import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { WithStyleSystem } from '#src/lib/style-system.tsx';

/**
 * For a lazy dialog: its code is downloaded the first time `on` turns true, and it is then kept
 * mounted, so its closing animation plays and a second opening is immediate. Dialogs are Chakra
 * components: they render once the page's style system has loaded too (the visitor's first
 * touch of the page started loading it, src/main.tsx).
 */
export function LazyHost({ on, children }: { on: boolean; children: ReactNode }) {
  const [wanted, setWanted] = useState(on);
  useEffect(() => {
    if (on) setWanted(true);
  }, [on]);
  return wanted || on ? (
    <Suspense fallback={null}>
      <WithStyleSystem>{children}</WithStyleSystem>
    </Suspense>
  ) : null;
}
