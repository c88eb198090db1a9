import { expect, test } from './fixtures';
import { logInWithModal, msg, newPerson, sessionByApi, signUpByApi, useSession } from './support';

/**
 * Voucher swap (issue 13 item 6): a guest is asked to sign in; a partner's open-dated voucher
 * of the demo brand (brands/museu-aurora/vouchers/, used by no other test) is swapped for a
 * session picked, the order is in My orders, and the same locator typed again (in English) is
 * refused with when it was used. At a phone's size, in Portuguese; then in English, signed in
 * through the API, another voucher swapped once (My orders names its partner) and refused the
 * second time.
 */
test.use({ viewport: { width: 390, height: 844 } });

const LOCATOR = '9736142731252474';

test('swap a voucher: the order in my orders; the second time it is refused with when', async ({
  page,
  request,
  baseURL,
}) => {
  const who = newPerson('voucher');
  await signUpByApi(request, baseURL!, who);

  await page.goto('/pt/voucher');
  const login = page.getByTestId('voucher-login');
  await expect(login).toContainText(msg('pt-BR', 'voucher.loginPrompt'));
  await login.getByRole('button', { name: msg('pt-BR', 'header.login') }).click();
  await logInWithModal(page, 'pt-BR', { email: who.email, password: who.senha });
  await expect(page.getByRole('dialog')).toBeHidden();

  const form = page.getByTestId('voucher-form');
  const input = form.getByRole('textbox', { name: msg('pt-BR', 'form.field.localizador') });
  // A malformed locator never leaves the page: the form's own 16-digit rule.
  await input.fill('1234 5678');
  await form.getByRole('button', { name: msg('pt-BR', 'voucher.submit') }).click();
  await expect(form).toContainText(msg('pt-BR', 'form.error.voucher'));
  await input.fill(LOCATOR);
  await expect(input).toHaveValue('9736 1427 3125 2474');
  await page.screenshot({ path: test.info().outputPath('voucher-form-pt.png') });
  await form.getByRole('button', { name: msg('pt-BR', 'voucher.submit') }).click();

  // Open-dated: pick a session (the last one offered, far from the other tests' sessions).
  const choose = page.getByTestId('voucher-choose');
  await expect(choose).toContainText('Rota Sul Viagens e Turismo');
  const select = choose.getByTestId('voucher-session');
  const last = await select.locator('option').last().getAttribute('value');
  await select.selectOption(last!);
  await page.screenshot({ path: test.info().outputPath('voucher-choose-pt.png') });
  await choose.getByRole('button', { name: msg('pt-BR', 'voucher.confirm') }).click();

  const done = page.getByTestId('voucher-done');
  await expect(done.getByRole('heading')).toHaveText(msg('pt-BR', 'voucher.done.title'));
  const localizador = (await done.getByTestId('voucher-order').locator('strong').textContent())!;
  expect(localizador).toMatch(/^[A-Z2-9]{10}$/);
  await expect(done.getByText(/^Código do ingresso: [A-Z2-7]{12}$/)).toHaveCount(1);
  await page.screenshot({ path: test.info().outputPath('voucher-done-pt.png'), fullPage: true });

  // In my orders, paid.
  await done.getByTestId('voucher-to-orders').click();
  await expect(page).toHaveURL(/\/pt\/meuspedidos$/);
  const order = page.getByTestId('order').filter({ hasText: localizador });
  await expect(order).toBeVisible();
  await expect(order.getByTestId('order-status')).toHaveText(msg('pt-BR', 'order.status.PA'));
  await expect(order.getByTestId('order-voucher')).toHaveText(
    msg('pt-BR', 'order.voucherValue', {
      localizador: '9736 1427 3125 2474',
      parceiro: 'Rota Sul Viagens e Turismo',
    }),
  );

  // The same locator again, in English: refused, saying when it was used.
  await page.goto('/en/voucher');
  const formEn = page.getByTestId('voucher-form');
  await formEn.getByRole('textbox', { name: msg('en-US', 'form.field.localizador') }).fill(LOCATOR);
  await formEn.getByRole('button', { name: msg('en-US', 'voucher.submit') }).click();
  await expect(page.getByTestId('voucher-error')).toHaveText(
    /^This voucher was already used on \d{1,2}\/\d{1,2}\/\d{2,4}, \d{1,2}:\d{2}\s?[AP]M\.$/,
  );
});

test('in English: a voucher swapped once, the second time refused', async ({
  page,
  request,
  baseURL,
}) => {
  const EN_LOCATOR = '7678484826732126';
  await useSession(page, await sessionByApi(request, baseURL!, newPerson('voucher-en')));
  await page.goto('/en/voucher');
  const form = page.getByTestId('voucher-form');
  const input = form.getByRole('textbox', { name: msg('en-US', 'form.field.localizador') });
  const submit = form.getByRole('button', { name: msg('en-US', 'voucher.submit') });
  await input.fill(EN_LOCATOR);
  await submit.click();
  // Open-dated: the first session offered.
  const choose = page.getByTestId('voucher-choose');
  await expect(choose).toContainText(
    msg('en-US', 'voucher.partner', { parceiro: 'Rota Sul Viagens e Turismo' }),
  );
  await choose.getByRole('button', { name: msg('en-US', 'voucher.confirm') }).click();
  const done = page.getByTestId('voucher-done');
  await expect(done.getByRole('heading')).toHaveText(msg('en-US', 'voucher.done.title'));
  await expect(done.getByText(/^Ticket code: [A-Z2-7]{12}$/)).toHaveCount(1);

  await done.getByRole('button', { name: msg('en-US', 'voucher.another') }).click();
  await page.getByTestId('voucher-form').getByRole('textbox').fill(EN_LOCATOR);
  await page
    .getByTestId('voucher-form')
    .getByRole('button', { name: msg('en-US', 'voucher.submit') })
    .click();
  await expect(page.getByTestId('voucher-error')).toHaveText(
    /^This voucher was already used on \d{1,2}\/\d{1,2}\/\d{2,4}, \d{1,2}:\d{2}\s?[AP]M\.$/,
  );
});
