import { expect, type Page, test } from './fixtures';
import { acceptPurchaseTerms, axeViolations, CARDS, holdAsNewPerson, msg } from './support';

/**
 * Issue 12 item 2: the refundable-ticket option the demo brand offers (10% of each ticket, at
 * least R$ 2,00). It must be taken or declined before paying; taken, it shows per ticket and in
 * the total, and the amount paid includes it.
 */

/** R$ 1.234,56 → 1234.56 */
function reais(text: string): number {
  const m = /R\$\s*([\d.]+,\d{2})/.exec(text.replace(/\u00a0/g, ' '));
  if (!m?.[1]) throw new Error(`no amount in ${JSON.stringify(text)}`);
  return Number(m[1].replace(/\./g, '').replace(',', '.'));
}

const amountOf = async (page: Page, testId: string) =>
  reais((await page.getByTestId(testId).textContent()) ?? '');

test('the refundable option must be chosen; taken, it is in every total and paid', async ({
  page,
  baseURL,
}) => {
  await holdAsNewPerson(page, baseURL!, 'refundable', 2);
  const group = page.getByTestId('refundable');
  await expect(group.getByRole('radiogroup')).toHaveAccessibleName(
    msg('pt-BR', 'refundable.title'),
  );
  const before = await amountOf(page, 'cart-total');
  const price = reais((await page.getByTestId('refundable-yes').textContent()) ?? '');
  expect(price).toBeGreaterThan(0);

  // Not chosen: paying waits and says why, beside the options.
  await acceptPurchaseTerms(page);
  await page.getByLabel(msg('pt-BR', 'payment.card.number')).fill(CARDS.approved);
  await page.getByLabel(msg('pt-BR', 'payment.card.holder')).fill('Maria da Silva');
  await page.getByLabel(msg('pt-BR', 'payment.card.expiry')).fill('12/31');
  await page.getByLabel(msg('pt-BR', 'payment.card.cvv')).fill('123');
  await page.getByTestId('pay-button').click();
  await expect(group.getByRole('alert')).toHaveText(msg('pt-BR', 'error.refundableChoice'));
  await expect(group.getByRole('radio').first()).toBeFocused();
  await expect(page).toHaveURL(/\/pt\/checkout$/);
  expect(await axeViolations(page), 'refundable choice with its error').toEqual([]);

  // Taken: per ticket, in the summary, in the total and on the button.
  await page.getByTestId('refundable-yes').click();
  await expect(group.getByRole('alert')).toHaveCount(0);
  await expect(page.getByTestId('cart-refundable')).toBeVisible();
  expect(await amountOf(page, 'cart-refundable')).toBeCloseTo(price, 2);
  await expect(page.getByTestId('line-refundable').first()).toBeVisible();
  await expect.poll(() => amountOf(page, 'cart-total')).toBeCloseTo(before + price, 2);
  await expect.poll(() => amountOf(page, 'pay-button')).toBeCloseTo(before + price, 2);
  await page.screenshot({ path: 'test-results/refundable-taken.png', fullPage: true });
  expect(await axeViolations(page), 'refundable taken').toEqual([]);

  // Declined: back to the tickets' price; taken again, then paid.
  await page.getByTestId('refundable-no').click();
  await expect(page.getByTestId('cart-refundable')).toHaveCount(0);
  await expect.poll(() => amountOf(page, 'cart-total')).toBeCloseTo(before, 2);
  await page.getByTestId('refundable-yes').click();
  await expect.poll(() => amountOf(page, 'pay-button')).toBeCloseTo(before + price, 2);
  await page.getByTestId('pay-button').click();
  await expect(page).toHaveURL(/\/pt\/meuspedidos$/, { timeout: 20_000 });
});
