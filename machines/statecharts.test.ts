import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkoutMachine } from './checkout.machine';
import { paymentMachine } from './payment.machine';
import { flowsMarkdown, toMermaid } from './statecharts';

describe('statecharts', () => {
  it('draws every state, the initial one and the transitions with their guards', () => {
    const chart = toMermaid(checkoutMachine);
    expect(chart.split('\n')[0]).toBe('stateDiagram-v2');
    expect(chart).toContain('[*] --> checkout_idle');
    for (const state of Object.keys(checkoutMachine.root.states)) {
      expect(chart).toContain(`state "${state}" as checkout_${state}`);
    }
    expect(chart).toContain('checkout_loading --> checkout_held : loadCart done [hasTimeLeft]');
    expect(chart).toContain('checkout_loading --> checkout_failed : loadCart error');
    expect(chart).toContain('checkout_loading : tag busy, invokes loadCart');
  });

  it('draws nested and parallel states, named delays and the payment child', () => {
    const chart = toMermaid(checkoutMachine);
    expect(chart).toContain('state "items" as checkout_held_items {');
    expect(chart).toContain(
      'checkout_held_items_ready --> checkout_held_items_removing : cart.removeItems',
    );
    expect(chart).toContain(
      'checkout_expired_confirming --> checkout_expired_confirmed : after expiryGrace',
    );
    expect(chart).toContain('checkout_held_payment_open : invokes payment');
  });

  it('ends final states', () => {
    const chart = toMermaid(paymentMachine);
    for (const state of ['succeeded', 'pending']) {
      expect(chart).toContain(`payment_${state} --> [*]`);
    }
    expect(chart).not.toContain('payment_ready --> [*]');
  });

  it('docs/flows.md is up to date (run `npm run docs:flows` after changing a machine)', () => {
    expect(readFileSync('docs/flows.md', 'utf8')).toBe(flowsMarkdown());
  });
});
