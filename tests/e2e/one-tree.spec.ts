import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { ACCOUNTS_BRANDS_DIR, ACCOUNTS_PORT } from '../../playwright.config';
import { expect, test } from './fixtures';
import { collectProblems, msg } from './support';

// A brand with one tree for every language (`multiLanguage: false`: no prefix in its paths).
// The server renders its pages in the visitor's language (the cookie, else Accept-Language)
// and the browser hydrates them in that language: nothing is drawn again. The demo brand of the
// accounts server's copy of brands/ is switched to one tree for this test and back after it
// (the server reloads a changed brand by itself).
const ACCOUNTS = `http://127.0.0.1:${ACCOUNTS_PORT}`;
const brandFile = join(ACCOUNTS_BRANDS_DIR, 'museu-aurora', 'brand.json');

async function multiLanguage(request: APIRequestContext): Promise<boolean | undefined> {
  const res = await request.post(`${ACCOUNTS}/CustomUserApps/Configs`, { data: {} });
  return ((await res.json()) as { result?: { multiLanguage?: boolean } }).result?.multiLanguage;
}

test.describe('a brand with one tree for every language, in an English browser', () => {
  test.use({ locale: 'en-US' });

  test('its pages come rendered in the visitor’s language and hydrate as they are', async ({
    page,
    request,
  }) => {
    const original = readFileSync(brandFile, 'utf8');
    writeFileSync(
      brandFile,
      JSON.stringify({ ...JSON.parse(original), multiLanguage: false }, null, 2),
    );
    try {
      await expect.poll(() => multiLanguage(request), { timeout: 15_000 }).toBe(false);
      const problems = collectProblems(page);
      // Every element the storefront removes from the page (a page drawn again would remove
      // the server's), from before its code runs.
      await page.addInitScript(() => {
        const removed: string[] = [];
        Object.assign(window, { removed });
        new MutationObserver((records) => {
          for (const r of records) {
            for (const n of r.removedNodes) {
              if (n instanceof Element && n.closest('head') === null && n.tagName !== 'STYLE') {
                removed.push(`${n.tagName}: ${(n.textContent ?? '').slice(0, 40)}`);
              }
            }
          }
        }).observe(document, { childList: true, subtree: true });
      });
      for (const path of ['/', '/product/1']) {
        const res = await page.goto(`${ACCOUNTS}${path}`);
        expect(await res?.text(), path).toContain('Aurora Museum visit');
        await expect(page).toHaveURL(`${ACCOUNTS}${path}`);
        await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
        await page.waitForLoadState('networkidle');
        await expect(
          page.getByRole('button', { name: msg('en-US', 'header.login') }),
        ).toBeVisible();
        const removed = await page.evaluate(
          () => (window as unknown as { removed: string[] }).removed,
        );
        expect(removed, path).toEqual([]);
      }
      // A language chosen before (the cookie the storefront writes beside its storage, here
      // alone) is the page's, in the server and in the browser, whatever the browser's.
      await page.context().addCookies([{ name: 'si_language', value: 'es-ES', url: ACCOUNTS }]);
      const res = await page.goto(`${ACCOUNTS}/`);
      expect(await res?.text()).toContain('Visita al Museo del Aurora');
      await expect(page.locator('html')).toHaveAttribute('lang', 'es-ES');
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('button', { name: msg('es-ES', 'header.login') })).toBeVisible();
      expect(
        await page.evaluate(() => (window as unknown as { removed: string[] }).removed),
      ).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      writeFileSync(brandFile, original);
      await expect.poll(() => multiLanguage(request), { timeout: 15_000 }).toBe(true);
    }
  });
});
