import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import {
  type APIRequestContext,
  expect,
  type Locator,
  type Page,
  type Response,
} from '@playwright/test';
import { IntlMessageFormat } from 'intl-messageformat';
import { MAIN_DATA_DIR, MAIN_PORT } from '../../playwright.config';
import type { GetApresentacoesResult, GetProdutosResult, Locale } from '../../schemas/contract';
import { STORAGE_KEYS } from '../../src/lib/storage';

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
  /** The gateway reviews it: the order stays pending (AP) until the sandbox settles it. */
  pending: '4000 0000 0000 0341',
};

const run = promisify(execFile);

/**
 * The sandbox's operator command (`npm run sandbox -- pay|expire|refund <localizador>`) against
 * the main test server: the bank or card issuer settles the charge (or the refunds asked for
 * cancelled tickets) and the sandbox notifies the webhook. Returns what it printed.
 */
export async function sandbox(
  command: 'pay' | 'expire' | 'refund',
  localizador: string,
): Promise<string> {
  const { stdout } = await run('npm', ['run', '--silent', 'sandbox', '--', command, localizador], {
    env: { ...process.env, DATA_DIR: MAIN_DATA_DIR, PORT: String(MAIN_PORT) },
  });
  return stdout;
}

/** An RPC (router.php) call as the logged-in person of `page`, answered with its result. */
export async function rpcAs<T>(page: Page, method: string, params: unknown[]): Promise<T> {
  return page.evaluate(
    async ({ method, params }) => {
      const token = localStorage.getItem('si.token');
      const res = await fetch(`/router.php?class=SuperIngresso&method=${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ class: 'SuperIngresso', method, params }),
      });
      const body = (await res.json()) as { result?: unknown; error?: unknown };
      if (body.error) throw new Error(`${method}: ${JSON.stringify(body.error)}`);
      return body.result as never;
    },
    { method, params },
  );
}

/** Sessions are laid out in America/Sao_Paulo (server/brands/schedule.ts): UTC−3, no daylight time. */
const DEMO_UTC_OFFSET = '-03:00';
/** Sessions starting sooner than this are not picked (see openFirstSession). */
const START_MARGIN_MS = 20 * 60_000;

/** Whether a session at `isoStart` begins within START_MARGIN_MS (an unreadable time: no). */
function startsWithin(isoStart: string): boolean {
  const start = Date.parse(isoStart);
  return Number.isFinite(start) && start - Date.now() < START_MARGIN_MS;
}

/**
 * Opens the museum visit (or `eventName`), picks the first date (or the second) and its first
 * time on sale whose first product has `need` units left, else the day's last time; returns
 * what the server said. The tests of a run share each server's stock: the first session's
 * tickets, held and bought by the tests before, may have run short.
 */
export async function openFirstSession(
  page: Page,
  eventName: RegExp,
  home = '/pt',
  day: 'first' | 'second' = 'first',
  need = 10,
): Promise<GetProdutosResult> {
  await page.goto(home);
  await page.getByRole('link', { name: eventName }).first().click();
  const date = page.locator('[data-testid^="date-"]').nth(day === 'first' ? 0 : 1);
  const dia = (await date.getAttribute('data-testid'))?.slice('date-'.length);
  await date.click();
  const times = page.locator('[data-testid^="time-"]:not([disabled])');
  for (let i = 0; ; i++) {
    // A session about to start is skipped: listed now, it refuses holds once it has begun, and
    // a test's path from the pick to the hold (a sign-up, a login) takes seconds.
    const hora = (await times.nth(i).getAttribute('data-testid'))?.slice('time-'.length);
    if (i + 1 < (await times.count()) && startsWithin(`${dia}T${hora}:00${DEMO_UTC_OFFSET}`)) {
      continue;
    }
    const produtos = page.waitForResponse((r: Response) => r.url().includes('method=getProdutos'));
    await times.nth(i).click();
    const { result } = (await (await produtos).json()) as { result: GetProdutosResult };
    const left = result.tipo_produtos[0]?.produtos[0]?.qtd ?? 0;
    if (left >= need || i + 1 >= (await times.count())) return result;
  }
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
  // Exact: the identity providers' buttons say "Entrar com …".
  await dialog.getByRole('button', { name: msg(locale, 'login.submit'), exact: true }).click();
}

/** Ticks "I accept the purchase terms" (the demo brand has them) unless it is ticked. */
export async function acceptPurchaseTerms(page: Page) {
  const box = page.getByTestId('purchase-terms-check');
  if (!(await box.isChecked())) await box.check();
}

/**
 * Declines the refundable-ticket option (the demo brand offers it) unless a choice was made,
 * and waits for the cart to follow.
 */
export async function declineRefundable(page: Page) {
  const no = page.getByTestId('refundable-no').getByRole('radio');
  // The options are disabled for a moment while the cart reloads: try again until it took.
  await expect(async () => {
    if (!(await no.isChecked())) await no.check({ timeout: 2_000 });
    await expect(no).toBeChecked({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByTestId('pay-button')).toBeEnabled();
}

export async function payWithCard(page: Page, locale: Locale, number: string) {
  await declineRefundable(page);
  await acceptPurchaseTerms(page);
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

/** An address nobody used before: accounts made by one run never meet another's. */
export function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

export interface NewPerson {
  nome: string;
  sobrenome: string;
  email: string;
  senha: string;
  /** The CPF it signs up with; absent: everyone's 529.982.247-25. */
  cpf?: string;
}

/**
 * A valid CPF no other test uses (nine random digits and their two check digits), formatted:
 * for a test whose person must not share a document with another spec's (one holder per
 * document and match, server/cart/holders.ts).
 */
export function uniqueCpf(): string {
  const d = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10));
  if (d.every((x) => x === d[0])) d[8] = (d[0]! + 1) % 10;
  const check = (digits: number[]) =>
    ((digits.reduce((sum, x, i) => sum + x * (digits.length + 1 - i), 0) * 10) % 11) % 10;
  d.push(check(d));
  d.push(check(d));
  const t = d.join('');
  return `${t.slice(0, 3)}.${t.slice(3, 6)}.${t.slice(6, 9)}-${t.slice(9)}`;
}

export function newPerson(tag: string, nome = 'Ana'): NewPerson {
  return { nome, sobrenome: 'Teste', email: uniqueEmail(tag), senha: 'Aurora@2026' };
}

/**
 * A text field of a form by its exact accessible name (the form.field.* ids; the label's
 * required mark is hidden from it).
 */
export function field(scope: Page | Locator, locale: Locale, name: string): Locator {
  return scope.getByRole('textbox', { name: msg(locale, `form.field.${name}`), exact: true });
}

/**
 * Fills the sign-up form (schemas/forms/registration, or agency with a CNPJ and company name)
 * as a person types it; the birth date in the page language's order.
 */
export async function fillSignUp(
  dialog: Locator,
  locale: Locale,
  who: NewPerson,
  kind: 'person' | 'agency' = 'person',
) {
  if (kind === 'agency') {
    await field(dialog, locale, 'empresa_cnpj').pressSequentially('11222333000181');
    await field(dialog, locale, 'empresa_razao').fill('Viagens Aurora Ltda');
  }
  await field(dialog, locale, 'nome').fill(who.nome);
  await field(dialog, locale, 'sobrenome').fill(who.sobrenome);
  await field(dialog, locale, 'email').fill(who.email);
  await field(dialog, locale, 'email2').fill(who.email);
  await field(dialog, locale, 'senha').fill(who.senha);
  await field(dialog, locale, 'senha2').fill(who.senha);
  await field(dialog, locale, 'celularComCodigoPais').fill('11987654321');
  if (kind === 'person') {
    await field(dialog, locale, 'dt_nascimento').fill(
      locale === 'en-US' ? '05/17/1990' : '17/05/1990',
    );
    await field(dialog, locale, 'cpf').pressSequentially('52998224725');
  }
  await dialog.getByRole('checkbox', { name: msg(locale, 'form.field.termos') }).check();
}

/** The body of POST cadastro/{loginId} for `who`: every field prefixed, with a CPF. */
export function signUpBody(who: NewPerson): Record<string, unknown> {
  return {
    _nome: who.nome,
    _sobrenome: who.sobrenome,
    _email: who.email,
    _email2: who.email,
    _senha: who.senha,
    _senha2: who.senha,
    _celularComCodigoPais: '+55 (11) 98765-4321',
    _dt_nascimento: '1990-05-17',
    _cpf: who.cpf ?? '529.982.247-25',
    _termos: true,
  };
}

/** Signs a person up through the API, for tests whose subject is not the sign-up itself. */
export async function signUpByApi(request: APIRequestContext, baseURL: string, who: NewPerson) {
  const response = await request.post(`${baseURL}/cadastro/1`, { data: signUpBody(who) });
  const body = (await response.json()) as { error?: unknown };
  expect(body.error, JSON.stringify(body)).toBeUndefined();
}

interface MailboxEntry {
  to: string;
  kind: string;
  subject: string;
  text: string;
}

/**
 * The link of the newest mail of `kind` to `to`, read from the development mailbox of the
 * server at `devOrigin` (it exists only with STOREFRONT_DEV_PAGES=1). Waits for the mail.
 */
export async function mailLink(
  request: APIRequestContext,
  devOrigin: string,
  to: string,
  kind: string,
): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const res = await request.get(`${devOrigin}/dev/mailbox.json`, { params: { to } });
        const { result } = (await res.json()) as { result: MailboxEntry[] };
        const mail = result.find((m) => m.kind === kind);
        // The plain-text part carries the link as "<button>: <url>".
        link = mail?.text.match(/https?:\/\/\S+/)?.[0] ?? '';
        return link;
      },
      { message: `a ${kind} mail to ${to}` },
    )
    .not.toBe('');
  return link;
}

/** The greeting in the header: the account menu of a logged-in person. */
export function accountMenu(page: Page): Locator {
  return page.getByTestId('account-menu');
}

/** Logs out through the account menu and waits for the "Entrar" button. */
export async function logOut(page: Page, locale: Locale) {
  await accountMenu(page).click();
  await page.getByRole('menuitem', { name: msg(locale, 'header.logout') }).click();
  // The header's button (a checkout page shows a sign-in button of its own as well).
  const login = page.getByTestId('login-button');
  await expect(login).toBeVisible();
  await expect(login).toHaveAccessibleName(msg(locale, 'header.login'));
  await expect(accountMenu(page)).toHaveCount(0);
}

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * The page's WCAG 2.2 A/AA violations and axe's best practices, as lines; only those inside
 * `within` (a selector) when the test's subject is one part of a page checked elsewhere whole.
 */
export async function axeViolations(page: Page, within?: string): Promise<string[]> {
  const tags = [...WCAG_TAGS, 'best-practice'];
  // Checked from the top of the page, then scrolled back: wherever a step left the page, the
  // footer's links under the sticky header would count as overlapping targets (target-size),
  // which depends only on how far the page happened to be scrolled.
  const scrolled = await page.evaluate(() => {
    const y = window.scrollY;
    window.scrollTo(0, 0);
    return y;
  });
  // Legacy mode: one axe.run in the page and its same-origin frames. By default the builder
  // opens a blank page per audit to merge the frames' results (cross-origin frames, which our
  // pages have none of); that took 2.5–4 s of an audit's 4 s here, legacy mode 1.3 s.
  const builder = new AxeBuilder({ page }).withTags(tags).setLegacyMode(true);
  const results = await (within ? builder.include(within) : builder).analyze();
  await page.evaluate((y) => window.scrollTo(0, y), scrolled);
  return results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

/**
 * A new account holding `count` full-price tickets of the museum's first session (see
 * {@link heldOrderByApi}), arrived at the checkout signed in (pt-BR), as if the person had added
 * them in this tab and logged in: set up through the API, for tests about the checkout and what
 * follows it (the add and the login are tested where they are the subject: purchase.spec,
 * a11y.spec, checkout.spec). `day` 'second': a session of the second day on sale (tomorrow or
 * later), for tests that must not depend on the hour they run at (a session today may already
 * be past the brand's cancellation deadline).
 */
export async function holdAsNewPerson(
  page: Page,
  baseURL: string,
  tag: string,
  count: number,
  day: 'first' | 'second' = 'first',
) {
  const hold = await heldOrderByApi(page.request, baseURL, tag, count, day);
  await openCheckoutAs(page, hold);
  return hold;
}

/**
 * Opens the checkout (of `prefix`'s language) signed in as the holder of `hold`, as if the hold
 * had been made in this tab: what the login leaves in the browser, and the tab's memory of its
 * hold, set once on the shop's origin (a later logout or a cleared tab stays so).
 */
export async function openCheckoutAs(
  page: Page,
  hold: { session: ApiSession; idmovimentacao: number },
  prefix = '/pt',
) {
  await page.goto('/robots.txt');
  await page.evaluate(
    ({ keys, token, pessoa, id }) => {
      localStorage.setItem(keys.token, token);
      localStorage.setItem(keys.session, pessoa);
      sessionStorage.setItem(keys.heldHere, id);
    },
    {
      keys: STORAGE_KEYS,
      token: hold.session.access_token,
      pessoa: JSON.stringify(hold.session.pessoa),
      id: String(hold.idmovimentacao),
    },
  );
  await page.goto(`${prefix}/checkout`);
  await expect(page.getByTestId('pay-button')).toBeEnabled();
}

/**
 * As {@link holdAsNewPerson}, through the screens: the event page's add, then the login the add
 * asks for (for tests of what those screens do on the way, such as the trackers' events).
 */
export async function holdByUi(page: Page, baseURL: string, tag: string, count: number) {
  const who = newPerson(tag);
  await signUpByApi(page.request, baseURL, who);
  const produtos = await openFirstSession(page, /Visita ao Museu do Aurora/, '/pt');
  await addTickets(page, 'pt-BR', 'Inteira', count);
  await logInWithModal(page, 'pt-BR', { email: who.email, password: who.senha });
  await expect(page).toHaveURL(/\/pt\/checkout$/);
  await expect(page.getByTestId('pay-button')).toBeEnabled();
  const inteira = produtos.tipo_produtos
    .flatMap((t) => t.produtos)
    .find((p) => p.dscproduto === 'Inteira');
  if (!inteira) throw new Error('no Inteira in the first session');
  return { who, idapresentacao: produtos.idapresentacao, idproduto: inteira.idproduto };
}

/** An RPC (router.php) call through `request` with the bearer `token`, answered with its result. */
export async function rpcWithToken<T>(
  request: APIRequestContext,
  baseURL: string,
  token: string | null,
  cls: string,
  method: string,
  params: unknown[],
): Promise<T> {
  const response = await request.post(`${baseURL}/router.php?class=${cls}&method=${method}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    data: { class: cls, method, params },
  });
  const body = (await response.json()) as { result?: unknown; error?: unknown };
  if (body.error !== undefined) throw new Error(`${method}: ${JSON.stringify(body.error)}`);
  return body.result as T;
}

/** A person's session as the sign-up (or login) answers it. */
export interface ApiSession {
  access_token: string;
  pessoa: unknown;
}

/** Signs `who` up through the API and answers the session the sign-up opens. */
export async function sessionByApi(
  request: APIRequestContext,
  baseURL: string,
  who: NewPerson,
): Promise<ApiSession> {
  const response = await request.post(`${baseURL}/cadastro/1`, { data: signUpBody(who) });
  const body = (await response.json()) as { result?: ApiSession; error?: unknown };
  expect(body.error, JSON.stringify(body)).toBeUndefined();
  return body.result!;
}

/**
 * Opens the storefront of `page` signed in with `session` (what the login modal leaves in the
 * browser's storage), without going through the login form.
 */
export async function useSession(page: Page, session: ApiSession): Promise<void> {
  await page.addInitScript(
    ({ token, pessoa }) => {
      if (localStorage.getItem('si.token') === null) {
        localStorage.setItem('si.token', token);
        localStorage.setItem('si.session', pessoa);
      }
    },
    { token: session.access_token, pessoa: JSON.stringify(session.pessoa) },
  );
}

/** A paid order bought through the API: its ids and the short code of each ticket. */
export interface ApiPaidOrder {
  who: NewPerson;
  session: ApiSession;
  idmovimentacao: number;
  localizador: string;
  idapresentacao: number;
  codigos: string[];
}

/**
 * Pays a held order through the API as the checkout pays (refundable option declined, purchase
 * terms accepted, the sandbox's approved card) and returns it as My orders lists it.
 */
async function payHeldOrderByApi(
  request: APIRequestContext,
  baseURL: string,
  token: string,
  tag: string,
  idmovimentacao: number,
): Promise<{ localizador: string; itens: { codigo?: string }[] }> {
  const call = <T>(cls: string, method: string, params: unknown[]) =>
    rpcWithToken<T>(request, baseURL, token, cls, method, params);
  await call('SuperIngresso', 'escolherGarantia', [idmovimentacao, false]);
  const gateway = await call<{ id_criptografado: string; idformapag: number }>(
    'SuperIngresso',
    'getGatewayPagamento',
    [idmovimentacao],
  );
  const [termo] = await call<{ idtermo: number }[]>('BaseTermoClass', 'get', [{ idtipo_termo: 2 }]);
  const tokenized = await request.post(`${baseURL}/sandbox-gateway/v1/tokens`, {
    data: {
      publicKey: gateway.id_criptografado,
      numero: CARDS.approved,
      titular: 'Maria da Silva',
      validade: '12/31',
      cvv: '123',
    },
  });
  const cartao = ((await tokenized.json()) as { result: unknown }).result;
  const paid = await call<{ status: string }>('SuperIngresso', 'iniciarPagamento', [
    idmovimentacao,
    gateway.idformapag,
    '',
    cartao,
    {
      parcelas: 1,
      idempotencyKey: `e2e-${tag}-${Date.now()}-${Math.random().toString(36).slice(2)}`,
      ...(termo ? { termo: termo.idtermo } : {}),
    },
  ]);
  expect(paid.status).toBe('approved');
  await call('SuperIngresso', 'concluirPagamento', [{ idmovimentacao }]);
  const cart = await request.get(
    `${baseURL}/tickets/cart?status=PA&page=1&results_per_page=5&fetch_items=true`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  const { result } = (await cart.json()) as {
    result: {
      tickets: { idmovimentacao: number; localizador: string; itens: { codigo?: string }[] }[];
    };
  };
  const order = result.tickets.find((o) => o.idmovimentacao === idmovimentacao);
  if (!order) throw new Error(`order ${idmovimentacao} is not among the paid ones`);
  return order;
}

/** A hold bought through the API: who holds it, their session and the hold's ids. */
export interface ApiHeldOrder {
  who: NewPerson;
  session: ApiSession;
  idmovimentacao: number;
  idapresentacao: number;
  idproduto: number;
}

/**
 * A new person (signed up through the API) holding `count` full-price tickets of the museum
 * visit, held through the API as the event page holds, in the session {@link openFirstSession}
 * would pick: the first (or second) day's first time not about to start with 10 units left
 * (at least `count`), else the day's last.
 */
export async function heldOrderByApi(
  request: APIRequestContext,
  baseURL: string,
  tag: string,
  count = 1,
  day: 'first' | 'second' = 'first',
): Promise<ApiHeldOrder> {
  const who = newPerson(tag);
  const session = await sessionByApi(request, baseURL, who);
  const call = <T>(cls: string, method: string, params: unknown[]) =>
    rpcWithToken<T>(request, baseURL, session.access_token, cls, method, params);
  const eventos = await call<{ idevento: number; dscevento: string }[]>(
    'SuperIngresso',
    'getEventos',
    [],
  );
  const evento = eventos.find((e) => /Visita ao Museu do Aurora/.test(e.dscevento));
  if (!evento) throw new Error('no museum visit on sale');
  const { dates, apresentacoes } = await call<GetApresentacoesResult>(
    'SuperIngresso',
    'getApresentacoes',
    [evento.idevento],
  );
  const dia = dates[day === 'first' ? 0 : 1]?.dia;
  const times = apresentacoes.filter((a) => a.dt_apre === dia);
  const need = Math.max(count, 10);
  let held: { idapresentacao: number; idproduto: number } | undefined;
  for (const [i, a] of times.entries()) {
    const last = i + 1 >= times.length;
    if (!last && startsWithin(`${a.dthr_apresentacao.replace(' ', 'T')}:00${DEMO_UTC_OFFSET}`)) {
      continue;
    }
    const produtos = await call<GetProdutosResult>('SuperIngresso', 'getProdutos', [
      a.idapresentacao,
    ]);
    const inteira = produtos.tipo_produtos
      .flatMap((t) => t.produtos)
      .find((p) => p.dscproduto === 'Inteira');
    if (inteira && (inteira.qtd >= need || last)) {
      held = { idapresentacao: a.idapresentacao, idproduto: inteira.idproduto };
      break;
    }
  }
  if (!held) throw new Error(`no museum session with Inteira on the ${day} day`);
  const { idmovimentacao } = await call<{ idmovimentacao: number }>(
    'SuperIngresso',
    'iniciarReserva',
    [[{ idproduto: held.idproduto, qtd: count }], held.idapresentacao, []],
  );
  return { who, session, idmovimentacao, ...held };
}

/**
 * A new person (signed up through the API) with a paid order of `count` full-price tickets of
 * the first session on sale of the museum visit, bought through the API as the checkout buys
 * (refundable option declined, purchase terms accepted, the sandbox's approved card), for tests
 * whose subject comes after the purchase.
 */
export async function paidOrderByApi(
  request: APIRequestContext,
  baseURL: string,
  tag: string,
  count = 1,
): Promise<ApiPaidOrder> {
  const { who, session, idmovimentacao, idapresentacao } = await heldOrderByApi(
    request,
    baseURL,
    tag,
    count,
  );
  const token = session.access_token;
  const order = await payHeldOrderByApi(request, baseURL, token, tag, idmovimentacao);
  return {
    who,
    session,
    idmovimentacao,
    localizador: order.localizador,
    idapresentacao,
    codigos: order.itens.map((i) => i.codigo!),
  };
}

/**
 * A new person (signed up through the API) with a paid order of `count` units of the museum
 * visit's product whose name matches `produto`, in the first session with room, paid as
 * {@link payHeldOrderByApi} pays.
 */
export async function paidProductOrderByApi(
  request: APIRequestContext,
  baseURL: string,
  tag: string,
  produto: RegExp,
  count = 1,
): Promise<{ session: ApiSession; idmovimentacao: number; localizador: string }> {
  const session = await sessionByApi(request, baseURL, newPerson(tag));
  const call = <T>(cls: string, method: string, params: unknown[]) =>
    rpcWithToken<T>(request, baseURL, session.access_token, cls, method, params);
  const eventos = await call<{ idevento: number; dscevento: string }[]>(
    'SuperIngresso',
    'getEventos',
    [],
  );
  const evento = eventos.find((e) => /Visita ao Museu do Aurora/.test(e.dscevento))!;
  const { apresentacoes } = await call<{
    apresentacoes: { idapresentacao: number; disponivel: number }[];
  }>('SuperIngresso', 'getApresentacoes', [evento.idevento]);
  let found: { idapresentacao: number; idproduto: number } | undefined;
  for (const a of apresentacoes) {
    const produtos = await call<GetProdutosResult>('SuperIngresso', 'getProdutos', [
      a.idapresentacao,
    ]);
    const p = produtos.tipo_produtos
      .flatMap((t) => t.produtos)
      .find((x) => produto.test(x.dscproduto) && x.qtd >= count);
    if (p) {
      found = { idapresentacao: a.idapresentacao, idproduto: p.idproduto };
      break;
    }
  }
  if (!found) throw new Error(`no session with ${produto}`);
  const { idmovimentacao } = await call<{ idmovimentacao: number }>(
    'SuperIngresso',
    'iniciarReserva',
    [[{ idproduto: found.idproduto, qtd: count }], found.idapresentacao, []],
  );
  const { localizador } = await payHeldOrderByApi(
    request,
    baseURL,
    session.access_token,
    tag,
    idmovimentacao,
  );
  return { session, idmovimentacao, localizador };
}

/** The locator of the logged-in person's order awaiting payment (the server's cart: AP). */
export async function pendingLocator(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const token = localStorage.getItem('si.token');
    const res = await fetch('/router.php?class=SuperIngresso&method=getCarrinhoPage', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ class: 'SuperIngresso', method: 'getCarrinhoPage', params: [] }),
    });
    const body = (await res.json()) as { result: { status: string; localizador: string } };
    if (body.result.status !== 'AP') throw new Error(`not pending: ${JSON.stringify(body)}`);
    return body.result.localizador;
  });
}

