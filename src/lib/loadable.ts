import { type ComponentType, useEffect, useState } from 'react';

/** A component whose code is loaded when first wanted, shown without a Suspense boundary. */
export interface Loadable<P> {
  /** The component once its code is here, else undefined. */
  current(): ComponentType<P> | undefined;
  /** Loads the code (once); a failed load may be tried again. */
  load(): Promise<ComponentType<P>>;
}

export function loadable<P>(load: () => Promise<ComponentType<P>>): Loadable<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  return {
    current: () => loaded,
    load() {
      pending ??= load().then(
        (component) => {
          loaded = component;
          return component;
        },
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
  };
}

/**
 * The component of `target` once its code has loaded (asked for after the first render), and
 * null until then: the caller shows what stands in for it. For a part of the page that is
 * already on screen in a simpler form (the header's greeting before its menu, nothing before the
 * cookie banner).
 *
 * Not React.lazy with Suspense: each Suspense boundary that switches between fallback and
 * content holds back React's next reveal of suspended content by up to 300 ms (React 19
 * throttles reveals). The header's menu arriving after hydration held the checkout's first
 * render back by ~250 ms that way.
 */
export function useLoadable<P>(target: Loadable<P>, wanted = true): ComponentType<P> | null {
  const [component, setComponent] = useState(() => target.current() ?? null);
  useEffect(() => {
    if (!wanted || component) return;
    let live = true;
    target.load().then(
      (c) => {
        if (live) setComponent(() => c);
      },
      // The stand-in stays; the next mount tries again.
      () => {},
    );
    return () => {
      live = false;
    };
  }, [target, wanted, component]);
  return wanted ? component : null;
}
