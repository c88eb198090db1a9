import { readFileSync } from 'node:fs';
import { expect, type Page, type Response } from '@playwright/test';
import { IntlMessageFormat } from 'intl-messageformat';
import type { GetProdutosResult, Locale } from '../../schemas/contract';

const catalogues = new Map<Locale, Record<string, string>>();

/** The text a person sees for a message id, formatted as the storefront formats it. */
export function msg(locale: Locale, id: string, values?: Record<string, string | number>): string {
  let messages = catalogues.get(locale);
  if (!messages) {
    messages = JSON.parse(readFileSync(`locales/${locale}.json`, 'utf8')) as Record<string, string>;
    catalogues.set(locale, messages);
  }
  const source = messages[id];
  if (source === undefined) throw new Error(`No message ${id} in ${locale}`);
  return String(new IntlMessageFormat(source, locale).format(values));
}

export const DEMO = { email: 'demo@example.com', password: 'Demo@1234' };
export const CARDS = {
  approved: '4111 1111 1111 1111',
  declined: '4000 0000 0000 0002',
};

/** Opens the museum visit, picks the first date and time on sale; returns what the server said. */
export async function openFirstSession(
  page: Page,
  eventName: RegExp,
  home = '/pt',
): Promise<GetProdutosResult> {
  await page.goto(home);
  await page.getByRole('link', { name: eventName }).first().click();
  await page.locator('[data-testid^="date-"]').first().click();
  const produtos = page.waitForResponse((r: Response) => r.url().includes('method=getProdutos'));
  await page.locator('[data-testid^="time-"]:not([disabled])').first().click();
  const body = (await (await produtos).json()) as { result: GetProdutosResult };
  return body.result;
}

export async function addTickets(page: Page, locale: Locale, produto: string, count: number) {
  const add = page.getByRole('button', {
    name: msg(locale, 'product.addOne', { produto }),
    exact: true,
  });
  for (let i = 0; i < count; i++) await add.click();
  await expect(page.getByText(msg(locale, 'product.selectedCount', { qtd: count }))).toBeVisible();
  await page.getByRole('button', { name: msg(locale, 'product.addToCart') }).click();
}

export async function logInWithModal(page: Page, locale: Locale, who = DEMO) {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  // The login form is schemas/forms/login.schema.json: its labels are the form.field.* ids.
  await dialog.getByLabel(msg(locale, 'form.field.email')).fill(who.email);
  await dialog.getByLabel(msg(locale, 'form.field.senha')).fill(who.password);
  await dialog.getByRole('button', { name: msg(locale, 'login.submit') }).click();
}

export async function payWithCard(page: Page, locale: Locale, number: string) {
  await page.getByLabel(msg(locale, 'payment.card.number')).fill(number);
  await page.getByLabel(msg(locale, 'payment.card.holder')).fill('Maria da Silva');
  await page.getByLabel(msg(locale, 'payment.card.expiry')).fill('12/31');
  await page.getByLabel(msg(locale, 'payment.card.cvv')).fill('123');
  await page.getByRole('button', { name: /^(Pagar|Pay|Pagar) / }).click();
}

/** Units still on sale of one product in one session, asked of the server itself. */
export async function availableUnits(page: Page, idapresentacao: number, idproduto: number) {
  const response = await page.request.post(
    '/router.php?method=getProdutos&class=SuperIngresso&lang=pt_BR',
    { data: { class: 'SuperIngresso', method: 'getProdutos', params: [idapresentacao] } },
  );
  const body = (await response.json()) as { result: GetProdutosResult };
  const produto = body.result.tipo_produtos
    .flatMap((t) => t.produtos)
    .find((p) => p.idproduto === idproduto);
  if (!produto) throw new Error(`product ${idproduto} not in session ${idapresentacao}`);
  return produto.qtd;
}
