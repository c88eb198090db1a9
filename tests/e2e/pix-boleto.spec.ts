import { expect, test } from './fixtures';
import {
  acceptPurchaseTerms,
  availableUnits,
  axeViolations,
  declineRefundable,
  holdAsNewPerson,
  msg,
  pendingLocator,
  sandbox,
} from './support';

/**
 * Bank slip and Pix (issue 12): chosen in the checkout, issued without card data, shown with
 * their codes, and paid through the sandbox's operator command (the bank's notification), which
 * completes the order exactly as the gateway's webhook does.
 */
/** The shop's wall clock (hours:minutes) `minutes` from now, as a pt-BR time. */
const brasiliaIn = (minutes: number) =>
  new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(Date.now() + minutes * 60_000));

test.describe('in a browser on UTC', () => {
  // The shopper's browser is on another zone than the venue: times still read in Brasília's.
  test.use({ timezoneId: 'UTC' });

  test('Pix: the code is shown and copied; paid at the bank, the order completes by itself', async ({
    page,
    context,
    baseURL,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await holdAsNewPerson(page, baseURL!, 'pix', 2);

    await page.getByTestId('payment-method-pix').click();
    await expect(page.getByTestId('charge-intro')).toContainText('30 minutos');
    // No card fields for Pix.
    await expect(page.getByLabel(msg('pt-BR', 'payment.card.number'))).toHaveCount(0);
    const pay = page.getByTestId('pay-button');
    await expect(pay).toHaveText(msg('pt-BR', 'payment.pix.issue', { total: 'R$ 110,00' }));
    await declineRefundable(page);
    await acceptPurchaseTerms(page);
    await pay.click();

    const panel = page.getByTestId('pix-panel');
    await expect(panel).toBeVisible();
    // The order awaits the bank now: the hold's countdown is gone, the page says so.
    await expect(page.getByTestId('countdown')).toHaveCount(0);
    await expect(page.getByTestId('awaiting-payment')).toHaveText(
      msg('pt-BR', 'cart.awaitingPayment'),
    );
    await expect(page.getByTestId('cancel-reservation')).toBeDisabled();
    const qr = page.getByTestId('pix-qrcode');
    await expect(qr).toHaveAttribute('alt', msg('pt-BR', 'payment.pix.qrAlt'));
    expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const code = await page.getByTestId('pix-code').inputValue();
    expect(code).toMatch(/^000201.*6304[0-9A-F]{4}$/);
    await page.getByTestId('pix-code-copy').click();
    await expect(panel.getByText(msg('pt-BR', 'payment.copied'))).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    await expect(page.getByTestId('pix-waiting')).toContainText(
      msg('pt-BR', 'payment.pix.waiting'),
    );
    // Valid 30 minutes: the deadline on Brasília's clock, the zone named.
    expect(
      [29, 30, 31].map((m) => msg('pt-BR', 'payment.pix.expires', { time: brasiliaIn(m) })),
    ).toContain(await page.getByTestId('pix-expires').textContent());
    expect(await axeViolations(page)).toEqual([]);

    // The bank confirms: the page notices by itself and the order is paid, with its tickets.
    const localizador = await pendingLocator(page);
    expect(await sandbox('pay', localizador)).toContain(`Paid: ${localizador}`);
    await expect(page).toHaveURL(/\/pt\/meuspedidos$/, { timeout: 20_000 });
    const order = page.getByTestId('order').filter({ hasText: localizador });
    await expect(order).toContainText(msg('pt-BR', 'order.status.PA'));
    await expect(order.getByText(msg('pt-BR', 'order.ticketCode'))).toHaveCount(2);
  });
});

test('bank slip: issued with its line and printable page; pending in my orders until paid', async ({
  page,
  baseURL,
}) => {
  await holdAsNewPerson(page, baseURL!, 'slip', 1);
  await page.goto('/en/checkout');

  await page.getByTestId('payment-method-boleto').click();
  await expect(page.getByTestId('charge-intro')).toContainText('3 days');
  await declineRefundable(page);
  await acceptPurchaseTerms(page);
  await page.getByTestId('pay-button').click();

  const panel = page.getByTestId('slip-panel');
  await expect(panel).toBeVisible();
  await expect(page.getByTestId('countdown')).toHaveCount(0);
  await expect(page.getByTestId('awaiting-payment')).toHaveText(
    msg('en-US', 'cart.awaitingPayment'),
  );
  const line = await page.getByTestId('slip-line').inputValue();
  expect(line).toMatch(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/);
  await expect(page.getByTestId('slip-due')).toContainText(/Due date: \d\d\/\d\d\/\d{4}/);
  expect(await axeViolations(page)).toEqual([]);

  // The printable slip: the same line, a barcode, no script.
  const [slip] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByTestId('slip-open').click(),
  ]);
  await slip.waitForLoadState();
  await expect(slip.locator('body')).toContainText(line.replace(/\D/g, '').slice(0, 5));
  await expect(slip.locator('svg').first()).toBeVisible();
  expect(await slip.locator('script').count()).toBe(0);
  await slip.close();

  const localizador = await pendingLocator(page);
  await page.getByTestId('slip-done').click();
  await expect(page).toHaveURL(/\/en\/requests\?status=pending$/, { timeout: 20_000 });
  const order = page.getByTestId('order').filter({ hasText: localizador });
  await expect(order).toContainText(msg('en-US', 'order.status.AP'));

  expect(await sandbox('pay', localizador)).toContain(`Paid: ${localizador}`);
  await page.goto('/en/requests');
  await expect(order).toContainText(msg('en-US', 'order.status.PA'));
  await expect(order.getByText(msg('en-US', 'order.ticketCode'))).toHaveCount(1);
});

