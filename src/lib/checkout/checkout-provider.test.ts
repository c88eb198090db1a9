import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { checkoutMachine } from '#machines/checkout.machine.ts';
import { NOT_STARTED, viewOf } from './checkout-provider';

describe('the checkout view before the machine loads', () => {
  it('is what the machine shows in its first state', () => {
    const actor = createActor(checkoutMachine, {
      input: { attemptNonce: 'n', heldHere: null },
    });
    expect(NOT_STARTED).toEqual(viewOf(actor.getSnapshot()));
  });
});
