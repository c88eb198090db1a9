import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ACCOUNTS_BRANDS_DIR, ACCOUNTS_PORT, MAIN_PORT } from '../../playwright.config';
import type { Locale } from '../../schemas/contract';
import { expect, type Page, test } from './fixtures';
import {
  accountMenu,
  addTickets,
  axeViolations,
  DEMO,
  field,
  fillSignUp,
  logInWithModal,
  msg,
  newPerson,
  openFirstSession,
  signUpBody,
  signUpByApi,
  uniqueEmail,
} from './support';

// The login's turns of issue 9: identity providers (the sandbox one every test server runs),
// an incomplete profile, new terms and the captcha. The last two run on the accounts server,
// whose brands/ is a copy made at its start (captcha at sign-up; terms published here).
const MAIN = `http://127.0.0.1:${MAIN_PORT}`;
const ACCOUNTS = `http://127.0.0.1:${ACCOUNTS_PORT}`;

/** From the open login modal through the sandbox provider's page back to the shop. */
async function logInWithSandbox(
  page: Page,
  locale: Locale,
  who: { email: string; givenName: string; verified: boolean },
) {
  const dialog = page.getByRole('dialog');
  await dialog
    .getByRole('button', {
      name: msg(locale, 'login.providers.continueWith', {
        nome: locale === 'en-US' ? 'Test account (sandbox)' : 'Conta de teste (sandbox)',
      }),
    })
    .click();
  await expect(page.getByRole('heading', { name: msg(locale, 'sandboxIdp.title') })).toBeVisible();
  const text = (id: string) =>
    page.getByRole('textbox', { name: msg(locale, `sandboxIdp.${id}`), exact: true });
  await text('email').fill(who.email);
  await text('givenName').fill(who.givenName);
  await text('familyName').fill('Souza');
  await page
    .getByRole('checkbox', { name: msg(locale, 'sandboxIdp.emailVerified') })
    .setChecked(who.verified);
  await page.getByRole('button', { name: msg(locale, 'sandboxIdp.continue') }).click();
}

