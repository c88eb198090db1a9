import { SHORT_HOLD_PORT, SHORT_HOLD_SECONDS } from '../../playwright.config';
import { expect, test } from './fixtures';
import { addTickets, availableUnits, logInWithModal, msg, openFirstSession } from './support';

// This server holds reservations for SHORT_HOLD_SECONDS only.
test.use({ baseURL: `http://127.0.0.1:${SHORT_HOLD_PORT}` });

test('a hold that expires clears the cart and frees the units', async ({ page }) => {
  const session = await openFirstSession(page, /Visita ao Museu do Aurora/);
  const inteira = session.tipo_produtos
    .flatMap((t) => t.produtos)
    .find((p) => p.dscproduto === 'Inteira');
  if (!inteira) throw new Error('the museum visit sells Inteira');
  const before = await availableUnits(page, session.idapresentacao, inteira.idproduto);

  await addTickets(page, 'pt-BR', 'Inteira', 3);
  await logInWithModal(page, 'pt-BR');
  await expect(page).toHaveURL(/\/pt\/checkout$/);
  await expect(page.getByTestId('countdown')).toBeVisible();
  // Screen readers are told once the last minute has begun (the timer itself is silent).
  await expect(page.getByTestId('countdown-warning')).toHaveText(
    msg('pt-BR', 'cart.timeWarning', { minutes: 1 }),
  );
  expect(await availableUnits(page, session.idapresentacao, inteira.idproduto)).toBe(before - 3);

  await expect(page.getByText(msg('pt-BR', 'checkout.expired'))).toBeVisible({
    timeout: (SHORT_HOLD_SECONDS + 5) * 1000,
  });
  await expect(page.getByTestId('countdown')).toHaveCount(0);
  expect(await availableUnits(page, session.idapresentacao, inteira.idproduto)).toBe(before);

  await page.reload();
  await expect(page.getByText(msg('pt-BR', 'checkout.empty'))).toBeVisible();
});
