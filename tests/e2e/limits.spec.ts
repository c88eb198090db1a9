import type { APIRequestContext } from '@playwright/test';
import type { Envelope, GetProdutosResult, LoginResult } from '../../schemas/contract';
import { expect, type Page, test } from './fixtures';
import {
  addTickets,
  availableUnits,
  axeViolations,
  logInWithModal,
  msg,
  type NewPerson,
  newPerson,
  signUpByApi,
} from './support';

/**
 * Issue 11 item 4: the match sells by block (the picker, described by the map's help, before
 * the tickets; the add holds in the block picked), one person may hold or buy at most the
 * event's `limitePorPessoa` (the demo's match: 6 per session), and a product another buyer
 * took the last units of answers 'Ingressos indisponíveis!'.
 */

const MATCH = 3;
const TOUR = /Tour pelo Estádio Alvorada/;
const CHILD_TOUR = 'Gratuidade infantil (até 6 anos)';
const CHILD_TOUR_ID = 203;
const CHILD_TOUR_PER_HOLD = 4;

async function logInFirst(page: Page, who: NewPerson) {
  await page.goto('/pt');
  await page.getByRole('button', { name: msg('pt-BR', 'header.login') }).click();
  await logInWithModal(page, 'pt-BR', { email: who.email, password: who.senha });
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** Units of the match's full-price ticket left in one block, asked of the server itself. */
async function blockUnits(page: Page, idapresentacao: number, idbloco: number) {
  const response = await page.request.post(
    '/router.php?method=getProdutos&class=SuperIngresso&lang=pt_BR',
    { data: { class: 'SuperIngresso', method: 'getProdutos', params: [idapresentacao, idbloco] } },
  );
  const body = (await response.json()) as { result: GetProdutosResult };
  const inteira = body.result.tipo_produtos
    .flatMap((t) => t.produtos)
    .find((p) => p.idproduto === 301);
  if (!inteira) throw new Error(`no full-price ticket in block ${idbloco}`);
  return inteira.qtd;
}

/** A new buyer's bearer token, through the API. */
async function buyerToken(request: APIRequestContext, baseURL: string, tag: string) {
  const who = newPerson(tag);
  await signUpByApi(request, baseURL, who);
  const res = await request.post(`${baseURL}/login/1`, {
    data: { _username: who.email, _password: who.senha },
  });
  const body = (await res.json()) as Envelope<LoginResult>;
  if (!('result' in body)) throw new Error(`login failed: ${JSON.stringify(body)}`);
  return body.result.access_token;
}

test('a match sells by block: the picker comes first, the add holds in the block, the person’s limit refuses the rest', async ({
  page,
  baseURL,
}) => {
  const ana = newPerson('limits');
  await signUpByApi(page.request, baseURL!, ana);
  await logInFirst(page, ana);

  await page.goto(`/pt/produto/${MATCH}`);
  await page.locator('[data-testid^="time-"]:not([disabled])').first().click();
  const picker = page.getByRole('radiogroup', { name: msg('pt-BR', 'product.chooseBlock') });
  await expect(picker).toBeVisible();
  await expect(picker).toHaveAccessibleDescription(/Os setores A e B ficam na Arquibancada Leste/);
  // No tickets before a block is picked.
  await expect(page.getByTestId('pick-block-hint')).toBeVisible();
  await expect(
    page.getByRole('heading', { name: msg('pt-BR', 'product.chooseTickets') }),
  ).toHaveCount(0);

  const produtos = page.waitForResponse((r) => r.url().includes('method=getProdutos'));
  await picker.getByRole('radio', { name: /Leste — Setor A \(norte\)/ }).check();
  // The products asked for are the block's.
  const { result } = (await (await produtos).json()) as { result: GetProdutosResult };
  expect(result.idbloco).toBe(1);
  const { idapresentacao } = result;
  const before = [
    await blockUnits(page, idapresentacao, 1),
    await blockUnits(page, idapresentacao, 2),
  ];
  await expect(picker.getByRole('radio', { name: /Leste — Setor A/ })).toBeChecked();
  // The block's products only: the East Stand's, not the Centre Seats' agency product.
  await expect(
    page.getByRole('button', {
      name: msg('pt-BR', 'product.addOne', { produto: 'Inteira' }),
      exact: true,
    }),
  ).toHaveCount(1);

  const productPage = page.url();
  expect(productPage).toMatch(/[?&]bloco=1\b/);
  await addTickets(page, 'pt-BR', 'Inteira', 4);
  await expect(page).toHaveURL(/\/pt\/checkout$/);
  // Held in block A, not in B.
  expect([
    await blockUnits(page, idapresentacao, 1),
    await blockUnits(page, idapresentacao, 2),
  ]).toEqual([before[0]! - 4, before[1]]);

  // Back on the same session and block (kept in the address): 4 held + 3 > 6 per session.
  await page.goto(productPage);
  await expect(page.getByRole('radio', { name: /Leste — Setor A/ })).toBeChecked();
  await addTickets(page, 'pt-BR', 'Inteira', 3);
  await expect(page.getByTestId('reserve-error')).toContainText(
    msg('pt-BR', 'error.purchaseLimit'),
  );
  await expect(page.getByTestId('reserve-error')).toContainText('Limite de compra atingido');
  await expect(page).toHaveURL(/\/pt\/produto\/3/);
});

test('a product whose last units another buyer took answers “Ingressos indisponíveis!”', async ({
  page,
  baseURL,
}) => {
  const bia = newPerson('soldout');
  await signUpByApi(page.request, baseURL!, bia);
  await logInFirst(page, bia);

  await page.getByRole('link', { name: TOUR }).first().click();
  // The tour's page has a pop-up of its own, once per browser.
  const popup = page.getByTestId('content-popup');
  await popup
    .getByRole('button', { name: msg('pt-BR', 'common.close') })
    .first()
    .click();
  await expect(popup).toHaveCount(0);
  await page.locator('[data-testid^="date-"]').first().click();
  const answer = page.waitForResponse((r) => r.url().includes('method=getProdutos'));
  await page.locator('[data-testid^="time-"]:not([disabled])').first().click();
  const { idapresentacao } = (
    (await (await answer).json()) as { result: { idapresentacao: number } }
  ).result;
  await page
    .getByRole('button', {
      name: msg('pt-BR', 'product.addOne', { produto: CHILD_TOUR }),
      exact: true,
    })
    .click();

  // Other buyers take every unit left, through the API, while the page still offers it.
  for (let left = await availableUnits(page, idapresentacao, CHILD_TOUR_ID), n = 0; left > 0; n++) {
    const token = await buyerToken(page.request, baseURL!, `filler${n}`);
    const qtd = Math.min(left, CHILD_TOUR_PER_HOLD);
    const res = await page.request.post('/router.php?method=iniciarReserva&class=SuperIngresso', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        class: 'SuperIngresso',
        method: 'iniciarReserva',
        params: [[{ idproduto: CHILD_TOUR_ID, qtd }], idapresentacao, []],
      },
    });
    expect(await res.json()).toHaveProperty('result');
    left -= qtd;
  }
  expect(await availableUnits(page, idapresentacao, CHILD_TOUR_ID)).toBe(0);

  await page.getByRole('button', { name: msg('pt-BR', 'product.addToCart') }).click();
  await expect(page.getByTestId('reserve-error')).toContainText('Ingressos indisponíveis!');
  await expect(page).toHaveURL(/\/pt\/produto\/2/);
});

test('the block picker on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/pt/produto/${MATCH}`);
  await page.locator('[data-testid^="time-"]:not([disabled])').first().click();
  const picker = page.getByTestId('block-picker');
  await expect(picker).toBeVisible();
  await page.getByRole('radio', { name: /Central — Setor C/ }).check();
  await expect(
    page.getByRole('heading', { name: msg('pt-BR', 'product.chooseTickets') }),
  ).toBeVisible();
  // Every block fits the width: nothing scrolls sideways.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page
    .getByRole('heading', { name: msg('pt-BR', 'product.chooseBlock') })
    .scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('block-picker-390.png') });
  // Keyboard: one Tab stop, arrows move and pick (native radios).
  await page.getByRole('radio', { name: /Central — Setor C/ }).focus();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('radio', { name: /Leste — Setor B/ })).toBeChecked();
  await expect(page).toHaveURL(/[?&]bloco=2\b/);
  expect(await axeViolations(page), 'block picker').toEqual([]);
});
