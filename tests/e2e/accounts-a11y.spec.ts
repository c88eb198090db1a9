import { expect, test } from './fixtures';
import { accountMenu, axeViolations, DEMO, logInWithModal, msg } from './support';

// The account modals and pages of issue 9 on a phone, with their errors shown, checked with
// axe-core against WCAG 2.2 A/AA and best practices. (The term a login shows is checked in
// accounts-login.spec.ts, where a new version is published.)
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('sign-up, agency and forgot-password modals meet WCAG 2.2 AA with their errors', async ({
  page,
}) => {
  await page.goto('/pt');
  await page.getByRole('button', { name: msg('pt-BR', 'header.login') }).click();
  await page.getByRole('dialog').getByTestId('login-signup').click();
  const signUp = page.getByTestId('signup-modal');
  await signUp.getByRole('button', { name: msg('pt-BR', 'signUp.submit') }).click();
  await expect(signUp.getByText(msg('pt-BR', 'form.error.required')).first()).toBeVisible();
  expect(await axeViolations(page), 'sign-up with errors').toEqual([]);

  await signUp.getByTestId('signup-agency').click();
  const agency = page.getByTestId('agency-signup-modal');
  await agency.getByRole('button', { name: msg('pt-BR', 'signUp.agencySubmit') }).click();
  await expect(agency.getByText(msg('pt-BR', 'form.error.required')).first()).toBeVisible();
  expect(await axeViolations(page), 'agency sign-up with errors').toEqual([]);

  await page.goto('/en?esqueceusenha');
  const forgot = page.getByTestId('forgot-modal');
  await forgot.getByRole('button', { name: msg('en-US', 'forgot.submit') }).click();
  await expect(forgot.getByText(msg('en-US', 'form.error.required'))).toBeVisible();
  expect(await axeViolations(page), 'forgot password with errors').toEqual([]);
  await forgot.getByRole('textbox').fill('nobody@example.com');
  await forgot.getByRole('button', { name: msg('en-US', 'forgot.submit') }).click();
  await expect(forgot.getByTestId('forgot-sent')).toBeVisible();
  expect(await axeViolations(page), 'forgot password sent').toEqual([]);
});

test('the reset, confirmation and profile pages meet WCAG 2.2 AA', async ({ page }) => {
  await page.goto('/pt/redefinirsenha?token=not-a-real-token');
  const submit = page.getByRole('button', { name: msg('pt-BR', 'reset.submit') });
  await submit.click();
  await expect(page.getByText(msg('pt-BR', 'form.error.required')).first()).toBeVisible();
  expect(await axeViolations(page), 'reset page with errors').toEqual([]);

  await page.goto('/en/validatemail?token=not-a-real-token');
  await expect(page.getByTestId('confirm-error')).toContainText(msg('en-US', 'error.confirmToken'));
  expect(await axeViolations(page), 'confirmation page, unknown token').toEqual([]);

  await page.goto('/pt/perfil');
  await expect(page.getByTestId('profile-login')).toBeVisible();
  expect(await axeViolations(page), 'profile, logged out').toEqual([]);
  await page.getByTestId('profile-login').getByRole('button').click();
  await logInWithModal(page, 'pt-BR', DEMO);
  await expect(accountMenu(page)).toBeVisible();
  await expect(page.getByTestId('profile-form')).toBeVisible();
  expect(await axeViolations(page), 'profile').toEqual([]);

  await accountMenu(page).click();
  await expect(page.getByRole('menuitem', { name: msg('pt-BR', 'header.logout') })).toBeVisible();
  // Best practices too: the menu is inside the header's landmark (axe's rule "region").
  expect(await axeViolations(page), 'account menu open').toEqual([]);
});
