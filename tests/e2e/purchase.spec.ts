import { expect, test } from './fixtures';
import { addTickets, CARDS, logInWithModal, msg, openFirstSession, payWithCard } from './support';

test('buy two tickets with the approved card and find the order paid in my orders', async ({
  page,
}) => {
  await openFirstSession(page, /Visita ao Museu do Aurora/);
  await addTickets(page, 'pt-BR', 'Inteira', 2);
  await logInWithModal(page, 'pt-BR');

  await expect(page).toHaveURL(/\/pt\/checkout$/);
  const countdown = page.getByTestId('countdown');
  await expect(countdown).toHaveText(/1[45]:\d\d/);
  const first = await countdown.textContent();
  await expect(countdown).not.toHaveText(first ?? '', { timeout: 3_000 });

  await payWithCard(page, 'pt-BR', CARDS.approved);
  await expect(page).toHaveURL(/\/pt\/meuspedidos$/, { timeout: 20_000 });
  const order = page.getByTestId('order').first();
  await expect(order).toContainText(msg('pt-BR', 'order.status.PA'));
  await expect(order).toContainText('Visita ao Museu do Aurora');
  await expect(order.getByText(msg('pt-BR', 'order.ticketCode'))).toHaveCount(2);
});

test('a declined card shows its error and a retry with the approved card works', async ({
  page,
}) => {
  await openFirstSession(page, /Aurora Museum visit/, '/en');
  await addTickets(page, 'en-US', 'Full price', 1);
  await logInWithModal(page, 'en-US');

  await expect(page).toHaveURL(/\/en\/checkout$/);
  // The brands the shop takes are listed; a JCB is refused as soon as its BIN is typed.
  const number = page.getByLabel(msg('en-US', 'payment.card.number'));
  await expect(number).toHaveAccessibleDescription(
    /^We accept Visa, Mastercard, .* and Hipercard\.$/,
  );
  await number.fill('3530 11');
  await expect(number).toHaveAttribute('aria-invalid', 'true');
  await expect(number).toHaveAccessibleDescription(/^We do not accept JCB cards\. We accept Visa/);
  await number.fill('4111 11');
  await expect(number).toHaveAccessibleDescription(
    msg('en-US', 'payment.card.detectedBrand', { brand: 'Visa' }),
  );
  await payWithCard(page, 'en-US', CARDS.declined);
  await expect(
    page.getByRole('alert').filter({ hasText: msg('en-US', 'error.paymentDeclined') }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/en\/checkout$/);

  await page.getByLabel(msg('en-US', 'payment.card.number')).fill(CARDS.approved);
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/en\/requests$/, { timeout: 20_000 });
  await expect(page.getByTestId('order').first()).toContainText(msg('en-US', 'order.status.PA'));
});
