import { expect, test } from './fixtures';
import {
  CARDS,
  logInWithModal,
  msg,
  openFirstSession,
  payWithCard,
  axeViolations as violations,
} from './support';

// Every screen of the storefront, as a shopper meets it on a phone, checked with axe-core
// against WCAG 2.2 A/AA and axe's best practices (every form with its errors shown: forms.spec).

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
