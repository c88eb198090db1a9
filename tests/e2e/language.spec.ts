import { expect, test } from './fixtures';
import { msg } from './support';

test('a new visitor gets the home in Portuguese and switches to English and Spanish', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/pt\/?$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await expect(page.getByRole('heading', { name: msg('pt-BR', 'home.eventsTitle') })).toBeVisible();
  await expect(page.getByRole('link', { name: /Visita ao Museu do Aurora/ })).toBeVisible();
  await expect(page).toHaveTitle(/Museu/);

  await page.getByRole('link', { name: msg('pt-BR', 'language.en-US') }).click();
  await expect(page).toHaveURL(/\/en\/?$/);
  await expect(page.getByRole('heading', { name: msg('en-US', 'home.eventsTitle') })).toBeVisible();
  await expect(page.getByRole('link', { name: /Aurora Museum visit/ })).toBeVisible();
  await expect(page.getByRole('button', { name: msg('en-US', 'header.login') })).toBeVisible();

  await page.getByRole('link', { name: msg('en-US', 'language.es-ES') }).click();
  await expect(page).toHaveURL(/\/es\/?$/);
  await expect(page.getByRole('heading', { name: msg('es-ES', 'home.eventsTitle') })).toBeVisible();
  await expect(page.getByRole('link', { name: /Visita al Museo del Aurora/ })).toBeVisible();

  // The choice persists: a bare visit comes back in Spanish, served so by the server (the
  // choice is mirrored in a cookie) without a redirect, the page rendered as it arrives; the
  // address becomes the Spanish home's.
  const res = await page.goto('/');
  expect(res?.status()).toBe(200);
  expect(res?.request().redirectedFrom()).toBeNull();
  expect(await res?.text()).toContain('Visita al Museo del Aurora');
  await expect(page).toHaveURL(/\/es\/?$/);
});

test.describe('a first visit without a stored language, without JavaScript', () => {
  test.use({ locale: 'en-US', javaScriptEnabled: false });
  test('gets the home of the browser language from the server, rendered', async ({ page }) => {
    const res = await page.goto('/?utm_source=x');
    expect(res?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await expect(page.getByRole('link', { name: /Aurora Museum visit/ })).toBeVisible();
    await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', /\/en$/);
    // A link without a language is sent to the page in the browser's.
    await page.goto('/politicas/privacidade');
    await expect(page).toHaveURL(/\/en\/policies\/privacy$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});

test.describe('a first visit without a stored language', () => {
  test.use({ locale: 'en-US' });
  test('follows the browser language (Accept-Language en-US lands on /en)', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/en\/?$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await expect(
      page.getByRole('heading', { name: msg('en-US', 'home.eventsTitle') }),
    ).toBeVisible();
    // An unprefixed deep link too, with its query.
    await page.evaluate(() => localStorage.clear());
    await page.goto('/produto/1?utm_source=x');
    await expect(page).toHaveURL(/\/en\/product\/1\?utm_source=x$/);
  });
});

test('switching language keeps the page, and unknown paths show not-found', async ({ page }) => {
  await page.goto('/pt/produto/1');
  await expect(page.getByRole('heading', { name: /Visita ao Museu do Aurora/ })).toBeVisible();
  // The event names its page: "event · brand".
  await expect(page).toHaveTitle(/^Visita ao Museu do Aurora · Museu do Clube Atlético Aurora/);
  await page.getByRole('link', { name: msg('pt-BR', 'language.en-US') }).click();
  await expect(page).toHaveURL(/\/en\/product\/1$/);
  await expect(page.getByRole('heading', { name: /Aurora Museum visit/ })).toBeVisible();
  await expect(page).toHaveTitle(/^Aurora Museum visit · Clube Atlético Aurora Museum/);

  await page.goto('/en/no-such-page');
  await expect(
    page.getByRole('heading', { name: msg('en-US', 'page.notFound.title') }),
  ).toBeVisible();
});

test('an unknown event answers 404 with the not-found page, without an error box or toast', async ({
  page,
}) => {
  const res = await page.goto('/pt/produto/999');
  expect(res?.status()).toBe(404);
  await expect(page.getByTestId('not-found')).toBeVisible();
  await expect(
    page.getByRole('heading', { name: msg('pt-BR', 'page.notFound.title') }),
  ).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.locator('[data-scope=toast][data-part=root]')).toHaveCount(0);
});

test('every navigation starts at the top of the new page with its title', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 700 });
  await page.goto('/pt');
  await expect(page).toHaveTitle(new RegExp(`^${msg('pt-BR', 'page.home.title')} · `));
  const last = page.getByRole('link', { name: /Jogos do Aurora/ });
  await last.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  await last.click();
  await expect(page.getByRole('heading', { level: 1, name: /Jogos do Aurora/ })).toBeVisible();
  await expect(page).toHaveTitle(/^Jogos do Aurora no Alvorada · /);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  await page.getByRole('link', { name: msg('pt-BR', 'nav.orders') }).click();
  await expect(page).toHaveTitle(new RegExp(`^${msg('pt-BR', 'page.orders.title')} · `));
});
