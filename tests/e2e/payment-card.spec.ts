import type {
  GetCarrinhoPageResult,
  GetGatewayPagamentoResult,
  Locale,
  ParcelaOpcao,
} from '../../schemas/contract';
import { expect, type Page, test } from './fixtures';
import {
  acceptPurchaseTerms,
  availableUnits,
  axeViolations,
  CARDS,
  declineRefundable,
  holdAsNewPerson,
  msg,
  payWithCard,
  rpcAs,
  sandbox,
} from './support';

/**
 * The card payment (issue 12 item 10, in pt and in en): instalments with their interest, a
 * declined card and the retry, a payment left pending by the gateway and confirmed later, and
 * closing the payment flow (the hold cancelled, its units back on sale).
 */

const brl = (value: number) =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(value);

/** The instalment options the server offers for the person's open cart. */
async function offeredInstallments(page: Page): Promise<ParcelaOpcao[]> {
  const cart = await rpcAs<GetCarrinhoPageResult>(page, 'getCarrinhoPage', []);
  if (!cart) throw new Error('no open cart');
  const gateway = await rpcAs<GetGatewayPagamentoResult>(page, 'getGatewayPagamento', [
    cart.idmovimentacao,
  ]);
  return gateway.parcelas;
}

/** The text of instalment option `p` (locales: payment.installmentOption*). */
function optionText(locale: Locale, p: ParcelaOpcao): string {
  const values = {
    n: p.parcela,
    valor: brl(p.valor),
    total: brl(p.total ?? 0),
    juros: brl(p.juros ?? 0),
    primeira: brl(p.primeira ?? p.valor),
  };
  if ((p.juros ?? 0) > 0) return msg(locale, 'payment.installmentOption', values);
  if (p.primeira !== undefined && p.primeira !== p.valor) {
    return msg(locale, 'payment.installmentOptionFreeFirst', values);
  }
  return msg(locale, 'payment.installmentOptionFree', values);
}

/** The card fields filled with `number` (the rest valid), without paying. */
async function fillCard(page: Page, locale: Locale, number: string) {
  await page.getByLabel(msg(locale, 'payment.card.number')).fill(number);
  await page.getByLabel(msg(locale, 'payment.card.holder')).fill('Maria da Silva');
  await page.getByLabel(msg(locale, 'payment.card.expiry')).fill('12/31');
  await page.getByLabel(msg(locale, 'payment.card.cvv')).fill('123');
}

test('instalments: each option shows its instalment, total and interest; paid with interest', async ({
  page,
  baseURL,
}) => {
  await holdAsNewPerson(page, baseURL!, 'card-instalments', 2);
  await declineRefundable(page);
  const options = await offeredInstallments(page);
  const select = page.getByTestId('installments');
  const pay = page.getByTestId('pay-button');

  // 3x: interest-free in the demo brand (interestFreeInstallments 3); the first instalment
  // carries the remainder of R$ 110,00 ÷ 3 and the option says so.
  const three = options.find((p) => p.parcela === 3)!;
  expect(three).toMatchObject({ total: 110, juros: 0 });
  await select.selectOption('3');
  await expect(select.locator('option[value="3"]')).toHaveText(optionText('pt-BR', three));
  await expect(select.locator('option[value="3"]')).toContainText('R$ 36,68');
  await expect(pay).toHaveText(msg('pt-BR', 'payment.pay', { total: brl(110) }));

  // The first option with interest: its instalment, its total and the interest are shown, and
  // the Pay button carries that total.
  const withInterest = options.find((p) => (p.juros ?? 0) > 0)!;
  expect(withInterest.total).toBeCloseTo(110 + withInterest.juros!, 2);
  const n = String(withInterest.parcela);
  await select.selectOption(n);
  const option = select.locator(`option[value="${n}"]`);
  await expect(option).toHaveText(optionText('pt-BR', withInterest));
  await expect(option).toContainText(brl(withInterest.juros!));
  await expect(pay).toHaveText(msg('pt-BR', 'payment.pay', { total: brl(withInterest.total!) }));
  expect(await axeViolations(page), 'checkout with instalments').toEqual([]);

  await payWithCard(page, 'pt-BR', CARDS.approved);
  await expect(page).toHaveURL(/\/pt\/meuspedidos$/, { timeout: 20_000 });
  const order = page.getByTestId('order').first();
  await expect(order).toContainText(msg('pt-BR', 'order.status.PA'));
  // What was charged: the tickets plus the interest, in the instalments chosen.
  await expect(order.getByTestId('order-total')).toHaveText(brl(withInterest.total!));
  await expect(order.getByTestId('order-installments')).toHaveText(
    msg('pt-BR', 'order.installmentsInterest', {
      n: withInterest.parcela,
      juros: brl(withInterest.juros!),
    }),
  );
  await expect(order.getByText(msg('pt-BR', 'order.ticketCode'))).toHaveCount(2);
  expect(await axeViolations(page), 'my orders with interest').toEqual([]);
});

