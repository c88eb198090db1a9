import { describe, expect, it } from 'vitest';
import { type AnyEventObject, type AnyMachineSnapshot, createActor } from 'xstate';
import type { Faq } from '#schemas/contract.ts';
import { supportPanelMachine } from './support-panel.machine';
import type { SupportPanelContext, SupportPanelEvent } from './support-panel.types';
import {
  activeNodeIds,
  FakeActors,
  flush,
  modelPaths,
  nodeEvents,
  pathNodeEvents,
  runPath,
  stateNodeIds,
  visitedSnapshots,
} from './testing';

const FAQ: Faq = {
  titulo: 'Perguntas frequentes',
  atualizado: '2026-11-01',
  categorias: [
    { titulo: 'Compra', perguntas: [{ pergunta: 'Como compro?', resposta: '<p>No site.</p>' }] },
  ],
} as Faq;
const OFFLINE = { code: -3, message: 'offline' };

function fakeMachine(fakes: FakeActors) {
  return supportPanelMachine.provide({
    actors: {
      loadFaq: fakes.promise<Faq, unknown>('loadFaq'),
      loadWidget: fakes.promise<void, unknown>('loadWidget'),
    },
  });
}

function start() {
  const fakes = new FakeActors();
  const actor = createActor(fakeMachine(fakes)).start();
  return { actor, fakes, snap: () => actor.getSnapshot() };
}

describe('supportPanelMachine', () => {
  it('loads nothing before the panel opens; the FAQ once it does, and keeps it', async () => {
    const { actor, fakes, snap } = start();
    expect(fakes.inputsOf('loadFaq')).toHaveLength(0);
    expect(fakes.inputsOf('loadWidget')).toHaveLength(0);
    actor.send({ type: 'panel.opened' });
    expect(snap().hasTag('faqLoading')).toBe(true);
    fakes.resolve('loadFaq', FAQ);
    await flush();
    expect(snap().hasTag('faqReady')).toBe(true);
    expect(snap().context.faq).toEqual(FAQ);
    // Opened again: nothing is asked again.
    actor.send({ type: 'panel.opened' });
    expect(fakes.inputsOf('loadFaq')).toHaveLength(1);
    expect(fakes.inputsOf('loadWidget')).toHaveLength(0);
  });

  it('a failed FAQ keeps the error, and a retry (or reopening) asks again', async () => {
    const { actor, fakes, snap } = start();
    actor.send({ type: 'panel.opened' });
    fakes.reject('loadFaq', OFFLINE);
    await flush();
    expect(snap().hasTag('faqFailed')).toBe(true);
    expect(snap().context.faqError).toEqual(OFFLINE);
    actor.send({ type: 'faq.retried' });
    expect(snap().hasTag('faqLoading')).toBe(true);
    fakes.reject('loadFaq', OFFLINE);
    await flush();
    actor.send({ type: 'panel.opened' });
    expect(fakes.inputsOf('loadFaq')).toHaveLength(3);
    fakes.resolve('loadFaq', FAQ);
    await flush();
    expect(snap().context).toMatchObject({ faq: FAQ, faqError: null });
  });

  it('the chat script loads only when asked for; a failure may be asked again', async () => {
    const { actor, fakes, snap } = start();
    actor.send({ type: 'panel.opened' });
    expect(fakes.isRunning('loadWidget')).toBe(false);
    actor.send({ type: 'widget.requested' });
    expect(snap().hasTag('widgetLoading')).toBe(true);
    // Asked twice while loading: one script.
    actor.send({ type: 'widget.requested' });
    expect(fakes.inputsOf('loadWidget')).toHaveLength(1);
    fakes.reject('loadWidget', new Error('blocked'));
    await flush();
    expect(snap().hasTag('widgetFailed')).toBe(true);
    expect(snap().context.widgetError?.code).toBe(-3);
    actor.send({ type: 'widget.requested' });
    expect(snap().context.widgetError).toBeNull();
    fakes.resolve('loadWidget', undefined);
    await flush();
    expect(snap().hasTag('widgetReady')).toBe(true);
    actor.send({ type: 'widget.requested' });
    expect(fakes.inputsOf('loadWidget')).toHaveLength(2);
  });

  it('the default actors are placeholders that fail loudly ("not provided")', async () => {
    const actor = createActor(supportPanelMachine).start();
    actor.send({ type: 'panel.opened' });
    actor.send({ type: 'widget.requested' });
    await flush();
    expect(actor.getSnapshot().context.faqError?.message).toMatch(/"loadFaq" not provided/);
    expect(actor.getSnapshot().context.widgetError?.message).toMatch(/"loadWidget" not provided/);
  });
});

// ---------------------------------------------------------------------------------------------
// Model-based: paths generated from the machine, replayed against a real actor.

const MODEL_EVENTS: AnyEventObject[] = [
  { type: 'panel.opened' },
  { type: 'faq.retried' },
  { type: 'widget.requested' },
  { type: 'xstate.done.actor.loadFaq', output: FAQ },
  { type: 'xstate.error.actor.loadFaq', error: OFFLINE },
  { type: 'xstate.done.actor.loadWidget' },
  { type: 'xstate.error.actor.loadWidget', error: OFFLINE },
] satisfies (SupportPanelEvent | AnyEventObject)[];

const TAGS_OF: Record<string, string[]> = {
  'supportPanel.faq.loading': ['faqLoading'],
  'supportPanel.faq.ready': ['faqReady'],
  'supportPanel.faq.failed': ['faqFailed'],
  'supportPanel.widget.loading': ['widgetLoading'],
  'supportPanel.widget.ready': ['widgetReady'],
  'supportPanel.widget.failed': ['widgetFailed'],
};

const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as SupportPanelContext;

describe('supportPanelMachine model paths (xstate/graph)', () => {
  const paths = modelPaths(supportPanelMachine, { events: MODEL_EVENTS });
  const visited = visitedSnapshots(paths);

  it('reaches every state node', () => {
    const reached = new Set(visited.flatMap(activeNodeIds));
    expect(stateNodeIds(supportPanelMachine).filter((id) => !reached.has(id))).toEqual([]);
  });

  it('sends every event each state node handles while it is active', () => {
    const taken = pathNodeEvents(paths);
    expect(nodeEvents(supportPanelMachine).filter((pair) => !taken.has(pair))).toEqual([]);
  });

  it('tags and invariants hold in every reachable snapshot', () => {
    for (const snapshot of visited) {
      const where = JSON.stringify(snapshot.value);
      const expected = activeNodeIds(snapshot).flatMap((id) => TAGS_OF[id] ?? []);
      expect([...snapshot.tags].sort(), where).toEqual(expected.sort());
      const c = ctx(snapshot);
      if (snapshot.hasTag('faqReady')) expect(c.faq, where).not.toBeNull();
      if (snapshot.hasTag('faqFailed')) expect(c.faqError, where).not.toBeNull();
      if (snapshot.hasTag('widgetFailed')) expect(c.widgetError, where).not.toBeNull();
      if (snapshot.hasTag('widgetLoading')) expect(c.widgetError, where).toBeNull();
      // Nothing of the FAQ before the panel was opened.
      if (snapshot.matches({ faq: 'idle' })) expect(c.faq, where).toBeNull();
    }
  });

  it('the real actor follows every walk', async () => {
    for (const path of paths) {
      const fakes = new FakeActors();
      await runPath(path, createActor(fakeMachine(fakes)), fakes);
    }
  });
});
