import { describe, expect, it } from 'vitest';
import { hasTrackers, mergeCspSources, trackerCspSources } from '#schemas/trackers.ts';
import { withCspSources, withRecaptchaSources } from './csp';

const NONE = { googleAnalyticsId: '', googleTagManagerId: '', metaPixelId: '' };
const BASE =
  "default-src 'self';script-src 'self' 'nonce-abc';img-src 'self' data:;connect-src 'self'";

describe('tracker hosts', () => {
  it('a brand without ids has no trackers and allows nothing more', () => {
    expect(hasTrackers(NONE)).toBe(false);
    expect(trackerCspSources(NONE)).toEqual({});
    expect(withCspSources(BASE, trackerCspSources(NONE))).toBe(BASE);
  });

  it("GA4 or Tag Manager allow Google's hosts, not Meta's", () => {
    for (const ids of [
      { ...NONE, googleAnalyticsId: 'G-ABC123' },
      { ...NONE, googleTagManagerId: 'GTM-ABC123' },
    ]) {
      expect(hasTrackers(ids)).toBe(true);
      const csp = withCspSources(BASE, trackerCspSources(ids));
      expect(csp).toContain("script-src 'self' 'nonce-abc' https://*.googletagmanager.com;");
      expect(csp).toMatch(/connect-src 'self' [^;]*https:\/\/\*\.google-analytics\.com/);
      expect(csp).toMatch(/frame-src 'self' https:\/\/td\.doubleclick\.net/);
      expect(csp).not.toContain('facebook');
    }
  });

  it("the Meta Pixel allows Meta's hosts only", () => {
    const csp = withCspSources(BASE, trackerCspSources({ ...NONE, metaPixelId: '1234567890' }));
    expect(csp).toContain("script-src 'self' 'nonce-abc' https://connect.facebook.net;");
    expect(csp).toMatch(/img-src 'self' data: https:\/\/www\.facebook\.com/);
    expect(csp).not.toContain('google');
  });

  it('merges sets without repeating a source', () => {
    const all = trackerCspSources({
      googleAnalyticsId: 'G-A',
      googleTagManagerId: 'GTM-B',
      metaPixelId: '123456',
    });
    for (const list of Object.values(all)) expect(new Set(list).size).toBe(list.length);
    expect(all['script-src']).toEqual([
      'https://*.googletagmanager.com',
      'https://connect.facebook.net',
    ]);
    expect(mergeCspSources({ a: ['x'] }, { a: ['x', 'y'], b: ['z'] })).toEqual({
      a: ['x', 'y'],
      b: ['z'],
    });
    // Added twice, written once.
    const twice = withCspSources(withCspSources(BASE, all), all);
    expect(twice).toBe(withCspSources(BASE, all));
  });
});

describe('reCAPTCHA hosts', () => {
  it('adds its script and frame sources (frame-src from self when missing)', () => {
    const csp = withRecaptchaSources(BASE);
    expect(csp).toContain(
      "script-src 'self' 'nonce-abc' https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/",
    );
    expect(csp).toContain(
      "frame-src 'self' https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/",
    );
  });
});
