import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { loadable } from './loadable';

/** A lazy component whose code can be loaded ahead of its first render. */
export type PreloadableLazy<P> = LazyExoticComponent<ComponentType<P>> & {
  /** Loads the code (once); a failed load may be tried again. */
  preload: () => Promise<unknown>;
};

/**
 * `React.lazy`, plus `preload()`: once the code has loaded, the first render gets the component
 * at once instead of suspending. (React.lazy alone suspends on its first render even when the
 * module is already in the browser, because `import()` always answers later; a server-rendered
 * page whose boundary is still waiting when anything above it changes is thrown away and drawn
 * again from its fallback.) The already-loaded case hands React a thenable that answers
 * synchronously, which React.lazy takes as resolved.
 */
export function preloadableLazy<P>(load: () => Promise<ComponentType<P>>): PreloadableLazy<P> {
  const code = loadable(load);
  const Component = lazy<ComponentType<P>>(() => {
    const loaded = code.current();
    if (loaded) {
      const module = { default: loaded };
      const answered = {
        // biome-ignore lint/suspicious/noThenProperty: a thenable React.lazy reads synchronously.
        then(resolve: (value: typeof module) => void) {
          resolve(module);
        },
      };
      return answered as unknown as Promise<typeof module>;
    }
    return code.load().then((component) => ({ default: component }));
  });
  return Object.assign(Component, { preload: code.load });
}
