import { expect, test } from '@playwright/test';
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

  // The choice persists: a bare visit comes back in Spanish.
  await page.goto('/');
  await expect(page).toHaveURL(/\/es\/?$/);
});

test('switching language keeps the page, and unknown paths show not-found', async ({ page }) => {
  await page.goto('/pt/produto/1');
  await expect(page.getByRole('heading', { name: /Visita ao Museu do Aurora/ })).toBeVisible();
  await page.getByRole('link', { name: msg('pt-BR', 'language.en-US') }).click();
  await expect(page).toHaveURL(/\/en\/product\/1$/);
  await expect(page.getByRole('heading', { name: /Aurora Museum visit/ })).toBeVisible();

  await page.goto('/en/no-such-page');
  await expect(
    page.getByRole('heading', { name: msg('en-US', 'page.notFound.title') }),
  ).toBeVisible();
});
