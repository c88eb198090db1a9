import { expect, test } from './fixtures';
import { msg } from './support';

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
