import { expect, type Page, test } from './fixtures';
import {
  acceptPurchaseTerms,
  addTickets,
  axeViolations,
  CARDS,
  declineRefundable,
  logInWithModal,
  msg,
  newPerson,
  openFirstSession,
  payWithCard,
  signUpByApi,
} from './support';

/**
 * Issue 12 item 2, delivery: the demo museum's printed collectible ticket is sent by mail. The
 * checkout asks where (the address form, as the person has no address yet), refuses to pay
 * without one, shows the carrier's fee (São Paulo: R$ 12,90 in up to 3 working days) in the
 * total, and the order is paid with it.
 */

const PRODUTO = 'Ingresso colecionável impresso (entrega pelo correio)';

/** R$ 1.234,56 → 1234.56 */
function reais(text: string): number {
  const m = /R\$\s*([\d.]+,\d{2})/.exec(text.replace(/\u00a0/g, ' '));
  if (!m?.[1]) throw new Error(`no amount in ${JSON.stringify(text)}`);
  return Number(m[1].replace(/\./g, '').replace(',', '.'));
}

const amountOf = async (page: Page, testId: string) =>
  reais((await page.getByTestId(testId).first().textContent()) ?? '');

test('a product sent by mail needs a delivery address; its fee is in the total and paid', async ({
  page,
  baseURL,
}) => {
  const who = newPerson('delivery');
  await signUpByApi(page.request, baseURL!, who);
  await openFirstSession(page, /Visita ao Museu do Aurora/);
  await addTickets(page, 'pt-BR', PRODUTO, 1);
  await logInWithModal(page, 'pt-BR', { email: who.email, password: who.senha });
  await expect(page).toHaveURL(/\/pt\/checkout$/);
  await expect(page.getByTestId('pay-button')).toBeEnabled();

  const section = page.getByTestId('delivery');
  await expect(
    section.getByRole('heading', { name: msg('pt-BR', 'delivery.title') }),
  ).toBeVisible();
  await expect(page.getByTestId('line-delivery')).toHaveText(msg('pt-BR', 'cart.lineDelivery'));
  // No address yet: the form is there at once.
  const form = section.getByTestId('delivery-form');
  await expect(form).toBeVisible();
  await expect(page.getByTestId('cart-delivery')).toHaveCount(0);
  const before = await amountOf(page, 'cart-total');

  // Paying without an address: the error beside the section, focus in it, nothing paid.
  await declineRefundable(page);
  await acceptPurchaseTerms(page);
  await page.getByLabel(msg('pt-BR', 'payment.card.number')).fill(CARDS.approved);
  await page.getByLabel(msg('pt-BR', 'payment.card.holder')).fill('Maria da Silva');
  await page.getByLabel(msg('pt-BR', 'payment.card.expiry')).fill('12/31');
  await page.getByLabel(msg('pt-BR', 'payment.card.cvv')).fill('123');
  await page.getByTestId('pay-button').click();
  const alert = section.getByRole('alert').filter({
    hasText: msg('pt-BR', 'error.deliveryAddressMissing'),
  });
  await expect(alert).toBeVisible();
  await expect(form.getByLabel(msg('pt-BR', 'form.field.end_pais'))).toBeFocused();
  await expect(page).toHaveURL(/\/pt\/checkout$/);
  expect(await axeViolations(page), 'delivery section with its error').toEqual([]);

  // The address form: typed fields are kept while typing; the address is checked and used.
  await form.getByLabel(msg('pt-BR', 'form.field.end_cep')).fill('01310100');
  await form.getByLabel(msg('pt-BR', 'form.field.end_logradouro')).fill('Av. Paulista');
  await form.getByLabel(msg('pt-BR', 'form.field.end_numero')).fill('1000');
  await form.getByLabel(msg('pt-BR', 'form.field.end_bairro')).fill('Bela Vista');
  await form.getByLabel(msg('pt-BR', 'form.field.end_cidade')).fill('São Paulo');
  await form.getByLabel(msg('pt-BR', 'form.field.end_estado')).fill('SP');
  await expect(form.getByLabel(msg('pt-BR', 'form.field.end_logradouro'))).toHaveValue(
    'Av. Paulista',
  );
  await form.getByRole('button', { name: msg('pt-BR', 'delivery.use') }).click();

  const group = section.getByRole('radiogroup', { name: msg('pt-BR', 'delivery.title') });
  const option = group.getByTestId('delivery-option').first();
  await expect(option.getByRole('radio')).toBeChecked();
  await expect(option).toContainText('Av. Paulista, 1000');
  // "Frete R$ 12,90 · até 3 dias úteis" (São Paulo's region of the demo carrier).
  await expect(option).toContainText(/Frete R\$\s12,90 · até 3 dias úteis/);
  await expect(alert).toHaveCount(0);
  await expect(page.getByTestId('cart-delivery')).toBeVisible();
  expect(await amountOf(page, 'cart-delivery')).toBeCloseTo(12.9, 2);
  await expect.poll(() => amountOf(page, 'cart-total')).toBeCloseTo(before + 12.9, 2);
  await expect.poll(() => amountOf(page, 'pay-button')).toBeCloseTo(before + 12.9, 2);
  await page.screenshot({ path: 'test-results/delivery-chosen.png', fullPage: true });
  expect(await axeViolations(page), 'delivery chosen').toEqual([]);
  const total = await amountOf(page, 'cart-total');

  await payWithCard(page, 'pt-BR', CARDS.approved);
  await expect(page).toHaveURL(/\/pt\/meuspedidos$/, { timeout: 20_000 });
  const order = page.getByTestId('order').first();
  await expect(order).toContainText(msg('pt-BR', 'order.status.PA'));
  await expect(order).toContainText(PRODUTO);
  expect(reais((await order.getByTestId('order-total').textContent()) ?? '')).toBeCloseTo(total, 2);
  // Where it goes, and for how much.
  await expect(order.getByTestId('order-delivery')).toContainText('Av. Paulista, 1000');
  await expect(order.getByTestId('order-delivery')).toContainText('São Paulo/SP');
  await expect(order.getByTestId('order-delivery')).toContainText(/frete R\$\s12,90/);
  expect(await axeViolations(page), 'my orders with a delivery').toEqual([]);
});
