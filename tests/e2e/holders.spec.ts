import type {
  Apresentacao,
  GetApresentacoesResult,
  GetProdutosResult,
} from '../../schemas/contract';
import { expect, type Page, test } from './fixtures';
import {
  acceptPurchaseTerms,
  axeViolations,
  CARDS,
  declineRefundable,
  field,
  msg,
  type NewPerson,
  newPerson,
  openCheckoutAs,
  payWithCard,
  rpcWithToken,
  sessionByApi,
  uniqueCpf,
} from './support';

/**
 * Issue 12 items 1 and 2: every ticket of the match takes a holder before paying (the buyer in
 * one tap, another person through the holder form; one person holds one ticket per match), and
 * the purchase terms are accepted before paying.
 */

const MATCH = 3;

/**
 * `who` (signed up through the API) holding two full-price tickets of the match's first session
 * in its first block, held through the API as the event page holds, at the checkout in
 * `locale`'s language (the screens of the add and the login are tested elsewhere).
 */
async function holdMatchTickets(
  page: Page,
  baseURL: string,
  tag: string,
  locale: 'pt-BR' | 'en-US',
  who: NewPerson = newPerson(tag),
) {
  const session = await sessionByApi(page.request, baseURL, who);
  const call = <T>(method: string, params: unknown[]) =>
    rpcWithToken<T>(page.request, baseURL, session.access_token, 'SuperIngresso', method, params);
  const { apresentacoes } = await call<GetApresentacoesResult>('getApresentacoes', [MATCH]);
  const { idapresentacao } = apresentacoes[0]!;
  const { bloco_ids } = await call<Apresentacao>('getApresentacao', [idapresentacao]);
  const idbloco = bloco_ids![0]!;
  const produtos = await call<GetProdutosResult>('getProdutos', [idapresentacao, idbloco]);
  const inteira = produtos.tipo_produtos
    .flatMap((t) => t.produtos)
    .find((p) => p.dscproduto === 'Inteira')!;
  const { idmovimentacao } = await call<{ idmovimentacao: number }>('iniciarReserva', [
    [{ idproduto: inteira.idproduto, qtd: 2 }],
    idapresentacao,
    [idbloco],
  ]);
  await openCheckoutAs(page, { session, idmovimentacao }, locale === 'en-US' ? '/en' : '/pt');
  return who;
}

