import type { Page, Route } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  addTickets,
  availableUnits,
  axeViolations,
  CARDS,
  holdAsNewPerson,
  logInWithModal,
  msg,
  newPerson,
  openFirstSession,
  signUpByApi,
} from './support';

/**
 * The checkout machine in the browser (machines/checkout.machine.ts): cancelling asks first,
 * a removal locks the payment, an earlier hold is never merged silently, and a change of
 * language keeps the hold, its timer and what was typed. Each test has its own account, so
 * no hold of one test meets another.
 */

const MUSEUM = /Visita ao Museu do Aurora/;
const INTEIRA = 'Inteira';

/** The amount on the Pay button, as shown ("R$ 110,00"). */
async function payTotal(page: Page): Promise<string> {
  const text = (await page.getByTestId('pay-button').textContent()) ?? '';
  const amount = /R\$\s?[\d.,]+/.exec(text)?.[0];
  if (!amount) throw new Error(`no amount on the Pay button: ${text}`);
  return amount;
}

const reais = (amount: string) => Number(amount.replace(/[^\d,]/g, '').replace(',', '.'));

const lines = (page: Page, qtd: number) =>
  page.getByText(msg('pt-BR', 'cart.lineQuantity', { qtd, produto: INTEIRA }));

test('cancelling asks first from either button; keeping changes nothing, confirming releases the tickets', async ({
  page,
  baseURL,
}) => {
  const hold = await holdAsNewPerson(page, baseURL!, 'cancel', 2);
  const heldUnits = await availableUnits(page, hold.idapresentacao, hold.idproduto);
  const dialog = page.getByTestId('cancel-confirmation');
  // The checkout's three modals are closed: their dialog's code comes with the first question
  // (looked at on a new visit of the page; the login's dialog loaded it before).
  await page.reload();
  const dialogCode = () =>
    page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .some((e) => /\/assets\/(modal-frame-dialog|dismissable-layer)-/.test(e.name)),
    );
  await expect(page.getByTestId('pay-button')).toBeVisible();
  expect(await dialogCode()).toBe(false);

  // The cart's button: asked, kept.
  await page.getByTestId('cancel-reservation').click();
  await expect(dialog).toBeVisible();
  expect(await dialogCode()).toBe(true);
  await expect(dialog).toContainText(msg('pt-BR', 'checkout.cancelConfirmBody', { count: 2 }));
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: msg('pt-BR', 'checkout.cancelKeep') }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('pay-button')).toBeEnabled();
  expect(await availableUnits(page, hold.idapresentacao, hold.idproduto)).toBe(heldUnits);

  // The payment's button leads to the same question; confirmed, the tickets go back on sale.
  await page.getByTestId('cancel-purchase').click();
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('cancel-confirm').click();
  await expect(page).toHaveURL(/\/pt\/?$/);
  await expect(page.getByText(msg('pt-BR', 'checkout.cancelled'))).toBeVisible();
  expect(await availableUnits(page, hold.idapresentacao, hold.idproduto)).toBe(heldUnits + 2);
});

test('removing a ticket while the payment form is open locks Pay and Cancel until it is done', async ({
  page,
  baseURL,
}) => {
  await holdAsNewPerson(page, baseURL!, 'remove', 2);
  const both = reais(await payTotal(page));
  const number = page.getByLabel(msg('pt-BR', 'payment.card.number'));
  await number.fill(CARDS.approved);

  // The removal is held at the network until the test lets it through.
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/method=removeProdutoCarrinho/, async (route: Route) => {
    await released;
    await route.continue();
  });
  await page
    .getByRole('button', { name: msg('pt-BR', 'cart.removeOneAria', { produto: INTEIRA }) })
    .first()
    .click();
  await expect(page.getByTestId('pay-button')).toBeDisabled();
  await expect(page.getByTestId('cancel-purchase')).toBeDisabled();
  await expect(page.getByTestId('cancel-reservation')).toBeDisabled();
  release();

  await expect(lines(page, 1)).toBeVisible();
  await expect(page.getByTestId('pay-button')).toBeEnabled();
  expect(reais(await payTotal(page))).toBeCloseTo(both / 2, 2);
  // What was typed stayed.
  await expect(number).toHaveValue(CARDS.approved);
});

