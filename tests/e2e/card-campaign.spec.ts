import { expect, test } from './fixtures';
import {
  acceptPurchaseTerms,
  axeViolations,
  CARDS,
  declineRefundable,
  field,
  msg,
  newPerson,
  signUpByApi,
} from './support';

/**
 * The card-brand campaign (issue 12 item 4): the demo brand runs a presale for "cartões Aurora
 * Mastercard" (BIN 555555) on the stadium tour's pitch-access ticket. Adding it asks for the
 * card's first six digits at login; a card outside the campaign is refused; the order is paid
 * only with the card given.
 */
const PRODUTO = 'Tour com acesso ao gramado (pré-venda)';
const CAMPANHA = 'cartões Aurora Mastercard';
const CAMPAIGN_CARD = '5555 5555 5555 4444';

test('a presale ticket asks for the card at login, refuses another card, and is paid with the card given', async ({
  page,
  baseURL,
}) => {
  const who = newPerson('campanha');
  await signUpByApi(page.request, baseURL!, who);
  await page.goto('/pt');
  await page
    .getByRole('link', { name: /Tour pelo Estádio Alvorada/ })
    .first()
    .click();
  // The tour's page has a pop-up of its own, once per browser.
  const popup = page.getByTestId('content-popup');
  await popup
    .getByRole('button', { name: msg('pt-BR', 'common.close') })
    .first()
    .click();
  await expect(popup).toHaveCount(0);
  await page.locator('[data-testid^="date-"]').first().click();
  await page.locator('[data-testid^="time-"]:not([disabled])').first().click();
  const product = page.getByTestId('product-205');
  await expect(product.getByTestId('product-card-campaign')).toHaveText(
    msg('pt-BR', 'product.cardCampaign', { campanha: CAMPANHA }),
  );
  await product
    .getByRole('button', { name: msg('pt-BR', 'product.addOne', { produto: PRODUTO }) })
    .click();
  await page.getByRole('button', { name: msg('pt-BR', 'product.addToCart') }).click();

  // The login says why it asks, and asks for the six digits.
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('login-card-campaign')).toHaveText(
    msg('pt-BR', 'login.cardCampaign', { campanha: CAMPANHA }),
  );
  await field(dialog, 'pt-BR', 'email').fill(who.email);
  await field(dialog, 'pt-BR', 'senha').fill(who.senha);
  const bin = field(dialog, 'pt-BR', 'bin');
  const submit = dialog.getByRole('button', { name: msg('pt-BR', 'login.submit'), exact: true });
  await submit.click();
  await expect(dialog.getByText(msg('pt-BR', 'form.error.bin'))).toBeVisible();
  expect(await axeViolations(page), 'campaign login').toEqual([]);

  // A card outside the campaign: logged in, but the presale ticket is refused.
  await bin.pressSequentially('411111');
  await submit.click();
  await expect(page.getByTestId('reserve-error')).toContainText(
    msg('pt-BR', 'error.cardCampaignOnly', { campanha: CAMPANHA }),
  );
  await expect(page).toHaveURL(/\/pt\/produto\/2/);

  // Again: the login opens with the e-mail filled in; the campaign's card takes the ticket.
  await page.getByRole('button', { name: msg('pt-BR', 'product.addToCart') }).click();
  await expect(field(dialog, 'pt-BR', 'email')).toHaveValue(who.email);
  await field(dialog, 'pt-BR', 'senha').fill(who.senha);
  await field(dialog, 'pt-BR', 'bin').pressSequentially('555555');
  await submit.click();
  await expect(page).toHaveURL(/\/pt\/checkout$/);
  await expect(page.getByTestId('pay-button')).toBeEnabled();
  // Only the card is offered for this order.
  await expect(page.getByTestId('payment-method-boleto')).toHaveCount(0);
  await expect(page.getByTestId('payment-method-pix')).toHaveCount(0);

  const payWith = async (number: string) => {
    await page.getByLabel(msg('pt-BR', 'payment.card.number')).fill(number);
    await page.getByLabel(msg('pt-BR', 'payment.card.holder')).fill('Maria da Silva');
    await page.getByLabel(msg('pt-BR', 'payment.card.expiry')).fill('12/31');
    await page.getByLabel(msg('pt-BR', 'payment.card.cvv')).fill('123');
    await page.getByTestId('pay-button').click();
  };
  await declineRefundable(page);
  await acceptPurchaseTerms(page);
  await payWith(CARDS.approved);
  await expect(page.getByRole('alert').filter({ hasText: CAMPANHA })).toContainText(
    msg('pt-BR', 'error.cardCampaignCard', { campanha: CAMPANHA, bin: '555555' }),
  );
  await expect(page).toHaveURL(/\/pt\/checkout$/);

  await payWith(CAMPAIGN_CARD);
  await expect(page).toHaveURL(/\/pt\/meuspedidos$/, { timeout: 20_000 });
  await expect(page.getByTestId('order').first()).toContainText(msg('pt-BR', 'order.status.PA'));
});
