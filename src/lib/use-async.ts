import {
  type DependencyList,
  startTransition,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import type { ApiErrorBody } from '#schemas/contract.ts';

export interface AsyncState<T> {
  data: T | undefined;
  error: ApiErrorBody | null;
  loading: boolean;
  reload(): void;
}

function errorBody(e: unknown): ApiErrorBody {
  if (e && typeof e === 'object' && 'code' in e && typeof e.code === 'number') {
    return { code: e.code, message: 'message' in e ? String(e.message) : '' };
  }
  return { code: -2, message: e instanceof Error ? e.message : String(e) };
}

const sameDeps = (a: DependencyList, b: DependencyList) =>
  a.length === b.length && a.every((v, i) => Object.is(v, b[i]));

interface Loaded<T> {
  deps: DependencyList;
  data: T | undefined;
  error: ApiErrorBody | null;
  loading: boolean;
}

/**
 * Read-only data for a view (catalogue, orders): runs `load` when `deps` change or on
 * `reload()`, and drops stale answers. Data loaded for other deps is never shown (not even for
 * the render before the new request starts); a reload keeps the current data on screen.
 * Flows with more than two states use a machine instead.
 */
export function useAsync<T>(
  load: ((signal: AbortSignal) => Promise<T>) | null,
  deps: DependencyList,
  /**
   * Data already at hand for the first deps (a server-rendered page's): the first render shows
   * it, and it is not asked again unless `keep()` says no when the effect runs.
   */
  initial?: { data: T | undefined; keep(): boolean },
): AsyncState<T> {
  const first = initial?.data;
  const [state, setState] = useState<Loaded<T>>(() => ({
    deps,
    data: first,
    error: null,
    loading: load !== null && first === undefined,
  }));
  const initialDeps = useRef(first === undefined ? null : deps);
  const keepRef = useRef(initial?.keep);
  keepRef.current = initial?.keep;
  const [nonce, setNonce] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const depsRef = useRef(deps);
  depsRef.current = deps;

  useEffect(() => {
    const run = loadRef.current;
    const current = depsRef.current;
    if (nonce === 0 && initialDeps.current && sameDeps(initialDeps.current, current)) {
      if (keepRef.current?.() !== false) return;
    }
    initialDeps.current = null;
    if (!run) {
      // Nothing to load (yet): an equal state is kept as it is, so the view does not render
      // again for nothing (after hydrating, that was the whole page).
      setState((s) =>
        s.data === undefined && s.error === null && !s.loading && sameDeps(s.deps, current)
          ? s
          : { deps: current, data: undefined, error: null, loading: false },
      );
      return;
    }
    const controller = new AbortController();
    // A first load starts as loading already: the same state is kept, so the view does not
    // render again, at once and in one piece, just after it appeared.
    setState((s) =>
      s.loading && s.error === null && sameDeps(s.deps, current)
        ? s
        : {
            deps: current,
            data: sameDeps(s.deps, current) ? s.data : undefined,
            error: null,
            loading: true,
          },
    );
    // An answer is drawn as a transition: outside an event React would render the view's whole
    // subtree in one task (a payment form, ~45 ms here and four times that on a mid-range
    // phone); a transition renders it in slices the browser can interrupt for a tap.
    run(controller.signal).then(
      (data) => {
        if (controller.signal.aborted) return;
        startTransition(() => setState({ deps: current, data, error: null, loading: false }));
      },
      (e: unknown) => {
        if (controller.signal.aborted) return;
        const error = errorBody(e);
        startTransition(() => setState({ deps: current, data: undefined, error, loading: false }));
      },
    );
    return () => controller.abort();
  }, [...deps, nonce]);

  const reload = useCallback(() => setNonce((n) => n + 1), []);
  const fresh = sameDeps(state.deps, deps);
  return {
    data: fresh ? state.data : undefined,
    error: fresh ? state.error : null,
    loading: fresh ? state.loading : load !== null,
    reload,
  };
}