test('bank slip cancelled from my orders: asked first, the tickets back in the cart', async ({
  page,
  baseURL,
}) => {
  const { idapresentacao, idproduto } = await holdAsNewPerson(page, baseURL!, 'slip-cancel', 2);
  await page.getByTestId('payment-method-boleto').click();
  await declineRefundable(page);
  await acceptPurchaseTerms(page);
  await page.getByTestId('pay-button').click();
  await expect(page.getByTestId('slip-panel')).toBeVisible();
  await expect(page.getByTestId('countdown')).toHaveCount(0);
  const localizador = await pendingLocator(page);
  const onSale = await availableUnits(page, idapresentacao, idproduto);
  await page.getByTestId('slip-done').click();
  await expect(page).toHaveURL(/\/pt\/meuspedidos\?status=pending$/, { timeout: 20_000 });

  const order = page.getByTestId('order').filter({ hasText: localizador });
  await expect(order).toContainText(msg('pt-BR', 'order.status.AP'));
  await expect(order.getByTestId('order-slip')).toBeVisible();
  const cancel = order.getByTestId('order-cancel-slip');
  await expect(cancel).toHaveText(msg('pt-BR', 'orders.cancelSlip'));

  // Asked first; kept, nothing happens.
  await cancel.click();
  const dialog = page.getByRole('dialog', { name: msg('pt-BR', 'orders.cancelSlipTitle') });
  await expect(dialog).toContainText(msg('pt-BR', 'orders.cancelSlipBody'));
  expect(await axeViolations(page), 'cancel-slip confirmation').toEqual([]);
  await dialog.getByRole('button', { name: msg('pt-BR', 'orders.cancelSlipKeep') }).click();
  await expect(dialog).toHaveCount(0);
  await expect(order).toContainText(msg('pt-BR', 'order.status.AP'));

  // Confirmed: the slip is dead, the tickets are back in the cart (the hold still lasts).
  await cancel.click();
  await page.getByTestId('cancel-slip-confirm').click();
  const outcome = order.getByRole('alert').filter({
    hasText: msg('pt-BR', 'orders.slipCancelledToCart'),
  });
  await expect(outcome).toBeVisible();
  await expect(order.getByTestId('order-status')).toHaveText(msg('pt-BR', 'order.status.RE'));
  // No longer "still to pay": the slip's box says it is cancelled.
  await expect(order.getByTestId('order-pending-title')).toHaveText(
    msg('pt-BR', 'orders.pending.slipCancelledTitle', { total: 'R$ 110,00' }),
  );
  await expect(order.getByTestId('order-cancel-slip')).toHaveCount(0);
  await expect(order.getByTestId('order-slip')).toHaveCount(0);
  // Still held, not back on sale: releasing this order's 2 units would put at least 2 back. (An
  // earlier test's hold of the same product may expire meanwhile and put 1 back: seen once.)
  expect(await availableUnits(page, idapresentacao, idproduto)).toBeLessThan(onSale + 2);
  expect(await axeViolations(page), 'slip cancelled').toEqual([]);
  // The slip can no longer be paid at the bank.
  await expect(sandbox('pay', localizador)).rejects.toThrow();

  await order.getByTestId('slip-cancelled-checkout').click();
  await expect(page).toHaveURL(/\/pt\/checkout$/);
  await expect(page.getByTestId('countdown')).toBeVisible();
  await expect(page.getByTestId('pay-button')).toBeEnabled();
  await expect(page.getByTestId('cart-total')).toContainText('110,00');
});
