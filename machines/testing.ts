/**
 * Test support for the machines' unit and path tests (imported by `*.test.ts` only).
 *
 * - {@link FakeActors}: promise actors the test resolves or rejects by name, and a ticker the
 *   test drives, so nothing depends on the wall clock or the network.
 * - {@link modelPaths} / {@link runPath}: model-based tests. Paths are generated from the
 *   machine with `xstate/graph`; each one is then replayed against a real actor (with fake
 *   actors) and every step's snapshot must match the model's. `createTestModel` refuses
 *   machines with `invoke`, so the paths come from `getShortestPaths` / `getSimplePaths` and
 *   the replay is ours; actor outcomes appear in paths as `xstate.done.actor.<id>` /
 *   `xstate.error.actor.<id>` events.
 */

import { expect } from 'vitest';
import {
  type Actor,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
  fromCallback,
  fromPromise,
  type SimulatedClock,
} from 'xstate';
import { getShortestPaths, getSimplePaths, type StatePath, toDirectedGraph } from 'xstate/graph';

interface Pending {
  resolve: (output: unknown) => void;
  reject: (error: unknown) => void;
  signal: AbortSignal;
}

/** Controllable actor implementations: the test decides when and how each one settles. */
export class FakeActors {
  /** Inputs every start of each named promise actor received, in order. */
  readonly inputs = new Map<string, unknown[]>();
  /** Every call of the actions made with {@link action}, in order, with their params. */
  readonly actions: Array<{ name: string; params: unknown }> = [];
  private readonly pending = new Map<string, Pending>();
  private readonly tickers = new Set<() => void>();

  /** A promise actor named `name` that stays pending until {@link resolve} or {@link reject}. */
  promise<TOutput, TInput>(name: string) {
    return fromPromise<TOutput, TInput>(
      ({ input, signal }) =>
        new Promise<TOutput>((resolve, reject) => {
          this.inputs.set(name, [...this.inputsOf(name), input]);
          this.pending.set(name, { resolve: resolve as (output: unknown) => void, reject, signal });
        }),
    );
  }

  /** An injected action named `name` that only records its calls in {@link actions}. */
  action(name: string) {
    return (_: unknown, params: unknown): void => {
      this.actions.push({ name, params });
    };
  }

  /** A ticker whose ticks the test sends with {@link tick}. */
  ticker() {
    return fromCallback<EventObject>(({ sendBack }) => {
      const tick = () => sendBack({ type: 'clock.tick' });
      this.tickers.add(tick);
      return () => {
        this.tickers.delete(tick);
      };
    });
  }

  inputsOf(name: string): unknown[] {
    return this.inputs.get(name) ?? [];
  }

  /** Whether a promise actor named `name` is running (started, not settled, not stopped). */
  isRunning(name: string): boolean {
    const pending = this.pending.get(name);
    return pending !== undefined && !pending.signal.aborted;
  }

  get runningTickers(): number {
    return this.tickers.size;
  }

  resolve(name: string, output: unknown): void {
    this.take(name).resolve(output);
  }

  reject(name: string, error: unknown): void {
    this.take(name).reject(error);
  }

  /** One tick of the one running ticker; throws when none (or more than one) is running. */
  tick(times = 1): void {
    if (this.tickers.size !== 1) {
      throw new Error(`expected exactly one running ticker, found ${this.tickers.size}`);
    }
    const [tick] = [...this.tickers];
    for (let i = 0; i < times; i++) tick!();
  }

  private take(name: string): Pending {
    const pending = this.pending.get(name);
    if (pending === undefined || pending.signal.aborted) {
      throw new Error(`actor "${name}" is not running`);
    }
    this.pending.delete(name);
    return pending;
  }
}

/** Lets settled promises reach the actor (all pending microtasks run before a macrotask). */
export const flush = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** A path as `xstate/graph` returns it, for any machine. */
export type ModelPath = StatePath<AnyMachineSnapshot, AnyEventObject>;

