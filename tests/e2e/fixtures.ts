import { test as base, type Page } from '@playwright/test';
import { MAIN_PORT } from '../../playwright.config';

export { expect, type Page } from '@playwright/test';

/**
 * Playwright's `test` whose page waits, after `goto` and `reload`, until the storefront is
 * interactive: a server-rendered page shows its buttons before the browser has hydrated them,
 * and a click in between does nothing (the shell marks `<html data-ready>` once hydrated or
 * rendered). Pages without the storefront's root (the mailbox, the sandbox identity provider)
 * and pages without JavaScript are not waited for.
 */
export const test = base.extend({
  // This worker's main server (playwright.config.ts: one set of servers per worker).
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from its first parameter's pattern.
  baseURL: async ({}, use) => use(`http://127.0.0.1:${MAIN_PORT}`),
  page: async ({ page, javaScriptEnabled }, use) => {
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
