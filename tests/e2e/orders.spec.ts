import { expect, test } from './fixtures';
import {
  acceptPurchaseTerms,
  availableUnits,
  axeViolations,
  CARDS,
  declineRefundable,
  holdAsNewPerson,
  msg,
  payWithCard,
  pendingLocator,
  sandbox,
} from './support';

/**
 * My orders (issue 13 items 1 and 2): the status filter kept in the URL (paid by default; a
 * pending order shows what is left to do: its slip's line and printable page), and cancelling a
 * paid ticket: asked, pending until the refund is confirmed (the sandbox's operator command),
 * then back on sale exactly once. At a phone's size; the cancellation in English.
 */
test.use({ viewport: { width: 390, height: 844 } });

test('filter: a pending slip is under "awaiting payment" with its line; the filter survives reload and back', async ({
  page,
  baseURL,
}) => {
  await holdAsNewPerson(page, baseURL!, 'orders-filter', 1);
  await page.getByTestId('payment-method-boleto').click();
  await declineRefundable(page);
  await acceptPurchaseTerms(page);
  await page.getByTestId('pay-button').click();
  await expect(page.getByTestId('slip-panel')).toBeVisible();
  const line = await page.getByTestId('slip-line').inputValue();
  const localizador = await pendingLocator(page);
  await page.getByTestId('slip-done').click();

  // The checkout leads to the orders awaiting payment.
  await expect(page).toHaveURL(/\/pt\/meuspedidos\?status=pending$/, { timeout: 20_000 });
  const filter = page.getByTestId('orders-filter');
  await expect(
    filter.getByRole('link', { name: msg('pt-BR', 'orders.filter.pending') }),
  ).toHaveAttribute('aria-current', 'page');
  const order = page.getByTestId('order').filter({ hasText: localizador });
  await expect(order.getByTestId('order-status')).toHaveText(msg('pt-BR', 'order.status.AP'));
  const pending = order.getByTestId('order-pending');
  await expect(pending.getByRole('heading')).toContainText('55,00');
  await expect(pending.getByTestId('slip-line')).toHaveValue(line);
  await expect(pending.getByTestId('order-slip')).toHaveAttribute('href', /\/payments\/boleto\//);
  await pending.getByTestId('slip-line-copy').click();
  await expect(pending.getByText(msg('pt-BR', 'payment.copied'))).toBeVisible();
  await expect(order.getByTestId('order-total')).toContainText('55,00');
  await page.screenshot({ path: '/tmp/orders-pending-pt.png', fullPage: true });
  expect(await axeViolations(page), 'orders awaiting payment').toEqual([]);

  // Paid (the default): not there, but a notice leads to it.
  await filter.getByRole('link', { name: msg('pt-BR', 'orders.filter.paid') }).click();
  await expect(page).toHaveURL(/\/pt\/meuspedidos$/);
  await expect(page.getByTestId('orders-empty')).toContainText(msg('pt-BR', 'orders.empty.paid'));
  await expect(page.getByTestId('orders-pending-notice')).toContainText(
    msg('pt-BR', 'orders.pendingNotice', { n: 1 }),
  );
  await page.screenshot({ path: '/tmp/orders-paid-empty-pt.png', fullPage: true });

  // Back: the pending filter again; a reload keeps it.
  await page.goBack();
  await expect(page).toHaveURL(/\?status=pending$/);
  await expect(order).toBeVisible();
  await page.reload();
  await expect(order.getByTestId('order-pending')).toBeVisible();

  // All: the same order; cancelled: none.
  await filter.getByRole('link', { name: msg('pt-BR', 'orders.filter.all') }).click();
  await expect(page).toHaveURL(/\?status=all$/);
  await expect(order).toBeVisible();
  await filter.getByRole('link', { name: msg('pt-BR', 'orders.filter.cancelled') }).click();
  await expect(page.getByTestId('orders-empty')).toContainText(
    msg('pt-BR', 'orders.empty.cancelled'),
  );
});

test('cancel a paid ticket (en): asked, pending confirmation, confirmed by the sandbox, back on sale once', async ({
  page,
  baseURL,
}) => {
  // A session of another day: cancelling closes 2 hours before the session (brand.json).
  const { idapresentacao, idproduto } = await holdAsNewPerson(
    page,
    baseURL!,
    'orders-cancel',
    2,
    'second',
  );
  await payWithCard(page, 'pt-BR', CARDS.approved);
  await expect(page).toHaveURL(/\/pt\/meuspedidos$/, { timeout: 20_000 });
  const localizador = (await page.getByTestId('order-locator').first().textContent())!.trim();
  const onSale = await availableUnits(page, idapresentacao, idproduto);

  await page.goto('/en/requests');
  const order = page.getByTestId('order').filter({ hasText: localizador });
  await expect(order.getByTestId('order-status')).toHaveText(msg('en-US', 'order.status.PA'));
  await expect(order.getByTestId('order-item')).toHaveCount(2);
  await expect(order.getByTestId('order-event').first()).toHaveText('Aurora Museum visit');

  // Choose one ticket, then asked to confirm with what comes back.
  await order.getByTestId('order-cancel-tickets').click();
  await expect(order.getByTestId('cancel-chosen')).toBeDisabled();
  const first = order.getByTestId('order-item').first();
  await first.getByRole('checkbox').check();
  await order.getByTestId('cancel-chosen').click();
  const dialog = page.getByRole('dialog', {
    name: msg('en-US', 'orders.cancel.title', { n: 1 }),
  });
  await expect(dialog).toContainText('R$');
  expect(await axeViolations(page), 'cancel confirmation').toEqual([]);
  await dialog.getByRole('button', { name: msg('en-US', 'orders.cancel.back') }).click();
  await expect(dialog).toHaveCount(0);
  await order.getByTestId('cancel-chosen').click();
  await page.getByTestId('cancel-purchase-confirm').click();

  // { aguarde }: the ticket shows its cancellation pending confirmation; still sold.
  await expect(order.getByTestId('cancel-requested')).toContainText(
    msg('en-US', 'orders.cancel.requested'),
  );
  await expect(first.getByTestId('order-item-state')).toHaveText(
    msg('en-US', 'order.item.cancelPending'),
  );
  await expect(order.getByTestId('order-refund-pending')).toBeVisible();
  expect(await availableUnits(page, idapresentacao, idproduto)).toBe(onSale);
  expect(await axeViolations(page), 'cancellation pending').toEqual([]);

  // The gateway confirms the refund (the sandbox's operator command): the ticket is cancelled
  // and its unit back on sale; confirmed again, nothing more moves.
  expect(await sandbox('refund', localizador)).toContain(`Refunded: ${localizador}`);
  await page.reload();
  await expect(first.getByTestId('order-item-state')).toHaveText(
    msg('en-US', 'order.item.cancelled'),
  );
  await expect(order.getByTestId('order-refunded')).toBeVisible();
  await expect(order.getByTestId('ticket-code')).toHaveCount(1);
  expect(await availableUnits(page, idapresentacao, idproduto)).toBe(onSale + 1);
  expect(await sandbox('refund', localizador)).toContain('already refunded');
  expect(await availableUnits(page, idapresentacao, idproduto)).toBe(onSale + 1);

  await page.goto('/pt/meuspedidos');
  const pt = page.getByTestId('order').filter({ hasText: localizador });
  await expect(pt).toBeVisible();
  await page.screenshot({ path: '/tmp/orders-cancelled-pt.png', fullPage: true });
  // The choice and its confirmation, in pt (a look at the screens; given up at the end).
  await pt.getByTestId('order-cancel-tickets').click();
  await pt.getByTestId('order-item').last().getByRole('checkbox').check();
  await page.screenshot({ path: '/tmp/orders-choose-pt.png', fullPage: true });
  await pt.getByTestId('cancel-chosen').click();
  await expect(page.getByTestId('cancel-purchase-confirmation')).toBeVisible();
  await page.screenshot({ path: '/tmp/orders-confirm-pt.png' });
  await page.getByRole('button', { name: msg('pt-BR', 'orders.cancel.back') }).click();
  await pt.getByRole('button', { name: msg('pt-BR', 'orders.cancel.keep') }).click();
  await expect(pt.getByTestId('order-item-choose')).toHaveCount(0);
});
