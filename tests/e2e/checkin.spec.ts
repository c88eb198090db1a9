import type { ImpressaoResult, TicketsCartResult } from '../../schemas/contract';
import { expect, type Page, test } from './fixtures';
import {
  axeViolations,
  CARDS,
  holdAsNewPerson,
  msg,
  paidOrderByApi,
  payWithCard,
  rpcAs,
} from './support';
import { ticketQrCodes } from './ticket-pdf';

/**
 * The gate (issue 13 item 7), as staff use it on a phone: the staff login of the brand
 * (brand.json `checkin`), the session and gate, a typed short code let in once and refused the
 * second time, and offline a QR code checked by the device itself (signature, ticket list, its
 * own scans) and synced when the network is back.
 *
 * The codes come the way staff get them: the short code printed under the QR (the buyer's
 * order lists it, GET tickets/cart), and the QR's signed code read from the tickets PDF
 * (getImpressao) by rebuilding the printed QR and decoding it (tests/e2e/ticket-pdf.ts).
 */

const STAFF = { user: 'portaria', password: 'Portaria@2026' };

/** The buyer's paid order with its tickets: `[iditem, short code]` and the PDF's QR codes. */
async function paidTickets(page: Page) {
  const cart = await page.evaluate(async () => {
    const token = localStorage.getItem('si.token');
    const res = await fetch(
      '/tickets/cart?status=PA&page=1&results_per_page=5&fetch_items=true&lang=pt_BR',
      { headers: { authorization: `Bearer ${token}` } },
    );
    return ((await res.json()) as { result: TicketsCartResult }).result;
  });
  const order = cart.tickets[0]!;
  const impressao = await rpcAs<ImpressaoResult>(page, 'getImpressao', [order.idmovimentacao]);
  const pdf = await (await page.request.get(impressao.url)).body();
  const signed = await ticketQrCodes(pdf);
  // The signed code's payload names the unit (bytes 5–8): pair each QR with its short code.
  const unitOf = (code: string) => Buffer.from(code, 'base64url').readUInt32BE(5);
  return order.itens.map((item) => ({
    short: item.codigo!,
    signed: signed.find((code) => unitOf(code) === item.iditem)!,
  }));
}

async function check(page: Page, code: string) {
  const field = page.getByTestId('checkin-code');
  await field.fill(code);
  await field.press('Enter');
}

const result = (page: Page) => page.getByTestId('checkin-result');

/** A field of the staff login (the `checkinLogin` form: its label, then the required mark). */
const staffField = (page: Page, locale: 'pt-BR' | 'en-US', name: 'usuario' | 'senha') =>
  page.getByLabel(new RegExp(`^${msg(locale, `form.field.${name}`)}`));

/** The staff login's button (the header has a sign-in button of its own, for buyers). */
const staffSubmit = (page: Page, locale: 'pt-BR' | 'en-US') =>
  page
    .getByTestId('form-submit')
    .and(page.getByRole('button', { name: msg(locale, 'checkin.login.submit') }));