test('each ticket of the match gets its holder: the buyer in one tap, someone else by the form, never one person twice', async ({
  page,
  baseURL,
}) => {
  const who = await holdMatchTickets(page, baseURL!, 'holders', 'pt-BR');
  const section = page.getByTestId('holders-section');
  await expect(section.getByRole('heading', { name: msg('pt-BR', 'holders.title') })).toBeVisible();
  const tickets = section.getByTestId('holder-ticket');
  await expect(tickets).toHaveCount(2);
  await expect(page.getByTestId('holders-missing')).toHaveText(
    msg('pt-BR', 'holders.missing', { count: 2 }),
  );

  // Paying first: the spec's message, and the way to the holders; nothing is charged.
  await payWithCard(page, 'pt-BR', CARDS.approved);
  await expect(page.getByTestId('holders-alert')).toContainText(
    'Erro na forma de pagamento, Você deve vincular os portadores ou contatar o SAC!',
  );
  await expect(page).toHaveURL(/\/pt\/checkout$/);

  // The buyer, in one tap.
  const buyer = `${who.nome} ${who.sobrenome}`;
  await tickets
    .nth(0)
    .getByRole('button', { name: msg('pt-BR', 'holders.useBuyer', { nome: buyer }) })
    .click();
  await expect(tickets.nth(0).getByTestId('holder-bound')).toHaveText(`${buyer} · 529.982.247-25`);
  // The buyer holds a ticket of this match already: not offered for the other one.
  await expect(tickets.nth(1).getByTestId('holder-offer')).toHaveCount(0);
  await expect(page.getByTestId('holders-missing')).toHaveText(
    msg('pt-BR', 'holders.missing', { count: 1 }),
  );

  // The form, with the buyer's CPF again: the server refuses, the form stays.
  await tickets.nth(1).getByTestId('holder-fill').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await field(dialog, 'pt-BR', 'nome').fill('Bruno');
  await field(dialog, 'pt-BR', 'sobrenome').fill('Lima');
  await dialog
    .getByRole('combobox', { name: msg('pt-BR', 'form.field.nacionalidade') })
    .selectOption('BR');
  await field(dialog, 'pt-BR', 'documento').fill('529.982.247-25');
  await field(dialog, 'pt-BR', 'dt_nascimento').fill('02/03/2001');
  await page.screenshot({ path: 'test-results/holders-form.png', fullPage: true });
  await dialog.getByRole('button', { name: msg('pt-BR', 'holders.save') }).click();
  await expect(dialog.getByRole('alert')).toContainText(msg('pt-BR', 'error.holderDuplicate'));
  expect(await axeViolations(page), 'holder form with the server’s refusal').toEqual([]);

  await field(dialog, 'pt-BR', 'documento').fill('111.444.777-35');
  await dialog.getByRole('button', { name: msg('pt-BR', 'holders.save') }).click();
  await expect(dialog).toHaveCount(0);
  await expect(tickets.nth(1).getByTestId('holder-bound')).toHaveText(
    'Bruno Lima · 111.444.777-35',
  );
  await expect(page.getByTestId('holders-missing')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/holders-bound.png', fullPage: true });
  expect(await axeViolations(page), 'checkout with holders bound').toEqual([]);

  // Removed, then bound again in one tap: the buyer is free to hold a ticket again.
  await tickets
    .nth(0)
    .getByRole('button', { name: msg('pt-BR', 'holders.removeAria', { n: 1 }) })
    .click();
  await expect(tickets.nth(0).getByTestId('holder-bound')).toHaveCount(0);
  await expect(page.getByTestId('holders-missing')).toHaveText(
    msg('pt-BR', 'holders.missing', { count: 1 }),
  );
  await tickets
    .nth(0)
    .getByRole('button', { name: msg('pt-BR', 'holders.useBuyer', { nome: buyer }) })
    .click();
  await expect(tickets.nth(0).getByTestId('holder-bound')).toHaveText(`${buyer} · 529.982.247-25`);

  await declineRefundable(page);
  await acceptPurchaseTerms(page);
  await page.getByTestId('pay-button').click();
  await expect(page).toHaveURL(/\/pt\/meuspedidos$/, { timeout: 20_000 });

  // After the purchase (issue 13 item 5): Bruno's ticket goes to Carla until the brand's cut-off;
  // the ticket is re-issued, so the code printed before is refused at the gate.
  const item = page.getByTestId('order').first().getByTestId('order-item').nth(1);
  await expect(item.getByTestId('order-item-holder')).toContainText('Bruno Lima');
  const oldCode = (await item.getByTestId('ticket-code').textContent())!;
  await item.getByRole('button', { name: msg('pt-BR', 'orders.changeHolder') }).click();
  await expect(field(dialog, 'pt-BR', 'nome')).toHaveValue('Bruno');
  await field(dialog, 'pt-BR', 'nome').fill('Carla');
  await field(dialog, 'pt-BR', 'documento').fill('529.982.247-25');
  await dialog.getByRole('button', { name: msg('pt-BR', 'holders.save') }).click();
  // The buyer holds the other ticket of this match.
  await expect(dialog.getByRole('alert')).toContainText(msg('pt-BR', 'error.holderDuplicate'));
  await field(dialog, 'pt-BR', 'documento').fill('390.533.447-05');
  await dialog.getByRole('button', { name: msg('pt-BR', 'holders.save') }).click();
  await expect(dialog).toHaveCount(0);
  await expect(item.getByTestId('order-item-holder')).toContainText('Carla Lima');
  await expect(item.getByTestId('ticket-code')).not.toHaveText(oldCode);
  const gate = await page.request.post('/portaria/login', {
    data: { usuario: 'portaria', senha: 'Portaria@2026' },
  });
  const staff = ((await gate.json()) as { result: { token: string } }).result.token;
  const scan = await page.request.post('/portaria/validar', {
    headers: { 'x-checkin-token': staff },
    data: { codigo: oldCode },
  });
  expect(((await scan.json()) as { result: { resultado: string } }).result.resultado).toBe(
    'invalido',
  );
  expect(await axeViolations(page), 'my orders after a holder change').toEqual([]);
});

test('in English: the purchase terms must be ticked, read in a dialog, before paying', async ({
  page,
  baseURL,
}) => {
  await holdMatchTickets(page, baseURL!, 'terms-en', 'en-US');
  const tickets = page.getByTestId('holder-ticket');
  for (const i of [0, 1]) {
    await tickets.nth(i).getByTestId('holder-fill').click();
    const dialog = page.getByRole('dialog');
    await field(dialog, 'en-US', 'nome').fill(i === 0 ? 'Carla' : 'Diego');
    await field(dialog, 'en-US', 'sobrenome').fill('Smith');
    await dialog
      .getByRole('combobox', { name: msg('en-US', 'form.field.nacionalidade') })
      .selectOption('US');
    await field(dialog, 'en-US', 'documento').fill(i === 0 ? 'X1234567' : 'Y7654321');
    await field(dialog, 'en-US', 'dt_nascimento').fill('07/04/1985');
    await dialog.getByRole('button', { name: msg('en-US', 'holders.save') }).click();
    await expect(dialog).toHaveCount(0);
  }

  await declineRefundable(page);
  // Not ticked: the payment waits and says why, beside the box.
  await page.getByLabel(msg('en-US', 'payment.card.number')).fill(CARDS.approved);
  await page.getByLabel(msg('en-US', 'payment.card.holder')).fill('Carla Smith');
  await page.getByLabel(msg('en-US', 'payment.card.expiry')).fill('12/31');
  await page.getByLabel(msg('en-US', 'payment.card.cvv')).fill('123');
  await page.getByTestId('pay-button').click();
  const box = page.getByTestId('purchase-terms-check');
  await expect(box).toBeFocused();
  await expect(box).toHaveAccessibleDescription(msg('en-US', 'payment.terms.required'));
  expect(await axeViolations(page), 'terms not ticked').toEqual([]);

  // The terms open in a dialog.
  await page.getByTestId('purchase-terms-open').click();
  const terms = page.getByTestId('purchase-terms-dialog');
  await expect(terms).toBeVisible();
  await expect(terms.getByRole('heading').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(terms).toHaveCount(0);

  await box.check();
  await page.getByTestId('pay-button').click();
  await expect(page).toHaveURL(/\/en\/requests$/, { timeout: 20_000 });
});

// A person of its own, with a CPF no other test has: one document holds one ticket per match, and
// every other spec's person signs up with the same CPF, so a cart of another spec holding the
// match (or the first test's paid order) refused this test's first binding in a full run.
test('on a phone, the holder form’s refusal shows beside “save”, in view and focused (issue 39)', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const cpf = uniqueCpf();
  const who = await holdMatchTickets(page, baseURL!, 'holders-phone', 'pt-BR', {
    ...newPerson('holders-phone'),
    cpf,
  });
  const tickets = page.getByTestId('holder-ticket');
  const buyer = `${who.nome} ${who.sobrenome}`;
  await tickets
    .nth(0)
    .getByRole('button', { name: msg('pt-BR', 'holders.useBuyer', { nome: buyer }) })
    .click();
  await expect(tickets.nth(0).getByTestId('holder-bound')).toHaveText(`${buyer} · ${cpf}`);

  // The same person on the second ticket of the match: refused.
  await tickets.nth(1).getByTestId('holder-fill').click();
  const dialog = page.getByRole('dialog');
  await field(dialog, 'pt-BR', 'nome').fill(who.nome);
  await field(dialog, 'pt-BR', 'sobrenome').fill(who.sobrenome);
  await dialog
    .getByRole('combobox', { name: msg('pt-BR', 'form.field.nacionalidade') })
    .selectOption('BR');
  await field(dialog, 'pt-BR', 'documento').fill(cpf);
  await field(dialog, 'pt-BR', 'dt_nascimento').fill('02/03/2001');
  await dialog.getByRole('button', { name: msg('pt-BR', 'holders.save') }).click();
  const refusal = dialog
    .getByRole('alert')
    .filter({ hasText: msg('pt-BR', 'error.holderDuplicate') });
  await expect(refusal).toBeInViewport({ ratio: 1 });
  // Focus is on the message (a screen reader reads it; the next Tab goes on from there).
  await expect
    .poll(() => refusal.evaluate((alert) => alert.parentElement!.contains(document.activeElement)))
    .toBe(true);
  await page.screenshot({ path: 'test-results/holders-phone-refusal.png' });
});