/** What one React commit after hydration rendered again (see {@link installCommitProbe}). */
export interface CommitCount {
  /** Components rendered again (not a first render). */
  components: number;
  /** Of those, the ones inside the page's footer: the frame, which a page's change never needs. */
  inFooter: number;
  /** The names of the first of them (for a failure's message). */
  names: string[];
}

/**
 * Installs, before the page's scripts, a stand-in for the React developer tools' hook, which
 * React tells of each commit: the page then holds `firstCommit` (the time of the first commit,
 * hydration's) and, for each commit, how many components it rendered again
 * ({@link readCommits}).
 */
export async function installCommitProbe(page: Page): Promise<void> {
  await page.addInitScript(() => {
    interface Fiber {
      tag: number;
      /** A function or class, forwardRef's or memo's object, or a tag name. */
      type: {
        displayName?: string;
        name?: string;
        render?: { name?: string };
        type?: { name?: string };
      } | null;
      flags: number;
      stateNode: unknown;
      alternate: Fiber | null;
      child: Fiber | null;
      sibling: Fiber | null;
    }
    const w = window as unknown as Record<string, unknown>;
    const commits: CommitCount[] = [];
    w.commits = commits;
    // Function, class, forwardRef, memo and simple memo components.
    const components = new Set([0, 1, 11, 14, 15]);
    const count = (first: Fiber | null, inFooter: boolean, into: CommitCount) => {
      for (let f = first; f; f = f.sibling) {
        // PerformedWork: rendered in this commit; an alternate: not a first (hydrating) render.
        if ((f.flags & 1) === 1 && f.alternate !== null && components.has(f.tag)) {
          into.components++;
          if (inFooter) into.inFooter++;
          const t = f.type;
          const name = t ? t.displayName || t.name || t.render?.name || t.type?.name : '';
          // Minified in a production build: with the first element it renders.
          let host = f.child;
          while (host && host.tag !== 5) host = host.child;
          const el = host?.stateNode instanceof HTMLElement ? host.stateNode : null;
          const at = el
            ? `${el.tagName.toLowerCase()}${el.dataset.testid ? `#${el.dataset.testid}` : ''}`
            : '';
          if (into.names.length < 30) into.names.push(`${name || `tag ${f.tag}`}@${at}`);
        }
        const footer = f.stateNode instanceof HTMLElement && f.stateNode.tagName === 'FOOTER';
        count(f.child, inFooter || footer, into);
      }
    };
    w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true,
      renderers: new Map(),
      inject: () => 1,
      checkDCE: () => {},
      onScheduleFiberRoot: () => {},
      onPostCommitFiberRoot: () => {},
      onCommitFiberRoot: (_id: number, root: { current: Fiber }) => {
        w.firstCommit ??= performance.now();
        const into: CommitCount = { components: 0, inFooter: 0, names: [] };
        count(root.current.child, false, into);
        commits.push(into);
      },
    };
  });
}

/** The commits {@link installCommitProbe} counted, and the time of the first. */
export async function readCommits(
  page: Page,
): Promise<{ commits: CommitCount[]; firstCommit: number | undefined }> {
  return page.evaluate(() => {
    const w = window as unknown as { commits: CommitCount[]; firstCommit?: number };
    return { commits: w.commits, firstCommit: w.firstCommit };
  });
}

/** The page's console errors and uncaught errors from now on, as lines (empty when clean). */
export function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  return problems;
}

/**
 * Waits until the animations of `locator` and what is inside it have finished (a dialog's
 * opening scale): on a busy machine Playwright may judge a moving button stable between two slow
 * frames and click where it was, beside it.
 */
export async function animationsDone(locator: Locator): Promise<void> {
  await locator.evaluate((el) =>
    Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => {}))),
  );
}