test('log in through the sandbox identity provider and come back logged in', async ({
  page,
  request,
}) => {
  // An account with a CPF: the provider's verified e-mail links the identity to it.
  const ana = newPerson('oidc');
  await signUpByApi(request, MAIN, ana);
  await page.goto(`${MAIN}/en/product/1`);
  await expect(page.getByRole('heading', { level: 1, name: /Aurora Museum visit/ })).toBeVisible();
  await page.getByRole('button', { name: msg('en-US', 'header.login') }).click();
  await logInWithSandbox(page, 'en-US', { email: ana.email, givenName: 'Ana', verified: true });

  await expect(accountMenu(page)).toHaveText(msg('en-US', 'header.greeting', { nome: 'Ana' }));
  // The token came back in the address (spec §2) and left it once used.
  await expect(page).toHaveURL(`${MAIN}/en/product/1`);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test("a guest's add survives a login that ends on the profile: completed, the tickets are held", async ({
  page,
}) => {
  // A provider's new person has no CPF, passport or CNPJ (nor a phone). The main server keeps
  // no local cart: the guest's add waits for the login, and the login leaves for the provider.
  await openFirstSession(page, /Visita ao Museu do Aurora/, `${MAIN}/pt`);
  await addTickets(page, 'pt-BR', 'Inteira', 2);
  await logInWithSandbox(page, 'pt-BR', {
    email: uniqueEmail('incomplete'),
    givenName: 'Caio',
    verified: false,
  });

  // A first login through a provider: nobody accepted the terms of use yet (spec §4).
  const terms = page.getByTestId('terms-modal');
  await expect(terms.getByTestId('terms-title')).toBeVisible();
  expect(await axeViolations(page), 'terms of a first provider login').toEqual([]);
  await terms.getByTestId('terms-accept').click();
  await expect(terms).toHaveCount(0);

  await expect(page).toHaveURL(/\/pt\/perfil\?aviso=login\.profileWarning\.document$/);
  await expect(page.getByTestId('profile-warning')).toContainText(
    msg('pt-BR', 'login.profileWarning.document'),
  );
  const form = page.getByTestId('profile-form');
  await expect(field(form, 'pt-BR', 'nome')).toHaveValue('Caio');
  expect(await axeViolations(page), 'profile with the warning').toEqual([]);
  await field(form, 'pt-BR', 'celularComCodigoPais').fill('11987654321');
  await field(form, 'pt-BR', 'cpf').pressSequentially('52998224725');
  await form.getByRole('button', { name: msg('pt-BR', 'profile.save') }).click();

  // Complete now: the add it was making goes on, and the checkout holds the two tickets.
  await expect(page.getByText(msg('pt-BR', 'profile.saved')).first()).toBeVisible();
  await expect(page).toHaveURL(`${MAIN}/pt/checkout`);
  await expect(
    page.getByText(msg('pt-BR', 'cart.lineQuantity', { qtd: 2, produto: 'Inteira' })),
  ).toBeVisible();
  await expect(accountMenu(page)).toHaveText(msg('pt-BR', 'header.greeting', { nome: 'Caio' }));
});

test('declining the terms after a first provider login logs out', async ({ page }) => {
  await page.goto(`${MAIN}/en`);
  await page.getByRole('button', { name: msg('en-US', 'header.login') }).click();
  await logInWithSandbox(page, 'en-US', {
    email: uniqueEmail('declines'),
    givenName: 'Bea',
    verified: true,
  });
  const terms = page.getByTestId('terms-modal');
  await expect(page.getByRole('dialog', { name: msg('en-US', 'login.term.title') })).toBeVisible();
  await expect(terms.getByTestId('terms-title')).toBeVisible();
  await terms.getByTestId('terms-decline').click();
  await expect(page.getByText(msg('en-US', 'login.termsDeclined')).first()).toBeVisible();
  await expect(page.getByRole('button', { name: msg('en-US', 'header.login') })).toBeVisible();
  await expect(accountMenu(page)).toHaveCount(0);
  // Nothing of the session is left in the browser: a reload stays logged out.
  await page.reload();
  await expect(page.getByRole('button', { name: msg('en-US', 'header.login') })).toBeVisible();
});

/** Yesterday in the shop's zone: a version dated then is in force today. */
function yesterday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(
    new Date(Date.now() - 24 * 3600 * 1000),
  );
}

test('new terms published: the next login shows them, accepting logs in', async ({
  page,
  request,
}) => {
  const version = yesterday();
  const titles: Record<Locale, string> = {
    'pt-BR': `Termos de uso de ${version}`,
    'es-ES': `Términos de uso de ${version}`,
    'en-US': `Terms of use of ${version}`,
  };
  const folder = join(ACCOUNTS_BRANDS_DIR, 'museu-aurora', 'content', 'terms', '1');
  for (const [locale, title] of Object.entries(titles)) {
    writeFileSync(
      join(folder, `${version}.${locale}.md`),
      `# ${title}\n\nVersion ${version}: **new** rules for the ticket shop.\n`,
    );
  }
  // The server reads the folder again within two seconds.
  const idtermo = 100_000_000 + Number(version.replaceAll('-', ''));
  await expect
    .poll(async () => {
      const res = await request.get(`${ACCOUNTS}/pessoa/cadastro/termo`, { params: { tipo: 1 } });
      return ((await res.json()) as { result?: { idtermo: number } }).result?.idtermo;
    })
    .toBe(idtermo);

  await page.goto(`${ACCOUNTS}/en`);
  await page.getByRole('button', { name: msg('en-US', 'header.login') }).click();
  await logInWithModal(page, 'en-US', DEMO);
  const term = page.getByTestId('login-term');
  await expect(term.getByTestId('login-term-title')).toHaveText(titles['en-US']);
  await expect(term.getByTestId('login-term-text')).toContainText(`Version ${version}`);
  await expect(accountMenu(page)).toHaveCount(0);
  expect(await axeViolations(page), 'the term in the login').toEqual([]);

  await term
    .getByRole('button', {
      name: msg('en-US', 'login.term.acceptNamed', { termo: titles['en-US'] }),
    })
    .click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(accountMenu(page)).toHaveText(msg('en-US', 'header.greeting', { nome: 'Demo' }));
});

test('sign-up asks for the captcha; solved in the browser, the account is created', async ({
  page,
  request,
}) => {
  // The server itself refuses a sign-up without a solved captcha.
  const refused = await request.post(`${ACCOUNTS}/cadastro/1?lang=pt_BR`, {
    data: signUpBody(newPerson('robot')),
  });
  expect(((await refused.json()) as { error?: { message: string } }).error?.message).toBe(
    msg('pt-BR', 'error.captcha'),
  );

  const lia = newPerson('captcha', 'Lia');
  await page.goto(`${ACCOUNTS}/pt`);
  await page.getByRole('button', { name: msg('pt-BR', 'header.login') }).click();
  await page.getByRole('dialog').getByTestId('login-signup').click();
  const dialog = page.getByTestId('signup-modal');
  await fillSignUp(dialog, 'pt-BR', lia);
  const submit = dialog.getByRole('button', { name: msg('pt-BR', 'signUp.submit') });
  await submit.click();
  await expect(dialog.getByText(msg('pt-BR', 'form.error.captcha'))).toBeVisible();
  await expect(dialog.getByText(msg('pt-BR', 'signUp.success'))).toHaveCount(0);

  // The widget: one button, named by its label and what it says now.
  const captcha = dialog.getByRole('button', { name: msg('pt-BR', 'form.field.recaptcha') });
  await expect(captcha).toHaveAccessibleName(new RegExp(msg('pt-BR', 'formui.captcha.verify')));
  await captcha.click();
  await expect(captcha).toHaveAccessibleName(new RegExp(msg('pt-BR', 'formui.captcha.verified')));
  await submit.click();
  // In the dialog for a second, then in a toast once the login that follows closes it: a
  // loaded machine may only see the toast.
  await expect(page.getByText(msg('pt-BR', 'signUp.success')).first()).toBeVisible();
  await expect(accountMenu(page)).toHaveText(msg('pt-BR', 'header.greeting', { nome: 'Lia' }));
});

test('after many failed logins from one network the login asks for the captcha; solved by keyboard, the right password gets in', async ({
  page,
}) => {
  // The main server believes X-Forwarded-For from 127.0.0.1 (TRUST_PROXY, as behind the
  // production proxy): this test's network is an address of its own, so the other tests'
  // logins from 127.0.0.1 never meet its captcha.
  const octet = () => 1 + Math.floor(Math.random() * 254);
  const network = { 'x-forwarded-for': `10.${octet()}.${octet()}.${octet()}` };
  await page.setExtraHTTPHeaders(network);
  // Someone on that network sprays wrong passwords over many accounts.
  for (let i = 0; i < 21; i++) {
    const res = await page.request.post(`${MAIN}/login/1?lang=en_US`, {
      headers: network,
      data: { _username: `spray${i}.${Date.now()}@example.com`, _password: 'Errada@123' },
    });
    expect(res.ok()).toBe(true);
  }

  await page.goto(`${MAIN}/en`);
  await page.getByRole('button', { name: msg('en-US', 'header.login') }).click();
  await logInWithModal(page, 'en-US', DEMO);
  const dialog = page.getByRole('dialog');
  // Not "wrong password": the network must confirm it is not a robot, said at the captcha.
  await expect(dialog.getByText(msg('en-US', 'error.captchaNeeded'))).toBeVisible();
  await expect(dialog.getByText(msg('en-US', 'error.wrongCredentials'))).toHaveCount(0);
  const captcha = dialog.getByRole('button', { name: msg('en-US', 'form.field.recaptcha') });
  await expect(captcha).toHaveAccessibleName(new RegExp(msg('en-US', 'formui.captcha.verify')));
  await captcha.focus();
  await page.keyboard.press('Enter');
  await expect(captcha).toHaveAccessibleName(new RegExp(msg('en-US', 'formui.captcha.verified')));
  await dialog.getByRole('button', { name: msg('en-US', 'login.submit'), exact: true }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(accountMenu(page)).toHaveText(msg('en-US', 'header.greeting', { nome: 'Demo' }));
});
