import { MAIN_PORT } from '../../playwright.config';
import { expect, test } from './fixtures';
import {
  addTickets,
  logInWithModal,
  msg,
  newPerson,
  openFirstSession,
  signUpByApi,
} from './support';

// The network between the shopper and our API is the one edge we cut here: the server keeps
// running, the browser just cannot reach it.
test('an unreachable API shows the maintenance notice; retry works once it is back', async ({
  page,
}) => {
  await page.goto('/pt');
  await expect(page.getByRole('link', { name: /Tour pelo Estádio Alvorada/ })).toBeVisible();

  await page.route('**/router.php**', (route) => route.abort('internetdisconnected'));
  await page.getByRole('link', { name: /Tour pelo Estádio Alvorada/ }).click();
  const modal = page.getByRole('alertdialog');
  await expect(modal).toBeVisible();
  await expect(modal).toContainText(msg('pt-BR', 'maintenance.title'));
  await expect(modal).toContainText(msg('pt-BR', 'maintenance.body'));

  await page.unroute('**/router.php**');
  await modal.getByRole('button', { name: msg('pt-BR', 'common.retry') }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: /Tour pelo Estádio Alvorada/ }),
  ).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
});

test('a cart that cannot load says so with Retry, also once the maintenance notice is closed', async ({
  page,
  request,
}) => {
  const who = newPerson('offline-cart');
  await signUpByApi(request, `http://127.0.0.1:${MAIN_PORT}`, who);
  await openFirstSession(page, /Visita ao Museu do Aurora/);
  await addTickets(page, 'pt-BR', 'Inteira', 1);
  await logInWithModal(page, 'pt-BR', { email: who.email, password: who.senha });
  await expect(page).toHaveURL(/\/pt\/checkout$/);
  await expect(page.getByTestId('countdown')).toBeVisible();

  await page.route('**/router.php**', (route) => route.abort('internetdisconnected'));
  await page.reload();
  const modal = page.getByRole('alertdialog');
  await expect(modal).toContainText(msg('pt-BR', 'maintenance.title'));
  await modal.getByRole('button', { name: msg('pt-BR', 'common.close') }).click();
  // Not an empty page: why, and a way on.
  const failed = page.getByTestId('cart-load-error');
  await expect(failed).toContainText(msg('pt-BR', 'maintenance.body'));

  await page.unroute('**/router.php**');
  await failed.getByRole('button', { name: msg('pt-BR', 'common.retry') }).click();
  await expect(page.getByTestId('countdown')).toBeVisible();
  await expect(failed).toHaveCount(0);
});
