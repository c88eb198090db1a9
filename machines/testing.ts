/**
 * Test support for the machines' unit and path tests (imported by `*.test.ts` only).
 *
 * - {@link FakeActors}: promise actors the test resolves or rejects by name, and a ticker the
 *   test drives, so nothing depends on the wall clock or the network.
 * - {@link modelPaths} / {@link runPath}: model-based tests. Walks through the machine's graph
 *   (`getAdjacencyMap` of `xstate/graph`) that take every transition are replayed against a
 *   real actor (with fake actors) and every step's snapshot must match the model's.
 *   `createTestModel` refuses machines with `invoke`, so the walks and the replay are ours;
 *   actor outcomes appear in paths as `xstate.done.actor.<id>` / `xstate.error.actor.<id>`
 *   events. {@link historyPaths}: every cycle-free history, for invariants over histories.
 */

import { isDeepStrictEqual } from 'node:util';
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
import {
  getAdjacencyMap,
  type SerializedSnapshot,
  type StatePath,
  serializeSnapshot,
  toDirectedGraph,
} from 'xstate/graph';

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
   * machine's graph small: snapshots that differ only elsewhere count as one vertex, and the
   * replay compares only the key. So it must hold everything the guards read: else the real
   * actor leaves a walk where the model's snapshot and its own decide differently.
   */
  contextKey?: (context: unknown) => unknown;
}

/** Traversal steps after which a graph counts as unbounded: fail fast instead of hanging. */
const TRAVERSAL_LIMIT = 100_000;

const describeValue = (snapshot: AnyMachineSnapshot) => JSON.stringify(snapshot.value);

/** One step of a path: the event sent and the snapshot it led to. */
type ModelStep = ModelPath['steps'][number];

/** A transition of the model's graph between the vertices `from` and `to` (their keys). */
interface ModelEdge {
  id: string;
  from: string;
  to: string;
  step: ModelStep;
}

/** The model's graph: every snapshot the events reach, by `key`, with its transitions. */
function modelGraph(
  machine: AnyStateMachine,
  options: PathOptions,
  key: (snapshot: AnyMachineSnapshot) => string,
) {
  const adjacency = getAdjacencyMap(machine, {
    input: options.input,
    limit: TRAVERSAL_LIMIT,
    // Only events the snapshot `can` take: an ignored event would only add a self-loop.
    events: (snapshot: AnyMachineSnapshot) =>
      options.events.filter(
        (event) =>
          snapshot.status === 'active' &&
          snapshot.can(event) &&
          (options.filter?.(snapshot, event) ?? true),
      ),
    serializeState: key,
  });
  const vertex = (from: string) => adjacency[from as SerializedSnapshot]!;
  // The traversal starts from the initial snapshot, so it is the first vertex.
  const [start] = Object.keys(adjacency);
  const initial = vertex(start!).state;
  const edges = new Map<string, ModelEdge[]>();
  const transitions = (from: string): ModelEdge[] => {
    let out = edges.get(from);
    if (out === undefined) {
      out = Object.entries(vertex(from).transitions).map(([event, t]) => ({
        id: `${from} ${event}`,
        from,
        to: key(t.state),
        step: { state: t.state, event: t.event },
      }));
      edges.set(from, out);
    }
    return out;
  };
  return { start: start!, initial, transitions };
}

/** Steps after which a walk ends (the next one starts again): keeps failure messages short. */
const WALK_LENGTH = 200;

/**
 * Walks through the model that together take every transition it has: from every distinct
 * snapshot (state and context, or its `contextKey`), every event it handles. A walk starts
 * from the initial snapshot and goes, each time, the shortest way to a transition not yet
 * taken, and takes it; it ends where none can be reached any more (a final state), or after
 * {@link WALK_LENGTH} steps. So every transition, and every snapshot the events reach, is on
 * some walk, with few steps in between.
 */
