import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { paymentMachine } from './payment.machine';
import { reservationMachine } from './reservation.machine';
import { flowsMarkdown, toMermaid } from './statecharts';

describe('statecharts', () => {
  it('draws every state, the initial one and the transitions with their guards', () => {
    const chart = toMermaid(reservationMachine);
    expect(chart.split('\n')[0]).toBe('stateDiagram-v2');
    expect(chart).toContain('[*] --> reservation_idle');
    for (const state of Object.keys(reservationMachine.root.states)) {
      expect(chart).toContain(`state "${state}" as reservation_${state}`);
    }
    expect(chart).toContain(
      'reservation_loading --> reservation_held : loadCart done [hasTimeLeft]',
    );
    expect(chart).toContain('reservation_loading --> reservation_failed : loadCart error');
    expect(chart).toContain('reservation_loading : tag busy, invokes loadCart');
  });

  it('ends final states', () => {
    const chart = toMermaid(paymentMachine);
    for (const state of ['succeeded', 'pending', 'closed']) {
      expect(chart).toContain(`payment_${state} --> [*]`);
    }
    expect(chart).not.toContain('payment_ready --> [*]');
  });

  it('docs/flows.md is up to date (run `npm run docs:flows` after changing a machine)', () => {
    expect(readFileSync('docs/flows.md', 'utf8')).toBe(flowsMarkdown());
  });
});
