import { expect, test } from './fixtures';
import {
  collectProblems,
  installCommitProbe,
  logInWithModal,
  msg,
  newPerson,
  readCommits,
  sessionByApi,
  useSession,
} from './support';

// Server rendering: what a search engine or a link preview (no JavaScript) gets, and a browser
// that hydrates the same page without asking the catalogue again.

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the home page lists the events with their prices', async ({ page }) => {
    const res = await page.goto('/pt');
    expect(res?.status()).toBe(200);
    await expect(
      page.getByRole('heading', { name: msg('pt-BR', 'home.eventsTitle') }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: /Visita ao Museu do Aurora/ })).toBeVisible();
    await expect(page.getByText(/R\$\s?\d+,\d{2}/).first()).toBeVisible();
    // The first view's styles are in the page (a styled header, not bare HTML).
    const banner = page.getByRole('banner');
    await expect(banner).toBeVisible();
    expect(await banner.evaluate((el) => getComputedStyle(el).position)).not.toBe('static');
  });

  test('an event page shows the event, its days and the first day’s times', async ({ page }) => {
    const res = await page.goto('/en/product/1');
    expect(res?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Aurora Museum visit');
    await expect(page.getByRole('radio').first()).toHaveAttribute('aria-checked', 'true');
    await expect(page.locator('[data-testid^="time-"]').first()).toBeVisible();
  });

  test('a content page and the FAQ are in the page', async ({ page }) => {
    await page.goto('/pt/informacoes/condicoes-dos-ingressos');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Condições dos ingressos');
    await expect(page.getByText(/Lei nº 12\.933\/2013/).first()).toBeAttached();
    await page.goto('/en/information/faq');
    await expect(page.getByText('Which payment methods are accepted?').first()).toBeVisible();
  });

  test('an unknown event answers 404 with the not-found page', async ({ page }) => {
    const res = await page.goto('/es/producto/9999');
    expect(res?.status()).toBe(404);
    await expect(
      page.getByRole('heading', { name: msg('es-ES', 'page.notFound.title') }),
    ).toBeVisible();
  });
});

// `/` is the home of the visitor's language served at `/`: it takes its address, then hydrates.
for (const path of ['/', '/pt', '/pt/produto/1', '/pt/informacoes/privacidade']) {
  test(`hydration keeps the server's page at ${path}: nothing is drawn or rendered again`, async ({
    page,
  }) => {
    // Every element the storefront removes from the page, from before its code runs; and the
    // server's style elements taken out (a move is a removal, then an insertion: the browser
    // restyles the whole page for it).
    await page.addInitScript(() => {
      const removed: string[] = [];
      const movedStyles: string[] = [];
      Object.assign(window, { removed, movedStyles });
      new MutationObserver((records) => {
        for (const r of records) {
          for (const n of r.removedNodes) {
            if (!(n instanceof Element)) continue;
            if (n.tagName === 'STYLE') {
              const id = n.getAttribute('data-emotion');
              if (id) movedStyles.push(id.slice(0, 40));
            } else if (n.closest('head') === null) {
              removed.push(`${n.tagName}: ${(n.textContent ?? '').slice(0, 40)}`);
            }
          }
        }
      }).observe(document, { childList: true, subtree: true });
      // The server's headings, marked once the page is parsed and before its scripts run.
      document.addEventListener('readystatechange', () => {
        if (document.readyState !== 'interactive') return;
        for (const h of document.querySelectorAll('h1')) h.setAttribute('data-from-server', '');
      });
    });
    // React reports each commit to the developer tools' hook: count the components each commit
    // after hydration rendered again. A store whose browser value was a new object equal to the
    // server's, or a title set by the page, used to render the whole page once more in one
    // piece, on the main thread, just as the visitor starts to use it.
    await installCommitProbe(page);
    await page.goto(path);
    const main = page.getByRole('main');
    const heading = main.getByRole('heading', { level: 1 });
    await expect(heading).toBeVisible();
    // Hydrated (a click works) with the same heading element, and nothing taken out.
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    await expect(main.locator('h1[data-from-server]')).toHaveCount(1);
    const { removed, movedStyles } = await page.evaluate(() => ({
      removed: (window as unknown as { removed: string[] }).removed,
      movedStyles: (window as unknown as { movedStyles: string[] }).movedStyles,
    }));
    expect(removed).toEqual([]);
    expect(movedStyles).toEqual([]);

    const { commits } = await readCommits(page);
    expect(commits.length).toBeGreaterThan(0);
    // A leaf may follow the browser (the cookie banner's host, the document title): a few
    // components, never the page's hundreds (an event page has ~660). React hydrates the
    // frame's Suspense boundary (the page's slot) in a later pass and leaves one more render of
    // it at the Offscreen priority; when the cookie banner's update joins that render, the
    // chain of routes from the slot down to the page component renders again (Outlet,
    // RenderedRoute, CartScope, CheckoutProvider, ProdutoPage, Produto… ten, whose children do
    // not), in about one load in six on this machine and in every load of a busy CI run.
    const largest = commits.reduce((a, b) => (b.components > a.components ? b : a));
    expect(largest.components, largest.names.join(', ')).toBeLessThanOrEqual(20);
  });
}

