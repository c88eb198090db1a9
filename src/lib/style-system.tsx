import type { SystemContext } from '@chakra-ui/react';
import type { EmotionCache } from '@emotion/cache';
import {
  type ComponentType,
  createContext,
  createElement,
  lazy,
  type ReactNode,
  Suspense,
  use,
  useContext,
} from 'react';
import type { ClassSet } from './class-set-resolve';

/**
 * The brand's style system (Chakra's system and emotion's cache), which Chakra components need
 * and plain elements do not. The first view of the home and event pages is plain elements whose
 * classes the server wrote (class sets, src/lib/class-sets.tsx), so the browser hydrates them
 * without the style system's code (~45 KiB gzip: Chakra, emotion, the theme) and loads it only
 * when a part that needs it shows: a dialog, a menu, a toast, any other page, a class set the
 * page did not carry. Such a part renders inside {@link WithStyleSystem}, which waits for it.
 *
 * The server's system is there before it renders (a settled source); the browser's loads on
 * first use (src/lib/style-system-load.tsx builds it), once per page.
 */
/** The key of emotion's class names and style elements, on the server and in the browser. */
export const STYLE_CACHE_KEY = 'css';

export interface StyleSystem {
  system: SystemContext;
  cache: EmotionCache;
  /** Gives the system and the cache to the Chakra components inside it (no global styles). */
  Provider: ComponentType<{ children: ReactNode }>;
  /** A class set's classes, its rules put in the cache (src/lib/class-sets.tsx). */
  resolveClassSet<K extends string>(set: ClassSet<K>): Record<K, string>;
}

/**
 * Where the page's style system comes from: a thenable React's `use` reads without suspending
 * once it has settled (`status`/`value` as React writes them on the thenables it tracks).
 */
export interface StyleSystemSource extends PromiseLike<StyleSystem> {
  status?: 'pending' | 'fulfilled' | 'rejected';
  value?: StyleSystem;
  reason?: unknown;
  /** Starts loading (a no-op once started or settled). */
  start(): void;
}

/** A source that has its system already (the server's, a test's). */
export function settledSource(styleSystem: StyleSystem): StyleSystemSource {
  const promise = Promise.resolve(styleSystem);
  return {
    status: 'fulfilled',
    value: styleSystem,
    // biome-ignore lint/suspicious/noThenProperty: a thenable for React's `use`.
    then: (onFulfilled, onRejected) => promise.then(onFulfilled, onRejected),
    start() {},
  };
}

/**
 * A source that loads when first asked (`start`, or React's `use` calling `then`). A failed load
 * rejects what waited for it (their error boundary shows); the next `start` tries again (a lost
 * connection should not leave the page without its dialogs for good).
 */
export function lazySource(load: () => Promise<StyleSystem>): StyleSystemSource {
  let pending: Promise<StyleSystem> | null = null;
  const source: StyleSystemSource = {
    start() {
      if (pending && source.status !== 'rejected') return;
      delete source.reason;
      source.status = 'pending';
      pending = load().then(
        (styleSystem) => {
          source.status = 'fulfilled';
          source.value = styleSystem;
          return styleSystem;
        },
        (error: unknown) => {
          source.status = 'rejected';
          source.reason = error;
          throw error;
        },
      );
      // Whoever waits handles the failure; a start nobody waits on must not report it unhandled.
      pending.catch(() => {});
    },
    // biome-ignore lint/suspicious/noThenProperty: a thenable for React's `use`.
    then(onFulfilled, onRejected) {
      source.start();
      return (pending as Promise<StyleSystem>).then(onFulfilled, onRejected);
    },
  };
  return source;
}

/**
 * The loaded style system, in a render: at once when loaded, else the component suspends until
 * it is (React's `use`; the source keeps the status fields React reads).
 */
export function readStyleSystem(source: StyleSystemSource): StyleSystem {
  return use(source as PromiseLike<StyleSystem>);
}

const SourceContext = createContext<StyleSystemSource | null>(null);

export function StyleSystemProvider({
  source,
  children,
}: {
  source: StyleSystemSource;
  children: ReactNode;
}) {
  return <SourceContext value={source}>{children}</SourceContext>;
}

/**
 * The page's source: for a part that shows its plain stand-in until the system is here rather
 * than suspending (the account menu).
 */
export function useStyleSystemSource(): StyleSystemSource {
  const source = useContext(SourceContext);
  if (!source) throw new Error('useStyleSystemSource outside StyleSystemProvider');
  return source;
}

/**
 * Chakra components render inside this: it suspends until the page's style system has loaded
 * (at once when it has), then provides it. Its place in the tree is the same on the server and
 * in the browser, so hydration matches.
 */
export function WithStyleSystem({ children }: { children: ReactNode }) {
  const { Provider } = readStyleSystem(useStyleSystemSource());
  return <Provider>{children}</Provider>;
}

/**
 * A Chakra part of a page whose first view is plain (an error alert, the products of a picked
 * session): its code loads when it first renders, and it shows once that code and the style
 * system are here (`fallback` meanwhile, in the browser; the server's page has it whole).
 */
export function lazyStyled<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = null,
): ComponentType<P> {
  const View = lazy(() => load().then((component) => ({ default: component })));
  return function Styled(props: P) {
    return (
      <Suspense fallback={fallback}>
        <WithStyleSystem>{createElement(View, props)}</WithStyleSystem>
      </Suspense>
    );
  };
}

/** `?debug` in the address (any value, even none): the page outlines every element (spec §2). */
export function wantsDebug(search: string): boolean {
  return new URLSearchParams(search).has('debug');
}
