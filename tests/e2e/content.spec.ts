import { expect, test } from './fixtures';
import { axeViolations, msg } from './support';

// The brand's content pages (brands/museu-aurora/content): linked from the footer, slugs in
// each language, the FAQ, and the pop-up of the tour's page.

test('the footer opens a policy; the language switch keeps the page with its own slug', async ({
  page,
}) => {
  await page.goto('/pt');
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('link', { name: 'Política de privacidade' }).click();
  await expect(page).toHaveURL(/\/pt\/politicas\/privacidade$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Política de privacidade');
  await expect(page.getByText(/Lei nº 13\.709\/2018/).first()).toBeVisible();
  await expect(page).toHaveTitle(/^Política de privacidade · /);
  expect(await axeViolations(page), 'policy page').toEqual([]);

  await page.getByTestId('lang-en').click();
  await expect(page).toHaveURL(/\/en\/policies\/privacy$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy policy');
  await page.getByTestId('lang-es').click();
  await expect(page).toHaveURL(/\/es\/politicas\/privacidad$/);

  // The FAQ: a question opens its answer.
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: msg('es-ES', 'footer.faq') })
    .click();
  await expect(page).toHaveURL(/\/es\/informacion\/preguntas-frecuentes$/);
  const question = page.getByText('¿Qué formas de pago se aceptan?');
  await question.click();
  await expect(page.getByText(/Pix y boleto bancario/)).toBeVisible();
  expect(await axeViolations(page), 'FAQ').toEqual([]);
});

test('a page the brand does not have answers 404 with the not-found page', async ({ page }) => {
  const res = await page.goto('/en/policies/privacidade');
  expect(res?.status()).toBe(404);
  await expect(
    page.getByRole('heading', { name: msg('en-US', 'page.notFound.title') }),
  ).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^${msg('en-US', 'page.notFound.title')} · `));
  // A wrong slug under Informações: titled as the 404 it is, not as the section.
  expect((await page.goto('/pt/informacoes/nao-existe'))?.status()).toBe(404);
  await expect(page.getByTestId('not-found')).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^${msg('pt-BR', 'page.notFound.title')} · `));
});

test('the footer has one contact link: the contact page', async ({ page }) => {
  await page.goto('/pt');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByTestId('footer-contact')).toHaveText(msg('pt-BR', 'footer.contact'));
  await expect(footer.getByRole('link', { name: /contato|fale conosco/i })).toHaveCount(1);
});

test('the tour page shows its pop-up once, after a second', async ({ page }) => {
  await page.goto('/en/product/2');
  const popup = page.getByTestId('content-popup');
  await expect(popup).toBeVisible();
  await expect(popup).toContainText(/dressing room/);
  expect(await axeViolations(page), 'pop-up').toEqual([]);
  await popup
    .getByRole('button', { name: msg('en-US', 'common.close') })
    .first()
    .click();
  await expect(popup).toHaveCount(0);
  // It does not come back.
  await page.reload();
  await page.waitForTimeout(1500);
  await expect(page.getByTestId('content-popup')).toHaveCount(0);
});
