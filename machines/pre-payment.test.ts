import { describe, expect, it } from 'vitest';
import { firstMissingStep, type PrePaymentFacts } from './pre-payment';

const READY: PrePaymentFacts = {
  holdersMissing: 0,
  termsUnaccepted: false,
  refundableUnchosen: false,
  deliveryMissing: false,
  captchaUnsolved: false,
  cardInvalid: false,
};

describe('what a payment still needs', () => {
  it('nothing when every step is done', () => {
    expect(firstMissingStep(READY)).toBeNull();
  });

  it('takes the person to the first step left, in the page’s order', () => {
    const all: PrePaymentFacts = {
      holdersMissing: 2,
      termsUnaccepted: true,
      refundableUnchosen: true,
      deliveryMissing: true,
      captchaUnsolved: true,
      cardInvalid: true,
    };
    const order: string[] = [];
    let facts = all;
    for (let step = firstMissingStep(facts); step; step = firstMissingStep(facts)) {
      order.push(step);
      const done = {
        holders: { holdersMissing: 0 },
        terms: { termsUnaccepted: false },
        refundable: { refundableUnchosen: false },
        delivery: { deliveryMissing: false },
        captcha: { captchaUnsolved: false },
        card: { cardInvalid: false },
      }[step];
      facts = { ...facts, ...done };
    }
    expect(order).toEqual(['holders', 'terms', 'refundable', 'delivery', 'captcha', 'card']);
  });

  it('each step alone is the one asked for', () => {
    expect(firstMissingStep({ ...READY, captchaUnsolved: true })).toBe('captcha');
    expect(firstMissingStep({ ...READY, deliveryMissing: true, cardInvalid: true })).toBe(
      'delivery',
    );
  });
});