test('the gate: staff login, a typed code valid then used, a QR checked offline and synced', async ({
  page,
  baseURL,
}, testInfo) => {
  // The buyer: two paid tickets of the museum's first session.
  const { idapresentacao } = await holdAsNewPerson(page, baseURL!, 'checkin', 2);
  await payWithCard(page, 'pt-BR', CARDS.approved);
  await expect(page).toHaveURL(/\/pt\/meuspedidos$/, { timeout: 20_000 });
  const [first, second] = await paidTickets(page);
  expect(first?.short).toMatch(/^[A-Z2-7]{12}$/);
  expect(second?.signed).toHaveLength(106);

  // The staff's phone.
  await page.setViewportSize({ width: 390, height: 844 });
  const shot = (name: string) =>
    page.screenshot({ path: testInfo.outputPath(`checkin-${name}.png`), fullPage: true });
  await page.goto('/checkin');
  await expect(page).toHaveURL(/\/pt\/checkin$/);

  // A wrong password is refused with the server's localized message.
  await staffField(page, 'pt-BR', 'usuario').fill(STAFF.user);
  await staffField(page, 'pt-BR', 'senha').fill('not-the-password');
  await staffSubmit(page, 'pt-BR').click();
  await expect(page.getByTestId('checkin-login-error')).toHaveText(
    msg('pt-BR', 'error.checkinLogin'),
  );
  expect(await axeViolations(page)).toEqual([]);
  await shot('login');

  await staffField(page, 'pt-BR', 'senha').fill(STAFF.password);
  await staffSubmit(page, 'pt-BR').click();
  await page.getByTestId('checkin-session').selectOption(String(idapresentacao));
  await page.getByLabel(msg('pt-BR', 'checkin.gate.label')).fill('Norte');
  await shot('session');
  await page.getByRole('button', { name: msg('pt-BR', 'checkin.session.start') }).click();
  // The session's tickets and the brand's key are on the device for offline checks.
  await expect(page.getByTestId('checkin-list')).toBeVisible();
  await expect(page.getByTestId('checkin-network')).toHaveText(
    msg('pt-BR', 'checkin.status.online'),
  );
  await shot('scan');

  // Online: the short code typed from the ticket lets in once…
  await check(page, first!.short);
  await expect(result(page)).toHaveAttribute('data-resultado', 'valido');
  await expect(page.getByRole('status').filter({ has: result(page) })).toContainText(
    msg('pt-BR', 'checkin.verdict.valido'),
  );
  await shot('valid');
  // …and the second time says when and at which gate it was used.
  await check(page, first!.short.toLowerCase());
  await expect(result(page)).toHaveAttribute('data-resultado', 'ja_usado');
  const used = page.getByRole('alert').filter({ has: result(page) });
  await expect(used).toContainText(msg('pt-BR', 'checkin.verdict.ja_usado'));
  await expect(used).toContainText('Norte');
  await expect(page.getByTestId('checkin-code')).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);
  await shot('used');
  // A code that is no ticket.
  await check(page, 'AAAAAAAAAAAA');
  await expect(result(page)).toHaveAttribute('data-resultado', 'invalido');
  await shot('invalid');

  // Offline: the QR's signed code is checked on the device and kept for the sync.
  await page.context().setOffline(true);
  await check(page, second!.signed);
  await expect(result(page)).toHaveAttribute('data-resultado', 'valido');
  await expect(result(page)).toHaveAttribute('data-offline', 'true');
  await expect(page.getByTestId('checkin-network')).toHaveText(
    msg('pt-BR', 'checkin.status.offline'),
  );
  await expect(page.getByTestId('checkin-pending')).toHaveText(
    msg('pt-BR', 'checkin.pending', { count: 1 }),
  );
  await shot('offline-valid');
  // The device remembers its own scan: the same QR again is already used.
  await check(page, second!.signed);
  await expect(result(page)).toHaveAttribute('data-resultado', 'ja_usado');
  await expect(result(page)).toContainText('Norte');
  // A typed code cannot be checked without the server.
  await check(page, first!.short);
  await expect(result(page)).toHaveAttribute('data-resultado', 'nao_verificavel');
  await expect(result(page)).toContainText(msg('pt-BR', 'checkin.unverifiable.codigoCurto'));
  await shot('offline-unverifiable');

  // Back online: the kept scan is synced by itself, and the server counts it.
  await page.context().setOffline(false);
  await expect(page.getByTestId('checkin-sync-result')).toHaveText(
    msg('pt-BR', 'checkin.sync.result', { enviadas: 1, aceitas: 1, recusadas: 0 }),
  );
  await expect(page.getByTestId('checkin-pending')).toHaveText(
    msg('pt-BR', 'checkin.pending', { count: 0 }),
  );
  await check(page, second!.signed);
  await expect(result(page)).toHaveAttribute('data-resultado', 'ja_usado');
  await expect(result(page)).toHaveAttribute('data-offline', 'false');
  await shot('synced');

  await page.getByRole('button', { name: msg('pt-BR', 'checkin.logout') }).click();
  await expect(staffField(page, 'pt-BR', 'usuario')).toBeVisible();
});

test('the gate in English: a paid ticket is let in once, then refused as used', async ({
  page,
  request,
  baseURL,
}) => {
  // The ticket, bought through the API: the subject here is the gate.
  const order = await paidOrderByApi(request, baseURL!, 'checkin-en', 1);
  const [codigo] = order.codigos;
  await page.goto('/en/checkin');
  await staffField(page, 'en-US', 'usuario').fill(STAFF.user);
  await staffField(page, 'en-US', 'senha').fill(STAFF.password);
  await staffSubmit(page, 'en-US').click();
  await page.getByTestId('checkin-session').selectOption(String(order.idapresentacao));
  await page.getByRole('button', { name: msg('en-US', 'checkin.session.start') }).click();
  await expect(page.getByTestId('checkin-list')).toBeVisible();

  await check(page, codigo!);
  await expect(result(page)).toHaveAttribute('data-resultado', 'valido');
  await expect(page.getByRole('status').filter({ has: result(page) })).toContainText(
    msg('en-US', 'checkin.verdict.valido'),
  );
  await check(page, codigo!);
  await expect(result(page)).toHaveAttribute('data-resultado', 'ja_usado');
  await expect(page.getByRole('alert').filter({ has: result(page) })).toContainText(
    msg('en-US', 'checkin.verdict.ja_usado'),
  );
});

test('the gate opens again offline after one online visit (its service worker, its path only)', async ({
  page,
}) => {
  await page.goto('/en/checkin');
  await staffField(page, 'en-US', 'usuario').fill(STAFF.user);
  await staffField(page, 'en-US', 'senha').fill(STAFF.password);
  await staffSubmit(page, 'en-US').click();
  await page.getByRole('button', { name: msg('en-US', 'checkin.session.start') }).click();
  await expect(page.getByTestId('checkin-list')).toBeVisible();
  // The worker controls this page, scoped to it, and has kept the page.
  const scopes = await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    return (await navigator.serviceWorker.getRegistrations()).map((r) => r.scope);
  });
  expect(scopes).toEqual([new URL('/en/checkin', page.url()).href]);
  await expect
    .poll(() =>
      page.evaluate(async () =>
        (await (await caches.open('checkin-v1')).keys()).map((r) => new URL(r.url).pathname),
      ),
    )
    .toContain('/en/checkin');

  await page.context().setOffline(true);
  const reloaded = await page.reload();
  expect(reloaded?.fromServiceWorker()).toBe(true);
  // Back at the gate, offline, with the session's list kept on the device.
  await expect(page.getByTestId('checkin-network')).toHaveText(
    msg('en-US', 'checkin.status.offline'),
  );
  await expect(page.getByTestId('checkin-list')).toBeVisible();
  await check(page, 'AAAAAAAAAAAA');
  await expect(result(page)).toHaveAttribute('data-offline', 'true');
  // Any other page of the shop is not the worker's: offline, it does not open.
  await expect(page.goto('/en')).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
  await page.context().setOffline(false);
});