interface PathOptions {
  /** Every event the model may send (user events with payloads, actor outcomes). */
  events: readonly AnyEventObject[];
  input?: unknown;
  /** Extra filter, e.g. to bound a counter so the graph stays finite. */
  filter?: (snapshot: AnyMachineSnapshot, event: AnyEventObject) => boolean;
  /**
   * What of the context tells states apart (default: all of it). A coarser key keeps a big
   * machine's graph small: snapshots that differ only elsewhere count as one vertex (the
   * replay still compares the whole context).
   */
  contextKey?: (context: unknown) => unknown;
}

/** Traversal steps after which a graph counts as unbounded: fail fast instead of hanging. */
const TRAVERSAL_LIMIT = 100_000;

const describeValue = (snapshot: AnyMachineSnapshot) => JSON.stringify(snapshot.value);

/**
 * Shortest paths to every distinct (state, context, incoming transition): keying vertices by
 * the transition that reached them (as `createTestModel` does) puts every transition the
 * events can take on some path. Only events the snapshot `can` take are tried.
 */
export function modelPaths(machine: AnyStateMachine, options: PathOptions): ModelPath[] {
  return getShortestPaths(machine, {
    input: options.input,
    limit: TRAVERSAL_LIMIT,
    events: (snapshot: AnyMachineSnapshot) =>
      options.events.filter(
        (event) =>
          snapshot.status === 'active' &&
          snapshot.can(event) &&
          (options.filter?.(snapshot, event) ?? true),
      ),
    serializeState: (snapshot: AnyMachineSnapshot, event, previous) =>
      JSON.stringify({
        value: snapshot.value,
        context: options.contextKey ? options.contextKey(snapshot.context) : snapshot.context,
        via: event?.type,
        from: previous ? describeValue(previous) : undefined,
      }),
  });
}

/**
 * Simple (cycle-free) paths to every distinct (state, context): every history the events allow
 * without repeating a snapshot, for invariants over whole histories.
 */
export function historyPaths(machine: AnyStateMachine, options: PathOptions): ModelPath[] {
  return getSimplePaths(machine, {
    input: options.input,
    limit: TRAVERSAL_LIMIT,
    events: (snapshot: AnyMachineSnapshot) =>
      options.events.filter(
        (event) =>
          snapshot.status === 'active' &&
          snapshot.can(event) &&
          (options.filter?.(snapshot, event) ?? true),
      ),
  });
}

/** The top-level states of a flat machine the paths never reach (expected: none). */
export function unreachedStates(machine: AnyStateMachine, paths: readonly ModelPath[]): string[] {
  const reached = new Set(paths.flatMap((path) => path.steps.map((s) => String(s.state.value))));
  return Object.keys(machine.root.states).filter((state) => !reached.has(state));
}

/** The machine's transitions (see {@link machineEdges}) no path takes (expected: none). */
export function untakenEdges(machine: AnyStateMachine, paths: readonly ModelPath[]): string[] {
  const taken = pathEdges(paths);
  return machineEdges(machine).filter((edge) => !taken.has(edge));
}

/** Every transition of the machine's top-level states as `source --event--> target`. */
export function machineEdges(machine: AnyStateMachine): string[] {
  return toDirectedGraph(machine).children.flatMap((node) =>
    node.edges.map((edge) => `${edge.source.key} --${edge.label.text}--> ${edge.target.key}`),
  );
}

/** The transitions the paths take, in the format of {@link machineEdges}. */
export function pathEdges(paths: readonly ModelPath[]): Set<string> {
  const edges = new Set<string>();
  for (const path of paths) {
    path.steps.forEach((step, i) => {
      const previous = path.steps[i - 1];
      if (previous === undefined) return;
      // An eventless (`always`) edge has an empty label; in a path it shows under the event
      // that led into its source, so every step also counts as `from ----> to`.
      const from = String(previous.state.value);
      const to = String(step.state.value);
      edges.add(`${from} --${step.event.type}--> ${to}`);
      edges.add(`${from} ----> ${to}`);
    });
  }
  return edges;
}

/** A state node as the coverage helpers read it (xstate's StateNode). */
interface NodeLike {
  id: string;
  states: Record<string, NodeLike>;
  ownEvents: string[];
}

function allNodes(node: NodeLike): NodeLike[] {
  return Object.values(node.states).flatMap((child) => [child, ...allNodes(child)]);
}