test('declined in English: the error is announced; the retry with another card pays', async ({
  page,
  baseURL,
}) => {
  await holdAsNewPerson(page, baseURL!, 'card-declined', 1);
  await page.goto('/en/checkout');
  await expect(page.getByTestId('pay-button')).toBeEnabled();

  await payWithCard(page, 'en-US', CARDS.declined);
  const alert = page.getByRole('alert').filter({ hasText: msg('en-US', 'error.paymentDeclined') });
  await expect(alert).toBeVisible();
  // Announced and focused, so a screen reader reads it at once.
  await expect(page.getByTestId('payment-failed').locator('..')).toBeFocused();
  await expect(page).toHaveURL(/\/en\/checkout$/);
  await expect(page.getByTestId('countdown')).toBeVisible();
  expect(await axeViolations(page), 'declined card').toEqual([]);

  // A new attempt (a new token, a new key) with the approved card.
  await fillCard(page, 'en-US', CARDS.approved);
  await page.getByTestId('pay-button').click();
  await expect(page).toHaveURL(/\/en\/requests$/, { timeout: 20_000 });
  const order = page.getByTestId('order').first();
  await expect(order).toContainText(msg('en-US', 'order.status.PA'));
  await expect(order.getByText(msg('en-US', 'order.ticketCode'))).toHaveCount(1);
});

test('pending: the order awaits the gateway in my orders; confirmed, it is paid with tickets', async ({
  page,
  baseURL,
}) => {
  await holdAsNewPerson(page, baseURL!, 'card-pending', 2);
  await payWithCard(page, 'pt-BR', CARDS.pending);

  // The purchase is pending: said so, and the order is in my orders awaiting payment.
  await expect(page).toHaveURL(/\/pt\/meuspedidos\?status=pending$/, { timeout: 20_000 });
  await expect(page.getByText(msg('pt-BR', 'payment.pendingMessage')).first()).toBeVisible();
  const first = page.getByTestId('order').first();
  await expect(first.getByTestId('order-status')).toHaveText(msg('pt-BR', 'order.status.AP'));
  await expect(first.getByText(msg('pt-BR', 'order.ticketCode'))).toHaveCount(0);
  // A card under review has no slip to print or cancel.
  await expect(first.getByTestId('order-slip')).toHaveCount(0);
  await expect(first.getByTestId('order-cancel-slip')).toHaveCount(0);
  const localizador = (await first.getByTestId('order-locator').textContent())!.trim();
  expect(await axeViolations(page), 'my orders with a pending card').toEqual([]);

  // The gateway approves it (the sandbox's operator command, then its webhook).
  expect(await sandbox('pay', localizador)).toContain(`Paid: ${localizador}`);
  // Paid: among the paid orders (the default filter).
  await page.goto('/pt/meuspedidos');
  const order = page.getByTestId('order').filter({ hasText: localizador });
  await expect(order.getByTestId('order-status')).toHaveText(msg('pt-BR', 'order.status.PA'));
  await expect(order.getByText(msg('pt-BR', 'order.ticketCode'))).toHaveCount(2);
  await expect(order.getByTestId('ticket-code')).toHaveCount(2);
});

test('closing the payment flow asks, cancels the hold and goes home; the units are back on sale', async ({
  page,
  baseURL,
}) => {
  // The second day's session: the first one's units are held and released by the other
  // worker's tests meanwhile, which moved this count by one now and then.
  const { idapresentacao, idproduto } = await holdAsNewPerson(
    page,
    baseURL!,
    'card-close',
    2,
    'second',
  );
  const held = await availableUnits(page, idapresentacao, idproduto);
  await declineRefundable(page);
  await acceptPurchaseTerms(page);

  await page.getByTestId('cancel-purchase').click();
  const dialog = page.getByTestId('cancel-confirmation');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(msg('pt-BR', 'checkout.cancelConfirmTitle'));
  expect(await axeViolations(page), 'cancel confirmation').toEqual([]);

  await page.getByTestId('cancel-confirm').click();
  await expect(page).toHaveURL(/\/pt\/?$/, { timeout: 20_000 });
  await expect(page.getByText(msg('pt-BR', 'checkout.cancelled')).first()).toBeVisible();
  expect(await availableUnits(page, idapresentacao, idproduto)).toBe(held + 2);
  // Nothing is left in the cart.
  await page.goto('/pt/checkout');
  await expect(page.getByTestId('cart-empty')).toBeVisible();
});