test('a rendered event page hydrates without asking the catalogue again; its days and times are named for a screen reader, and picking a time shows its tickets', async ({
  page,
}) => {
  const problems = collectProblems(page);
  const calls: string[] = [];
  page.on('request', (r) => {
    const method = new URL(r.url()).searchParams.get('method');
    if (method) calls.push(method);
  });
  await page.goto('/pt/produto/1');
  await page.waitForLoadState('networkidle');
  expect(calls).toEqual([]);

  const days = page.getByRole('radiogroup').locator('[data-testid^="date-"]');
  expect(await days.count()).toBeGreaterThan(20);
  await expect(days.first()).toHaveAccessibleName(/, [^,]+, \d{1,2} de \S+ de \d{4}$/u);
  await expect(page.locator('[data-testid^="date-"][aria-checked=true]')).toHaveCount(1);
  const time = page.locator('[data-testid^="time-"]:not([disabled])').first();
  // "12:00, 170 vagas" (Chromium puts a space before the hidden comma).
  await expect(time).toHaveAccessibleName(/^\d{2}:\d{2} ?, \d+ vagas$/u);

  // Hydrated: picking a time asks for its products and shows them.
  const produtos = page.waitForResponse((r) => r.url().includes('method=getProdutos'));
  await time.click();
  await produtos;
  await expect(time).toHaveAttribute('aria-pressed', 'true');
  await expect(
    page.getByRole('heading', { name: msg('pt-BR', 'product.chooseTickets') }),
  ).toBeVisible();
  expect(problems).toEqual([]);
});

test('a link to another day of an event hydrates cleanly and opens on that day', async ({
  page,
}) => {
  await page.goto('/pt/produto/1');
  const second = page.locator('[data-testid^="date-"]').nth(1);
  const testId = (await second.getAttribute('data-testid')) ?? '';
  const day = testId.replace('date-', '');
  expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);

  const problems = collectProblems(page);
  await page.goto(`/pt/produto/1?data=${day}`);
  await expect(page.getByTestId(testId)).toHaveAttribute('aria-checked', 'true');
  expect(problems).toEqual([]);
});

test('the add button cannot be pressed twice while the hold is asked', async ({
  page,
  baseURL,
}) => {
  await useSession(page, await sessionByApi(page.request, baseURL!, newPerson('add-loading')));
  // The hold is never answered: the button stays busy.
  const holds: string[] = [];
  await page.route(/method=iniciarReserva/, (route) => {
    holds.push(route.request().url());
  });
  await page.goto('/pt/produto/1');
  await page.locator('[data-testid^="time-"]:not([disabled])').first().click();
  await page
    .getByRole('button', {
      name: msg('pt-BR', 'product.addOne', { produto: 'Inteira' }),
      exact: true,
    })
    .click();
  const add = page.getByTestId('add-to-cart');
  await expect(add).toBeEnabled();
  await add.click();
  await expect(add).toBeDisabled();
  await add.click({ force: true });
  expect(holds).toHaveLength(1);
});

