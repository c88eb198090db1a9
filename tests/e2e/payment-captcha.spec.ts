import { ACCOUNTS_PORT } from '../../playwright.config';
import { expect, test } from './fixtures';
import {
  addTickets,
  axeViolations,
  CARDS,
  DEMO,
  logInWithModal,
  msg,
  openFirstSession,
  payWithCard,
} from './support';

/**
 * Issue 12 item 2: the captcha on payment when the brand's flag is on (the accounts server's
 * copy of the demo brand has `captcha.payment`). Paying without it says the captcha's error (form.error.captcha)
 * beside it and charges nothing; a failed payment resets it, so the next attempt solves it again.
 */
const ACCOUNTS = `http://127.0.0.1:${ACCOUNTS_PORT}`;

test('payment asks for the captcha, resets it after a declined card, then pays', async ({
  page,
}) => {
  await openFirstSession(page, /Visita ao Museu do Aurora/, `${ACCOUNTS}/pt`);
  await addTickets(page, 'pt-BR', 'Inteira', 1);
  await page.getByRole('button', { name: msg('pt-BR', 'header.login') }).click();
  await logInWithModal(page, 'pt-BR', DEMO);
  await expect(page).toHaveURL(/\/pt\/checkout$/);

  const section = page.getByTestId('payment-captcha');
  const captcha = section.getByRole('button', { name: msg('pt-BR', 'form.field.recaptcha') });
  await expect(captcha).toHaveAccessibleName(new RegExp(msg('pt-BR', 'formui.captcha.verify')));

  // Without it: the message beside the widget, focus on it, nothing charged.
  await payWithCard(page, 'pt-BR', CARDS.declined);
  await expect(section.getByRole('alert')).toHaveText(msg('pt-BR', 'form.error.captcha'));
  await expect(captcha).toBeFocused();
  await expect(captcha).toHaveAccessibleDescription(msg('pt-BR', 'form.error.captcha'));
  await expect(page.getByTestId('payment-failed')).toHaveCount(0);
  expect(await axeViolations(page), 'payment captcha with its error').toEqual([]);

  // Solved, the declined card fails; the captcha starts over.
  await captcha.click();
  await expect(captcha).toHaveAccessibleName(new RegExp(msg('pt-BR', 'formui.captcha.verified')));
  await expect(section.getByRole('alert')).toHaveCount(0);
  await page.getByTestId('pay-button').click();
  await expect(page.getByTestId('payment-failed')).toBeVisible({ timeout: 20_000 });
  await expect(captcha).toHaveAccessibleName(new RegExp(msg('pt-BR', 'formui.captcha.verify')));

  // Solved again, an approved card pays.
  await page.getByLabel(msg('pt-BR', 'payment.card.number')).fill(CARDS.approved);
  await captcha.click();
  await expect(captcha).toHaveAccessibleName(new RegExp(msg('pt-BR', 'formui.captcha.verified')));
  await page.getByTestId('pay-button').click();
  await expect(page).toHaveURL(/\/pt\/meuspedidos$/, { timeout: 20_000 });
});
