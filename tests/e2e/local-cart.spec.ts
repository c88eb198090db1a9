import { ACCOUNTS_PORT } from '../../playwright.config';
import { expect, test } from './fixtures';
import { addTickets, DEMO, logInWithModal, logOut, msg, openFirstSession } from './support';

/**
 * A guest's local cart (spec §4, brands with `carrinhoLocal`: the accounts server's copy of the
 * demo brand): kept across a reload and counted in the header; after the login every entry is
 * sent as a hold and the person lands on the checkout, each refused entry reported.
 */
const ACCOUNTS = `http://127.0.0.1:${ACCOUNTS_PORT}`;

test('a guest keeps a local cart; after the login it becomes the hold, refusals reported one by one', async ({
  page,
}) => {
  await openFirstSession(page, /Visita ao Museu do Aurora/, `${ACCOUNTS}/pt`);
  await addTickets(page, 'pt-BR', 'Inteira', 2);
  await expect(page.getByText(msg('pt-BR', 'product.keptLocally'))).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('cart-count')).toHaveText('2');

  // It survives a reload. An entry the server will refuse joins it (a product that no longer
  // exists), to see the report.
  await page.evaluate(() => {
    const entries = JSON.parse(localStorage.getItem('si.localCart') ?? '[]') as unknown[];
    const first = entries[0] as { idapresentacao: number };
    entries.push({
      idapresentacao: first.idapresentacao,
      produtos: [{ idproduto: 987654, qtd: 1 }],
      label: 'Produto retirado de venda',
    });
    localStorage.setItem('si.localCart', JSON.stringify(entries));
  });
  await page.reload();
  await expect(page.getByTestId('cart-count')).toHaveText('3');

  await page.getByRole('button', { name: msg('pt-BR', 'header.login') }).click();
  await logInWithModal(page, 'pt-BR', DEMO);
  await expect(page).toHaveURL(/\/pt\/checkout$/);
  await expect(
    page.getByText(msg('pt-BR', 'cart.lineQuantity', { qtd: 2, produto: 'Inteira' })),
  ).toBeVisible();
  const failures = page.getByTestId('hand-over-failed').getByRole('alert');
  await expect(failures).toHaveCount(1);
  await expect(failures).toContainText('Produto retirado de venda');
  // The local copy is gone; the header counts the server's hold.
  expect(await page.evaluate(() => localStorage.getItem('si.localCart'))).toBeNull();
  await expect(page.getByTestId('cart-count')).toHaveText('2');

  // Leave the demo account without a hold for the next run.
  await page.getByTestId('cancel-reservation').click();
  await page.getByTestId('cancel-confirm').click();
  await expect(page).toHaveURL(/\/pt\/?$/);
});

test('a local cart arriving while an earlier hold lives asks first, then joins it', async ({
  page,
}) => {
  // An earlier visit: one ticket held, then logged out (the hold lives on).
  await openFirstSession(page, /Visita ao Museu do Aurora/, `${ACCOUNTS}/pt`);
  await addTickets(page, 'pt-BR', 'Inteira', 1);
  await page.getByRole('button', { name: msg('pt-BR', 'header.login') }).click();
  await logInWithModal(page, 'pt-BR', DEMO);
  await expect(page).toHaveURL(/\/pt\/checkout$/);
  await expect(page.getByTestId('pay-button')).toBeEnabled();
  await logOut(page, 'pt-BR');

  // Back as a guest: two more in the local cart, then the login.
  await openFirstSession(page, /Visita ao Museu do Aurora/, `${ACCOUNTS}/pt`);
  await addTickets(page, 'pt-BR', 'Inteira', 2);
  await expect(page.getByTestId('cart-count')).toHaveText('2');
  await page.getByRole('button', { name: msg('pt-BR', 'header.login') }).click();
  await logInWithModal(page, 'pt-BR', DEMO);
  await expect(page).toHaveURL(/\/pt\/checkout$/);

  // Nothing joined yet: the person is asked, with the earlier order's count.
  const ask = page.getByTestId('add-to-order');
  await expect(ask).toBeVisible();
  await expect(ask).toContainText(msg('pt-BR', 'cart.addToOrder.title'));
  await expect(ask).toContainText(/1 ingresso/);
  await page.getByTestId('add-to-order-confirm').click();
  await expect(ask).toHaveCount(0);
  await expect(
    page.getByText(msg('pt-BR', 'cart.lineQuantity', { qtd: 3, produto: 'Inteira' })),
  ).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('3');
  expect(await page.evaluate(() => localStorage.getItem('si.localCart'))).toBeNull();

  await page.getByTestId('cancel-reservation').click();
  await page.getByTestId('cancel-confirm').click();
  await expect(page).toHaveURL(/\/pt\/?$/);
});

test('a guest sees the local cart in the checkout, changes and removes, then logs in to pay it (issue 39)', async ({
  page,
}) => {
  await openFirstSession(page, /Visita ao Museu do Aurora/, `${ACCOUNTS}/pt`);
  await addTickets(page, 'pt-BR', 'Inteira', 2);
  await expect(page.getByTestId('cart-count')).toHaveText('2');
  await openFirstSession(page, /Visita ao Museu do Aurora/, `${ACCOUNTS}/pt`);
  await addTickets(page, 'pt-BR', 'Inteira', 1);
  await expect(page.getByTestId('cart-count')).toHaveText('3');

  await page.goto(`${ACCOUNTS}/pt/checkout`);
  const cart = page.getByTestId('guest-cart');
  const lines = cart.getByTestId('guest-cart-line');
  await expect(lines).toHaveCount(2);
  await expect(cart).toContainText(msg('pt-BR', 'product.selectedCount', { qtd: 3 }));
  const total = cart.getByTestId('guest-cart-total');
  await expect(total).toContainText(msg('pt-BR', 'cart.total'));
  const before = await total.textContent();

  // One fewer on the first line, the second line removed.
  await lines
    .nth(0)
    .getByRole('button', { name: msg('pt-BR', 'product.removeOne', { produto: 'Inteira' }) })
    .click();
  await lines
    .nth(1)
    .getByRole('button', {
      name: msg('pt-BR', 'checkout.guest.removeAria', { produto: 'Inteira' }),
    })
    .click();
  await expect(lines).toHaveCount(1);
  await expect(cart).toContainText(msg('pt-BR', 'product.selectedCount', { qtd: 1 }));
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await expect(total).not.toHaveText(before!);

  await cart.getByRole('button', { name: msg('pt-BR', 'checkout.guest.loginToPay') }).click();
  await logInWithModal(page, 'pt-BR', DEMO);
  await expect(
    page.getByText(msg('pt-BR', 'cart.lineQuantity', { qtd: 1, produto: 'Inteira' })),
  ).toBeVisible();
  await expect(page.getByTestId('pay-button')).toBeEnabled();
  expect(await page.evaluate(() => localStorage.getItem('si.localCart'))).toBeNull();

  await page.getByTestId('cancel-reservation').click();
  await page.getByTestId('cancel-confirm').click();
  await expect(page).toHaveURL(/\/pt\/?$/);
});