export function modelPaths(machine: AnyStateMachine, options: PathOptions): ModelPath[] {
  const graph = modelGraph(machine, options, (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      context: options.contextKey ? options.contextKey(snapshot.context) : snapshot.context,
    }),
  );
  const taken = new Set<string>();
  /** The shortest way from `from` through a transition not yet taken (breadth first). */
  const wayToUntaken = (from: string): ModelEdge[] | undefined => {
    const reachedBy = new Map<string, ModelEdge | undefined>([[from, undefined]]);
    for (const at of reachedBy.keys()) {
      const edges = graph.transitions(at);
      const untaken = edges.find((edge) => !taken.has(edge.id));
      if (untaken !== undefined) {
        const way = [untaken];
        for (let by = reachedBy.get(at); by !== undefined; by = reachedBy.get(by.from)) {
          way.unshift(by);
        }
        return way;
      }
      for (const edge of edges) if (!reachedBy.has(edge.to)) reachedBy.set(edge.to, edge);
    }
    return undefined;
  };
  const init: ModelStep = { state: graph.initial, event: { type: 'xstate.init' } };
  const walks: ModelPath[] = [];
  for (;;) {
    const edges: ModelEdge[] = [];
    let at = graph.start;
    for (let way = wayToUntaken(at); way !== undefined; way = wayToUntaken(at)) {
      for (const edge of way) taken.add(edge.id);
      edges.push(...way);
      at = way.at(-1)!.to;
      if (edges.length >= WALK_LENGTH) break;
    }
    if (edges.length === 0) break;
    const steps = [init, ...edges.map((edge) => edge.step)];
    walks.push({ state: steps.at(-1)!.state, steps, weight: edges.length });
  }
  // A machine whose initial snapshot takes no event at all: the walk that only starts it.
  if (walks.length === 0) walks.push({ state: graph.initial, steps: [init], weight: 0 });
  return walks;
}

/**
 * Every simple (cycle-free) path from the start through distinct (state, context) snapshots:
 * every history the events allow without repeating a snapshot, for invariants over whole
 * histories. The same set as `getSimplePaths` (which searches it again for every snapshot it
 * ends in), found in one depth-first search.
 */
export function historyPaths(machine: AnyStateMachine, options: PathOptions): ModelPath[] {
  const graph = modelGraph(machine, options, serializeSnapshot);
  const histories: ModelPath[] = [];
  const steps: ModelStep[] = [{ state: graph.initial, event: { type: 'xstate.init' } }];
  const onPath = new Set<string>();
  const visit = (from: string) => {
    histories.push({ state: steps.at(-1)!.state, steps: [...steps], weight: steps.length - 1 });
    onPath.add(from);
    for (const edge of graph.transitions(from)) {
      if (onPath.has(edge.to)) continue;
      steps.push(edge.step);
      visit(edge.to);
      steps.pop();
    }
    onPath.delete(from);
  };
  visit(graph.start);
  return histories;
}

/** Every distinct snapshot on the paths (a snapshot on several paths counts once). */
export function visitedSnapshots(paths: readonly ModelPath[]): AnyMachineSnapshot[] {
  return [...new Set(paths.flatMap((path) => path.steps.map((step) => step.state)))];
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

/** Human-readable label of a path (or of its first `length` steps) for failure messages. */
export function describePath(path: ModelPath, length = path.steps.length): string {
  const steps = path.steps.slice(0, length);
  const events = steps.slice(1).map((step) => step.event.type);
  return `${describeValue(steps.at(-1)!.state)} via ${events.join(' → ') || '(start)'}`;
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
    const actual = observable(actor.getSnapshot(), options.contextKey);
    const expected = observable(step.state, options.contextKey);
    // Only on a difference: the message names the history that led there, the events up to
    // this step (building it at every step of a long walk would cost more than the replay).
    if (!isDeepStrictEqual(actual, expected)) {
      expect(actual, `step ${i} (${event.type}) of ${describePath(path, i + 1)}`).toEqual(expected);
    }
  }
  actor.stop();
}