test('tickets held on an earlier visit are shown as such and join a new add only when the person says so', async ({
  page,
  baseURL,
}) => {
  await holdAsNewPerson(page, baseURL!, 'earlier', 2);
  const total = await payTotal(page);

  // A new visit (a new tab's session: what this tab made is forgotten): adding more asks first.
  await page.evaluate(() => sessionStorage.clear());
  await openFirstSession(page, MUSEUM);
  await addTickets(page, 'pt-BR', INTEIRA, 1);
  const modal = page.getByTestId('add-to-order');
  await expect(modal).toBeVisible();
  await expect(modal).toContainText(msg('pt-BR', 'cart.addToOrder.body', { count: 2, total }));
  expect(await axeViolations(page)).toEqual([]);

  // "See my order": nothing added, the earlier tickets shown as such.
  await modal.getByTestId('add-to-order-see').click();
  await expect(page).toHaveURL(/\/pt\/checkout$/);
  await expect(page.getByTestId('earlier-hold')).toHaveText(
    msg('pt-BR', 'checkout.earlierHold', { count: 2 }),
  );
  await expect(lines(page, 2)).toBeVisible();

  // Another visit: this time the person adds to the order.
  await page.evaluate(() => sessionStorage.clear());
  await openFirstSession(page, MUSEUM);
  await addTickets(page, 'pt-BR', INTEIRA, 1);
  await modal.getByTestId('add-to-order-confirm').click();
  await expect(page).toHaveURL(/\/pt\/checkout$/);
  await expect(lines(page, 3)).toBeVisible();
  await expect(page.getByTestId('earlier-hold')).toBeVisible();

  // A reload in the same visit: the person added to this order here, so it is no longer
  // pointed out as an earlier visit's.
  await page.reload();
  await expect(lines(page, 3)).toBeVisible();
  await expect(page.getByTestId('earlier-hold')).toHaveCount(0);

  // Leave the units as they were for the tests after this one.
  await page.getByTestId('cancel-reservation').click();
  await page.getByTestId('cancel-confirm').click();
  await expect(page).toHaveURL(/\/pt\/?$/);
});

test('switching language during checkout keeps the hold, the timer and what was typed', async ({
  page,
  baseURL,
}) => {
  await holdAsNewPerson(page, baseURL!, 'language', 1);
  await page.getByLabel(msg('pt-BR', 'payment.card.number')).fill(CARDS.approved);
  await page.getByLabel(msg('pt-BR', 'payment.card.holder')).fill('Maria da Silva');
  const seconds = async () => {
    const [m, s] = ((await page.getByTestId('countdown').textContent()) ?? '').split(':');
    return Number(m) * 60 + Number(s);
  };
  const before = await seconds();

  const asked: string[] = [];
  page.on('request', (r) => {
    const method = new URL(r.url()).searchParams.get('method');
    if (method) asked.push(method);
  });
  await page.getByRole('link', { name: msg('pt-BR', 'language.en-US') }).click();
  await expect(page).toHaveURL(/\/en\/checkout$/);
  await expect(
    page.getByRole('heading', { name: msg('en-US', 'checkout.yourTickets') }),
  ).toBeVisible();
  await expect(page.getByLabel(msg('en-US', 'payment.card.number'))).toHaveValue(CARDS.approved);
  await expect(page.getByLabel(msg('en-US', 'payment.card.holder'))).toHaveValue('Maria da Silva');
  // The timer went on (not back to a fresh hold's 15 minutes) and the hold was not asked for
  // again; only the items are, for their names in English.
  const after = await seconds();
  expect(after).toBeLessThanOrEqual(before);
  expect(after).toBeGreaterThan(before - 30);
  await expect(page.getByText('Full price', { exact: false }).first()).toBeVisible();
  expect(asked.filter((m) => m === 'getCarrinhoPage' || m === 'iniciarReserva')).toEqual([]);
  await expect(page.getByTestId('pay-button')).toBeEnabled();
});

test("a guest's add waits for the login and goes on after it; a closed login drops it", async ({
  page,
  baseURL,
}) => {
  const who = newPerson('guest');
  await signUpByApi(page.request, baseURL!, who);
  await openFirstSession(page, MUSEUM);

  const asked: string[] = [];
  page.on('request', (r) => {
    const method = new URL(r.url()).searchParams.get('method');
    if (method) asked.push(method);
  });

  // Closed without logging in: nothing is held, nothing waits for a later login.
  await addTickets(page, 'pt-BR', INTEIRA, 1);
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await page.getByRole('button', { name: msg('pt-BR', 'header.login') }).click();
  await logInWithModal(page, 'pt-BR', { email: who.email, password: who.senha });
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/pt\/produto\/1/);
  // The header asked for the count after the login: the dropped add was not sent with it.
  await expect.poll(() => asked.includes('getCarrinhoQtdReservados')).toBe(true);
  expect(asked).not.toContain('iniciarReserva');
  await expect(page.getByTestId('cart-count')).toHaveCount(0);

  // Logged in now, the next add goes on to the checkout.
  await page.getByTestId('add-to-cart').click();
  await expect(page).toHaveURL(/\/pt\/checkout$/);
  await expect(lines(page, 1)).toBeVisible();
});
