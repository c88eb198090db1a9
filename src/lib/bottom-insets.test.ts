import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bodyPaddingBottom, scrollPaddingBottom } from './bottom-insets';

describe('the bars at the bottom', () => {
  it("index.html's <html> states the scroll padding of no bar: it has an inline style from its first byte", () => {
    const html = readFileSync(new URL('../../index.html', import.meta.url), 'utf8');
    const style = /<html [^>]*style="([^"]*)"/.exec(html)?.[1];
    expect(style).toBe(`scroll-padding-bottom: ${scrollPaddingBottom({ sticky: 0, consent: 0 })}`);
  });

  it('the scroll padding covers both bars and the chat button; the page ends lower while the banner is up', () => {
    expect(scrollPaddingBottom({ sticky: 72, consent: 120 })).toBe(
      'calc(192px + var(--chat-help-space, 0px) + 0.5rem)',
    );
    expect(scrollPaddingBottom({ sticky: 72, consent: 0 })).toBe(
      'calc(72px + var(--chat-help-space, 0px) + 0.5rem)',
    );
    expect(bodyPaddingBottom({ sticky: 72, consent: 120 })).toBe(
      'calc(192px + var(--chat-help-space, 0px))',
    );
    expect(bodyPaddingBottom({ sticky: 0, consent: 120 })).toBe(
      'calc(120px + var(--chat-help-space, 0px))',
    );
    // The sticky bar alone: the chat button floats above it, so the page ends that much lower.
    expect(bodyPaddingBottom({ sticky: 72, consent: 0 })).toBe(
      'calc(72px + var(--chat-help-space, 0px))',
    );
    expect(bodyPaddingBottom({ sticky: 0, consent: 0 })).toBe('');
  });
});
