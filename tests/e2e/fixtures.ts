import { test as base, type Page } from '@playwright/test';
import { MAIN_PORT } from '../../playwright.config';
import { STORAGE_KEYS } from '../../src/lib/storage';
import { CONSENT_VERSION, type StoredConsent } from '../../src/lib/tracking/consent';

export { expect, type Page } from '@playwright/test';

/**
 * Playwright's `test` whose page waits, after `goto` and `reload`, until the storefront is
 * interactive: a server-rendered page shows its buttons before the browser has hydrated them,
 * and a click in between does nothing (the shell marks `<html data-ready>` once hydrated or
 * rendered). Pages without the storefront's root (the mailbox, the sandbox identity provider)
 * and pages without JavaScript are not waited for.
 */
export const test = base.extend<{ cookieChoice: 'necessary' | null }>({
  // This worker's main server (playwright.config.ts: one set of servers per worker).
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from its first parameter's pattern.
  baseURL: async ({}, use) => use(`http://127.0.0.1:${MAIN_PORT}`),
  /**
   * The cookie choice the visitor arrives with: "necessary only", so the consent banner (it
   * appears just after hydration, and a banner that shows up under a tap takes the tap) stays
   * out of tests about something else. Tests of the banner itself use `cookieChoice: null`.
   */
  cookieChoice: ['necessary', { option: true }],
  page: async ({ page, javaScriptEnabled, cookieChoice }, use) => {
    if (cookieChoice) {
      const stored: StoredConsent = {
        v: CONSENT_VERSION,
        analytics: false,
        marketing: false,
        at: new Date().toISOString(),
      };
      await page.addInitScript(
        ([key, value]) => {
          try {
            if (localStorage.getItem(key) === null) localStorage.setItem(key, value);
          } catch {
            // No storage (an opaque origin): nothing to set.
          }
        },
        [STORAGE_KEYS.consent, JSON.stringify(stored)] as const,
      );
    }
    if (javaScriptEnabled) {
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (url, options) => {
        const res = await goto(url, options);
        if (options?.waitUntil !== 'commit') await untilReady(page);
        return res;
      };
      page.reload = async (options) => {
        const res = await reload(options);
        if (options?.waitUntil !== 'commit') await untilReady(page);
        return res;
      };
    }
    await use(page);
  },
});

async function untilReady(page: Page): Promise<void> {
  await page.waitForFunction(
    () => !document.getElementById('root') || document.documentElement.dataset.ready !== undefined,
  );
}