/** Every state node of the machine at any depth, by id (`checkout.held.items.ready`). */
export function stateNodeIds(machine: AnyStateMachine): string[] {
  return allNodes(machine.root as unknown as NodeLike).map((node) => node.id);
}

/** Ids of the state nodes a snapshot is in (parallel regions and their parents included). */
export function activeNodeIds(snapshot: AnyMachineSnapshot): string[] {
  return (snapshot as unknown as { _nodes: NodeLike[] })._nodes.map((node) => node.id);
}

/**
 * Every event each state node (at any depth) handles itself, as `node.id on event`: user
 * events, actor outcomes (`xstate.done.actor.*`), delays (`xstate.after.*`). Eventless
 * (`always`) transitions are covered by reaching their targets.
 */
export function nodeEvents(machine: AnyStateMachine): string[] {
  return allNodes(machine.root as unknown as NodeLike).flatMap((node) =>
    node.ownEvents.map((type) => `${node.id} on ${type}`),
  );
}

/** The `node.id on event` pairs the paths exercise: the event, sent while the node was active. */
export function pathNodeEvents(paths: readonly ModelPath[]): Set<string> {
  const taken = new Set<string>();
  for (const path of paths) {
    path.steps.forEach((step, i) => {
      const previous = path.steps[i - 1];
      if (previous === undefined) return;
      for (const id of activeNodeIds(previous.state)) taken.add(`${id} on ${step.event.type}`);
    });
  }
  return taken;
}

/** Human-readable label of a path for test names. */
export function describePath(path: ModelPath): string {
  const events = path.steps.slice(1).map((step) => step.event.type);
  return `${describeValue(path.state)} via ${events.join(' → ') || '(start)'}`;
}

/**
 * The observable part of a snapshot the view relies on; with `contextKey`, only that part of
 * the context (see {@link PathOptions.contextKey}).
 */
export function observable(
  snapshot: AnyMachineSnapshot,
  contextKey?: (context: unknown) => unknown,
) {
  return {
    value: snapshot.value,
    status: snapshot.status,
    tags: [...snapshot.tags].sort(),
    context: contextKey ? contextKey(snapshot.context) : snapshot.context,
    // What a finished actor hands to the app (undefined while it runs).
    output: snapshot.output,
  };
}

const DONE = 'xstate.done.actor.';
const ERROR = 'xstate.error.actor.';
const AFTER = 'xstate.after.';

/**
 * Replays a model path against a real actor: user events are sent, actor outcomes settle the
 * matching fake, `clock.tick` drives the fake ticker. After each step the actor's observable
 * snapshot must equal the model's, or the test fails naming the step that differed.
 */
export async function runPath(
  path: ModelPath,
  actor: Actor<AnyStateMachine>,
  fakes: FakeActors,
  options: {
    /**
     * The actor's clock, for machines with delays: a delayed event (`xstate.after.<delay>.…`)
     * advances it by `delays[<delay>]` ms.
     */
    clock?: SimulatedClock;
    delays?: Record<string, number>;
    /**
     * The key the paths were generated with: only that part of the context is compared, since
     * a vertex's snapshot may have been first reached along another path.
     */
    contextKey?: (context: unknown) => unknown;
  } = {},
): Promise<void> {
  actor.start();
  for (const [i, step] of path.steps.entries()) {
    const { event } = step;
    if (i > 0) {
      if (event.type.startsWith(DONE)) {
        fakes.resolve(event.type.slice(DONE.length), event.output);
      } else if (event.type.startsWith(ERROR)) {
        fakes.reject(event.type.slice(ERROR.length), event.error);
      } else if (event.type === 'clock.tick') {
        fakes.tick();
      } else if (event.type.startsWith(AFTER) && options.clock) {
        const delay = event.type.slice(AFTER.length).split('.')[0]!;
        options.clock.increment(options.delays?.[delay] ?? Number(delay));
      } else {
        actor.send(event);
      }
      await flush();
    }
    expect(
      observable(actor.getSnapshot(), options.contextKey),
      `step ${i} (${event.type}) of ${describePath(path)}`,
    ).toEqual(observable(step.state, options.contextKey));
  }
  actor.stop();
}
