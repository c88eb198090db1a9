import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { axeViolations, CARDS, holdAsNewPerson, msg, payWithCard } from './support';

/**
 * Coupons in the checkout (aplicarCupom; the demo brand's catalogue defines AURORA10, 10% off,
 * MUSEU20, R$ 20 off two museum tickets or more, and NATAL2025, expired): refused with the
 * reason beside the field, applied per ticket and in the total, removed, paid at the price
 * shown. Each test has its own account (the coupons count uses per person).
 */

const INTEIRA = 'Inteira';

async function applyCoupon(page: Page, code: string) {
  const field = page.getByLabel(msg('pt-BR', 'form.field.cupom'));
  if (!(await field.isVisible())) {
    await page.getByRole('button', { name: msg('pt-BR', 'coupon.open') }).click();
    // The field takes the focus once it shows.
    await expect(field).toBeFocused();
  }
  await field.fill(code);
  await page.getByRole('button', { name: msg('pt-BR', 'coupon.apply') }).click();
}

const total = (page: Page) => page.getByTestId('cart-total');

test('a coupon is refused with its reason, applied per ticket and in the total, removed, and paid as shown', async ({
  page,
  baseURL,
}) => {
  await holdAsNewPerson(page, baseURL!, 'coupon', 2);
  await expect(total(page)).toHaveText('R$ 110,00');

  // Expired: the reason beside the field, nothing changed.
  await applyCoupon(page, 'NATAL2025');
  const field = page.getByLabel(msg('pt-BR', 'form.field.cupom'));
  await expect(page.getByText(msg('pt-BR', 'error.couponExpired'))).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(total(page)).toHaveText('R$ 110,00');

  // Any case; 10% of the price, never of the fee: 2 × R$ 5,00.
  await applyCoupon(page, 'aurora10');
  const applied = page.getByTestId('coupon-applied');
  await expect(applied).toContainText(msg('pt-BR', 'coupon.applied', { code: 'AURORA10' }));
  await expect(applied).toContainText(msg('pt-BR', 'coupon.savings', { value: 'R$ 10,00' }));
  await expect(page.getByTestId('line-coupon')).toHaveText(
    msg('pt-BR', 'cart.lineCoupon', { code: 'AURORA10', value: 'R$ 5,00' }),
  );
  await expect(page.getByTestId('cart-coupon')).toHaveText('−R$ 10,00');
  await expect(total(page)).toHaveText('R$ 100,00');
  await expect(page.getByTestId('pay-button')).toContainText('R$ 100,00');
  // The instalments are offered again for the new total.
  await expect(page.getByLabel(msg('pt-BR', 'payment.installments'))).toContainText(
    msg('pt-BR', 'payment.installmentOptionFree', {
      n: 1,
      valor: 'R$ 100,00',
      total: 'R$ 100,00',
    }),
  );
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/coupon-applied.png', fullPage: true });

  // Removed: back to the full price.
  await page
    .getByRole('button', { name: msg('pt-BR', 'coupon.removeAria', { code: 'AURORA10' }) })
    .click();
  await expect(applied).toHaveCount(0);
  await expect(page.getByTestId('cart-coupon')).toHaveCount(0);
  await expect(total(page)).toHaveText('R$ 110,00');

  // Applied again and paid: the order costs what the checkout showed.
  await applyCoupon(page, 'AURORA10');
  await expect(total(page)).toHaveText('R$ 100,00');
  await payWithCard(page, 'pt-BR', CARDS.approved);
  await expect(page).toHaveURL(/\/pt\/meuspedidos$/, { timeout: 20_000 });
  const order = page.getByTestId('order').first();
  await expect(order).toContainText(msg('pt-BR', 'order.status.PA'));
  await expect(order).toContainText('R$ 100,00');
});

test('a fixed-amount coupon follows the tickets: below its minimum it stays with the reason and no discount', async ({
  page,
  baseURL,
}) => {
  await holdAsNewPerson(page, baseURL!, 'coupon-min', 2);
  // MUSEU20: R$ 20,00 off two museum tickets or more.
  await applyCoupon(page, 'MUSEU20');
  await expect(page.getByTestId('cart-coupon')).toHaveText('−R$ 20,00');
  await expect(total(page)).toHaveText('R$ 90,00');

  await page
    .getByRole('button', { name: msg('pt-BR', 'cart.removeOneAria', { produto: INTEIRA }) })
    .click();
  await expect(page.getByTestId('coupon-note')).toHaveText(
    msg('pt-BR', 'error.couponMinimum', { n: 2 }),
  );
  await expect(page.getByTestId('cart-coupon')).toHaveCount(0);
  await expect(total(page)).toHaveText('R$ 55,00');
});
