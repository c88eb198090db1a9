import { expect, test } from './fixtures';
import { accountMenu, DEMO, field, logInWithModal, msg } from './support';

// An unknown CEP is said at the CEP field, and the address is typed by hand (issue 39).
test('an unknown CEP says so at its field and the address is typed by hand', async ({ page }) => {
  await page.goto('/pt/perfil');
  await page.getByTestId('profile-login').getByRole('button').click();
  await logInWithModal(page, 'pt-BR', DEMO);
  await expect(accountMenu(page)).toBeVisible();
  const form = page.getByTestId('profile-form');
  const cep = field(form, 'pt-BR', 'end_cep');
  await cep.fill('99999999');
  await expect(cep).toHaveAttribute('aria-invalid', 'true');
  await expect(cep).toHaveAccessibleDescription(new RegExp(msg('pt-BR', 'profile.cepNotFound')));
  const street = field(form, 'pt-BR', 'end_logradouro');
  await expect(street).toBeEditable();
  await street.fill('Rua Inventada');
  await expect(street).toHaveValue('Rua Inventada');
  // The city is chosen from the state's list, open to the hand as well.
  const city = form.getByRole('combobox', {
    name: msg('pt-BR', 'form.field.end_cidade'),
    exact: true,
  });
  await expect(city).toBeEnabled();
});
