import { readdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { DEV_PAGES_PORT } from '../../playwright.config';
import { expect, type Page, test } from './fixtures';
import { CARDS, logInWithModal, msg, openFirstSession, payWithCard } from './support';

// Every screen of the storefront, as a shopper meets it on a phone, and every form with its
// errors shown, checked with axe-core against WCAG 2.2 A/AA and axe's best practices.

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** The violations of the page as readable lines: rule, impact and the elements. */
async function violations(page: Page): Promise<string[]> {
  // From the top of the page, then scrolled back (see axeViolations in ./support.ts: what a
  // step left under the sticky header would count as overlapping targets).
  const scrolled = await page.evaluate(() => {
    const y = window.scrollY;
    window.scrollTo(0, 0);
    return y;
  });
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  await page.evaluate((y) => window.scrollTo(0, y), scrolled);
  return results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('the shopping path meets WCAG 2.2 AA: home, event, login, checkout, orders, not found', async ({
  page,
}) => {
  await page.goto('/pt');
  await expect(page.getByRole('link', { name: /Visita ao Museu do Aurora/ })).toBeVisible();
  expect(await violations(page), 'home').toEqual([]);

  await openFirstSession(page, /Visita ao Museu do Aurora/);
  await page
    .getByRole('button', { name: msg('pt-BR', 'product.addOne', { produto: 'Inteira' }) })
    .click();
  expect(await violations(page), 'event with a session and a ticket picked').toEqual([]);

  await page.getByRole('button', { name: msg('pt-BR', 'product.addToCart') }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: msg('pt-BR', 'login.submit'), exact: true }).click();
  await expect(dialog.getByText(msg('pt-BR', 'form.error.required')).first()).toBeVisible();
  expect(await violations(page), 'login with errors').toEqual([]);

  await logInWithModal(page, 'pt-BR');
  // The welcome toast lives 5 s: the pointer rests on it as it arrives, which holds it (as it
  // would for a reader) while the checkout loads; after the checkout's steps, on a slow
  // machine, it was gone. It sits below the sticky header, never over it, and its colours are
  // checked with the checkout's.
  const toast = page.locator('[data-scope=toast][data-part=root]').first();
  await expect(toast).toBeVisible();
  await toast.hover();
  await expect(page).toHaveURL(/\/pt\/checkout$/);
  const pay = page.getByTestId('pay-button');
  await expect(pay).toBeVisible();
  const headerBox = await page.locator('header').first().boundingBox();
  const toastBox = await toast.boundingBox();
  expect(toastBox?.y ?? 0).toBeGreaterThanOrEqual((headerBox?.y ?? 0) + (headerBox?.height ?? 0));
  await expect(toast).toBeVisible();
  expect(await violations(page), 'checkout with its welcome').toEqual([]);

  await pay.click();
  await expect(page.getByText(msg('pt-BR', 'form.error.required')).first()).toBeVisible();
  expect(await violations(page), 'checkout with card errors').toEqual([]);

  await payWithCard(page, 'pt-BR', CARDS.declined);
  await expect(page.getByTestId('payment-failed')).toBeVisible();
  expect(await violations(page), 'declined payment').toEqual([]);

  await page.getByLabel(msg('pt-BR', 'payment.card.number')).fill(CARDS.approved);
  await pay.click();
  await expect(page).toHaveURL(/\/pt\/meuspedidos$/, { timeout: 20_000 });
  await expect(page.getByTestId('order').first()).toBeVisible();
  expect(await violations(page), 'my orders').toEqual([]);

  await page.goto('/en/no-such-page');
  await expect(page.getByTestId('not-found')).toBeVisible();
  expect(await violations(page), 'not found').toEqual([]);
});

const FORM_IDS = readdirSync('schemas/forms')
  .filter((f) => f.endsWith('.samples.json'))
  .map((f) => f.slice(0, -'.samples.json'.length));

// One test per form: all of them in one test took 66–84 s of a 90 s budget on an idle machine.
for (const formId of FORM_IDS) {
  test(`the ${formId} form meets WCAG 2.2 AA with its errors shown`, async ({ page }) => {
    await page.goto(`http://127.0.0.1:${DEV_PAGES_PORT}/pt/dev/forms?form=${formId}`);
    await page.getByRole('button', { name: msg('pt-BR', 'formui.dev.loadInvalid') }).click();
    await page.getByTestId('form-submit').click();
    await expect(page.locator('[id$="__error"]').first()).toBeVisible();
    expect(await violations(page), formId).toEqual([]);
  });
}