test('a home page event card opens its event wherever it is tapped', async ({ page }) => {
  await page.goto('/pt');
  const cards = page.getByTestId('event-card');
  expect(await cards.count()).toBeGreaterThan(1);
  const card = cards.first();
  await expect(card.getByRole('link')).toHaveCount(1);
  await card.scrollIntoViewIfNeeded();
  const box = (await card.boundingBox())!;
  // Near its bottom edge, away from the title's link text.
  await page.mouse.click(box.x + box.width / 2, box.y + box.height - 4);
  await expect(page).toHaveURL(/\/pt\/produto\/\d+/);
});

test('the not-found page says so and leads home', async ({ page }) => {
  for (const path of ['/pt/nada', '/pt/produto/999999']) {
    const res = await page.goto(path);
    expect(res?.status()).toBe(404);
    const notFound = page.getByTestId('not-found');
    await expect(notFound.getByRole('heading', { level: 1 })).toHaveText(
      msg('pt-BR', 'page.notFound.title'),
    );
    await notFound.getByRole('link', { name: msg('pt-BR', 'common.backHome') }).click();
    await expect(page).toHaveURL(/\/pt$/);
  }
});

test("the footer's focus ring shows on its background", async ({ page }) => {
  await page.goto('/pt');
  const footer = page.getByRole('contentinfo');
  await footer.getByTestId('support-email').focus();
  await page.keyboard.press('Tab');
  const ring = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const f = el.closest('footer') as HTMLElement;
    const rgb = (c: string) => (c.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
    const lum = (c: string) => {
      const [r = 0, g = 0, b = 0] = rgb(c).map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const s = getComputedStyle(el);
    const [a, b] = [lum(s.outlineColor), lum(getComputedStyle(f).backgroundColor)];
    return {
      inFooter: f !== null,
      style: s.outlineStyle,
      contrast: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05),
    };
  });
  expect(ring).toMatchObject({ inFooter: true, style: 'solid' });
  expect(ring.contrast).toBeGreaterThanOrEqual(3);
});

test("a logged-in visitor's greeting opens its menu by click and by keyboard", async ({
  page,
  baseURL,
}) => {
  const problems = collectProblems(page);
  const who = newPerson('menu-intent');
  await useSession(page, await sessionByApi(page.request, baseURL!, who));
  const greeting = page.getByTestId('account-menu');
  const logout = page.getByRole('menuitem', { name: msg('pt-BR', 'header.logout') });

  await page.goto('/pt/produto/1');
  await expect(greeting).toHaveText(msg('pt-BR', 'header.greeting', { nome: 'Ana' }));
  await expect(greeting).toHaveAttribute('aria-haspopup', 'menu');
  await expect(greeting).toHaveAttribute('aria-expanded', 'false');
  await greeting.click();
  await expect(logout).toBeVisible();
  await expect(greeting).toHaveAttribute('aria-expanded', 'true');

  // By keyboard: Enter opens the menu with the focus in it; Escape closes it and gives the
  // focus back to the greeting; ArrowDown opens it on its first item.
  await page.goto('/pt');
  await greeting.focus();
  await page.keyboard.press('Enter');
  await expect(logout).toBeVisible();
  await expect(page.getByTestId('account-menu-content')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(logout).toBeHidden();
  await expect(greeting).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem').first()).toHaveAttribute('data-highlighted', '');

  // Logged out and in again, the greeting's menu is back closed and leaves the focus alone.
  await logout.click();
  await page.getByTestId('login-button').click();
  await logInWithModal(page, 'pt-BR', { email: who.email, password: who.senha });
  await expect(greeting).toHaveAttribute('aria-expanded', 'false');
  await expect(logout).toBeHidden();
  await expect(greeting).not.toBeFocused();
  expect(problems).toEqual([]);
});

// The server renders a path without its query: a page that reads its token from the query
// must hydrate what the server rendered (its loading frame), or React throws #418.
for (const path of [
  '/pt/redefinirsenha?token=not-a-real-token',
  '/pt/redefinirsenha',
  '/en/newsletter?acao=confirmar&token=not-a-real-token',
  '/en/newsletter',
  '/pt/validatemail?token=not-a-real-token',
]) {
  test(`${path} hydrates without a mismatch`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.goto(path);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(errors.filter((e) => /hydrat|#418/i.test(e))).toEqual([]);
  });
}
