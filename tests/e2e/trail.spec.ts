import { expect, test } from './fixtures';
import { msg, paidProductOrderByApi, useSession } from './support';

/**
 * Trail scheduling (issue 14 item 5): a paid ticket of the demo brand's "Visita + Trilha guiada"
 * (bought through the API) asks, in My orders, for a day and a time of the guided trail; the
 * slot is booked (CustomUserApps/InsereRioBoi) and shows on the ticket, also after a reload
 * (ConsultaRioBoi). In Portuguese, at a phone's size.
 */
test.use({ viewport: { width: 390, height: 844 } });

test('book the trail of a paid ticket in my orders: day, time, booked', async ({
  page,
  request,
  baseURL,
}) => {
  const order = await paidProductOrderByApi(request, baseURL!, 'trail', /Trilha guiada/);
  await useSession(page, order.session);
  await page.goto('/pt/meuspedidos');

  const card = page.locator(`[data-locator="${order.localizador}"]`);
  const trail = card.getByTestId('trail-booking');
  await expect(trail).toContainText('Trilha guiada da Mata do Alvorada');
  await expect(trail).toContainText(msg('pt-BR', 'trail.toBook'));
  await trail.getByTestId('trail-start').click();

  // The last day offered (far from what other tests book), then its first time.
  const days = trail.getByTestId('trail-day');
  await expect(days.first()).toBeVisible();
  const day = days.last();
  await day.click();
  const time = trail.getByTestId('trail-time').first();
  await expect(time).toBeVisible();
  const hora = (await time.getAttribute('data-hora'))!;
  await page.screenshot({ path: test.info().outputPath('trail-times-pt.png'), fullPage: true });
  await time.click();

  await expect(trail.getByTestId('trail-booked-now')).toBeVisible();
  await expect(trail.getByTestId('trail-booked')).toContainText(hora);
  await expect(trail.getByTestId('trail-change-rule')).toContainText('Você pode alterar até');
  await page.screenshot({ path: test.info().outputPath('trail-booked-pt.png'), fullPage: true });

  // Read back from the server.
  await page.reload();
  await expect(card.getByTestId('trail-booked')).toContainText(hora);
  await expect(card.getByTestId('trail-start')).toHaveText(msg('pt-BR', 'trail.change'));
});
