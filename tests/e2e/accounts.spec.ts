import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { MAIN_DATA_DIR, MAIN_PORT } from '../../playwright.config';
import { expect, test } from './fixtures';
import {
  accountMenu,
  addTickets,
  axeViolations,
  CARDS,
  DEMO,
  field,
  fillSignUp,
  logInWithModal,
  logOut,
  mailLink,
  msg,
  newPerson,
  openFirstSession,
  payWithCard,
  sessionByApi,
  signUpByApi,
  useSession,
} from './support';

// The account lifecycle of issue 9 on the server with the development mailbox: what a mail
// would bring to a person's inbox is read at /dev/mailbox.json and opened in the browser.
const MAIN = `http://127.0.0.1:${MAIN_PORT}`;

const run = promisify(execFile);

test('sign up, confirm the e-mail from the mailbox, log out and log in again', async ({
  page,
  request,
}) => {
  const ana = newPerson('signup');
  await page.goto('/pt');
  await page.getByRole('button', { name: msg('pt-BR', 'header.login') }).click();
  await page.getByRole('dialog').getByTestId('login-signup').click();
  const dialog = page.getByTestId('signup-modal');
  await expect(dialog).toBeVisible();

  // An address that has an account is told while typing, before the submit.
  await field(dialog, 'pt-BR', 'email').fill(DEMO.email);
  await expect(dialog.getByText(msg('pt-BR', 'error.emailTaken'))).toBeVisible();

  await fillSignUp(dialog, 'pt-BR', ana);
  await expect(dialog.getByText(msg('pt-BR', 'error.emailTaken'))).toHaveCount(0);
  await dialog.getByRole('button', { name: msg('pt-BR', 'signUp.submit') }).click();
  // The success: in the dialog for a second, then in a toast (a busy machine may poll past the
  // dialog's second).
  await expect(page.getByText(msg('pt-BR', 'signUp.success')).first()).toBeVisible();
  // Logged in after the second the success is on screen.
  await expect(page.getByTestId('signup-modal')).toHaveCount(0);
  await expect(page.getByText(msg('pt-BR', 'signUp.success')).first()).toBeVisible();
  await expect(accountMenu(page)).toHaveText(msg('pt-BR', 'header.greeting', { nome: 'Ana' }));

  const link = await mailLink(request, MAIN, ana.email, 'confirm_email');
  expect(new URL(link).pathname).toBe('/validatemail');
  await page.goto(link);
  await expect(page.getByTestId('confirm-success')).toContainText('E-mail confirmado com sucesso!');
  expect(await axeViolations(page), 'confirmation page, confirmed').toEqual([]);

  await logOut(page, 'pt-BR');
  await page.getByRole('button', { name: msg('pt-BR', 'header.login') }).click();
  await logInWithModal(page, 'pt-BR', { email: ana.email, password: ana.senha });
  await expect(accountMenu(page)).toHaveText(msg('pt-BR', 'header.greeting', { nome: 'Ana' }));
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('an agency confirms its e-mail, waits for approval, is approved by the command, is told its minimum and buys 10', async ({
  page,
  request,
}) => {
  const agency = newPerson('agency', 'Carlos');
  await page.goto('/en?agencia');
  const dialog = page.getByTestId('agency-signup-modal');
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/en\/?$/);
  await fillSignUp(dialog, 'en-US', agency, 'agency');
  await dialog.getByRole('button', { name: msg('en-US', 'signUp.agencySubmit') }).click();
  await expect(dialog.getByTestId('agency-awaiting')).toHaveText(
    msg('en-US', 'signUp.agencyAwaiting'),
  );
  await dialog
    .getByRole('button', { name: msg('en-US', 'common.close') })
    .first()
    .click();
  await expect(dialog).toHaveCount(0);
  await expect(accountMenu(page)).toHaveText(msg('en-US', 'header.greeting', { nome: 'Carlos' }));

  // E-mail unconfirmed and awaiting approval: agency tickets are not offered, and buying is
  // refused with the step the agency can take itself.
  await openFirstSession(page, /Aurora Museum visit/, '/en');
  const agencyTicket = msg('en-US', 'product.addOne', { produto: 'Agency — museum visit' });
  await expect(page.getByRole('button', { name: agencyTicket, exact: true })).toHaveCount(0);
  await page
    .getByRole('button', {
      name: msg('en-US', 'product.addOne', { produto: 'Full price' }),
      exact: true,
    })
    .click();
  await page.getByRole('button', { name: msg('en-US', 'product.addToCart') }).click();
  await expect(page.getByText(msg('en-US', 'error.agencyEmailUnconfirmed')).first()).toBeVisible();
  await expect(page).not.toHaveURL(/\/checkout$/);

  // The operator's command, against this server's data directory: approved, with a warning.
  const { stdout } = await run(
    'npm',
    ['run', '--silent', 'agency', '--', 'approve', agency.email, '--brand', 'museu-aurora'],
    { env: { ...process.env, DATA_DIR: MAIN_DATA_DIR, PORT: String(MAIN_PORT) } },
  );
  expect(stdout).toContain(`Approved: ${agency.email}`);
  expect(stdout).toContain('its e-mail is not confirmed yet');
  await mailLink(request, MAIN, agency.email, 'agency_approved');

  // The agency opens its confirmation link.
  await page.goto(await mailLink(request, MAIN, agency.email, 'confirm_email'));
  await expect(page.getByTestId('confirm-success')).toContainText(
    msg('en-US', 'account.emailConfirmed'),
  );

  await logOut(page, 'en-US');
  await page.getByRole('button', { name: msg('en-US', 'header.login') }).click();
  await logInWithModal(page, 'en-US', { email: agency.email, password: agency.senha });
  await expect(accountMenu(page)).toBeVisible();

  // The minimum (issue 39): said on the event page and in the checkout, whose pay button waits
  // for it with that reason.
  const minimum = (missing: number) => msg('en-US', 'cart.agencyMinimum', { minimum: 10, missing });
  await openFirstSession(page, /Aurora Museum visit/, '/en');
  await expect(page.getByTestId('agency-minimum')).toHaveText(minimum(10));
  await addTickets(page, 'en-US', 'Agency — museum visit', 3);
  await expect(page).toHaveURL(/\/en\/checkout$/);
  await expect(page.getByTestId('agency-minimum')).toHaveText(minimum(7));
  const pay = page.getByTestId('pay-button');
  await expect(pay).toBeDisabled();
  await expect(pay).toHaveAccessibleDescription(minimum(7));
  await openFirstSession(page, /Aurora Museum visit/, '/en');
  await expect(page.getByTestId('agency-minimum')).toHaveText(minimum(7));
  await addTickets(page, 'en-US', 'Agency — museum visit', 7);
  await expect(page).toHaveURL(/\/en\/checkout$/);
  await expect(pay).toBeEnabled();
  await expect(page.getByTestId('agency-minimum')).toHaveCount(0);
  await payWithCard(page, 'en-US', CARDS.approved);
  await expect(page).toHaveURL(/\/en\/requests$/, { timeout: 20_000 });
  const order = page.getByTestId('order').first();
  await expect(order).toContainText(msg('en-US', 'order.status.PA'));
  await expect(order.getByText(msg('en-US', 'order.ticketCode'))).toHaveCount(10);
});

test('forgot password: the mailed link sets a new one; the old is refused, the new works', async ({
  page,
  request,
}) => {
  const bia = newPerson('forgot', 'Bia');
  await signUpByApi(request, MAIN, bia);

  await page.goto('/pt?esqueceusenha');
  const dialog = page.getByTestId('forgot-modal');
  await expect(dialog).toBeVisible();
  await field(dialog, 'pt-BR', 'email').fill(bia.email);
  await dialog.getByRole('button', { name: msg('pt-BR', 'forgot.submit') }).click();
  await expect(dialog.getByTestId('forgot-sent')).toHaveText(msg('pt-BR', 'forgot.sent'));

  const link = await mailLink(request, MAIN, bia.email, 'reset_password');
  expect(new URL(link).pathname).toBe('/redefinirsenha');
  await page.goto(link);
  await expect(
    page.getByRole('heading', { level: 1, name: msg('pt-BR', 'page.resetPassword.title') }),
  ).toBeVisible();
  const newPassword = 'Nova@Senha2027';
  await field(page, 'pt-BR', 'novaSenha').fill(newPassword);
  await field(page, 'pt-BR', 'senha2').fill(newPassword);
  await page.getByRole('button', { name: msg('pt-BR', 'reset.submit') }).click();
  await expect(page.getByTestId('reset-success')).toHaveText(msg('pt-BR', 'reset.success'));

  // The login opens by itself: the old password no longer works, the new one does.
  await logInWithModal(page, 'pt-BR', { email: bia.email, password: bia.senha });
  await expect(page.getByTestId('login-error')).toContainText(
    msg('pt-BR', 'error.wrongCredentials'),
  );
  await logInWithModal(page, 'pt-BR', { email: bia.email, password: newPassword });
  // No dead end: signed in (the header greets her), she is taken on to her orders.
  await expect(page).toHaveURL(/\/meuspedidos$/);
  await expect(
    page.getByRole('heading', { level: 1, name: msg('pt-BR', 'page.orders.title') }),
  ).toBeVisible();
  await expect(accountMenu(page)).toHaveText(msg('pt-BR', 'header.greeting', { nome: 'Bia' }));
  await expect(page.getByTestId('reset-success')).toHaveCount(0);

  // The link was single-use.
  await page.goto(link);
  await field(page, 'pt-BR', 'novaSenha').fill('Outra@Senha2028');
  await field(page, 'pt-BR', 'senha2').fill('Outra@Senha2028');
  await page.getByRole('button', { name: msg('pt-BR', 'reset.submit') }).click();
  await expect(page.getByTestId('reset-error')).toContainText(msg('pt-BR', 'error.resetToken'));
});

for (const [locale, prefix, orders] of [
  ['es-ES', '/es', '/es/peticiones'],
  ['en-US', '/en', '/en/requests'],
] as const) {
  test(`${locale}: a reset from the mailed link, then the login there, ends signed in on My orders`, async ({
    page,
    request,
  }) => {
    const leo = newPerson(`reset-${locale}`, 'Leo');
    await signUpByApi(request, MAIN, leo);
    await page.goto(`${prefix}?esqueceusenha`);
    const dialog = page.getByTestId('forgot-modal');
    await field(dialog, locale, 'email').fill(leo.email);
    await dialog.getByRole('button', { name: msg(locale, 'forgot.submit') }).click();
    await expect(dialog.getByTestId('forgot-sent')).toHaveText(msg(locale, 'forgot.sent'));

    // The mail's link, opened on the page of the language on screen.
    const link = new URL(await mailLink(request, MAIN, leo.email, 'reset_password'));
    const resetPath = locale === 'en-US' ? 'resetpassword' : 'redefinirsenha';
    await page.goto(`${prefix}/${resetPath}${link.search}`);
    const newPassword = 'Nueva@Clave2027';
    await field(page, locale, 'novaSenha').fill(newPassword);
    await field(page, locale, 'senha2').fill(newPassword);
    await page.getByRole('button', { name: msg(locale, 'reset.submit') }).click();
    await expect(page.getByTestId('reset-success')).toHaveText(msg(locale, 'reset.success'));

    await logInWithModal(page, locale, { email: leo.email, password: newPassword });
    await expect(page).toHaveURL(new RegExp(`${orders}$`));
    await expect(
      page.getByRole('heading', { level: 1, name: msg(locale, 'page.orders.title') }),
    ).toBeVisible();
    await expect(accountMenu(page)).toHaveText(msg(locale, 'header.greeting', { nome: 'Leo' }));
  });
}

test('change of password: the server says beside the field that the current one is wrong', async ({
  page,
  request,
}) => {
  const caio = newPerson('change', 'Caio');
  await useSession(page, await sessionByApi(request, MAIN, caio));
  await page.goto('/en/profile');
  const box = page.getByTestId('change-password');
  // Password inputs have no textbox role; their labels end with the required mark.
  const password = (name: string) =>
    box.getByLabel(new RegExp(`^${msg('en-US', `form.field.${name}`)}`));
  const current = password('old_password');
  const next = 'Outra@Senha2027';
  await current.fill('Not@MyPassword1');
  await password('novaSenha').fill(next);
  await password('senha2').fill(next);
  await box.getByRole('button', { name: msg('en-US', 'profile.changePasswordSubmit') }).click();

  // The server's field error (error.fields) lands on the field: invalid, described by it.
  await expect(current).toHaveAttribute('aria-invalid', 'true');
  await expect(current).toHaveAccessibleDescription(
    new RegExp(msg('en-US', 'error.currentPassword')),
  );
  expect(await axeViolations(page), 'change of password with the server error').toEqual([]);
  // Typing in it again hands the field back to the form's own checks.
  await current.fill(caio.senha);
  await expect(current).not.toHaveAttribute('aria-invalid', 'true');
  await box.getByRole('button', { name: msg('en-US', 'profile.changePasswordSubmit') }).click();
  await expect(page.getByText(msg('en-US', 'profile.passwordChanged')).first()).toBeVisible();
  await expect(current).toHaveValue('');
});
