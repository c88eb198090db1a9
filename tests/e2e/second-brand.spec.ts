import { MAIN_PORT } from '../../playwright.config';
import type { Locale } from '../../schemas/contract';
import { formatMoney } from '../../src/lib/money';
import { expect, type Page, test } from './fixtures';
import {
  acceptPurchaseTerms,
  addTickets,
  animationsDone,
  axeViolations,
  logInWithModal,
  msg,
  newPerson,
  openFirstSession,
  pendingLocator,
  sandbox,
  signUpBody,
} from './support';

// This file is about the cookie banner (or shows it): visitors arrive without a choice.
test.use({ cookieChoice: null });

/**
 * Two brands, one server (issue 14 item 8): the main test server answers the demo brand on
 * 127.0.0.1 and the second brand of brands/ (aquario-marinho) on aquario.localhost, a name
 * Chromium resolves to the loopback by itself. The second brand differs in what a brand can
 * change: its theme, fonts and name; Spanish first, with Portuguese and without English; a
 * guest's cart kept in the browser; no travel agencies; Pix and card only (6x interest-free),
 * no bank slip. Its shopping path runs here from the home page to a paid order. The demo brand's
 * own path is bought in purchase.spec.ts and pix-boleto.spec.ts on the same server; the tests
 * below check, beside the second brand, the demo brand's side of each difference.
 */
const AQUARIO = `http://aquario.localhost:${MAIN_PORT}`;

/** A JSON call made by the page itself (same origin: the host picks the brand). */
async function postFromPage<T>(page: Page, path: string, body: unknown): Promise<T> {
  return page.evaluate(
    async ({ path, body }) => {
      const res = await fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return (await res.json()) as never;
    },
    { path, body },
  );
}

/** A text file as the page's own origin serves it (its host picks the brand). */
async function textFromPage(page: Page, path: string): Promise<string> {
  return page.evaluate(async (path) => (await fetch(path)).text(), path);
}

/** Opens the sign-up dialog from the header's login. */
async function openSignUp(page: Page, locale: Locale) {
  await page.getByRole('button', { name: msg(locale, 'header.login') }).click();
  // The dialog's opening scale moves its small link: clicked where it was, the click missed it.
  await animationsDone(page.getByRole('dialog'));
  await page.getByTestId('login-signup').click();
  await expect(page.getByTestId('signup-modal')).toBeVisible();
}

test.describe('an English-speaking browser', () => {
  test.use({ locale: 'en-US' });

  test('each host shows its brand: name, theme, fonts and languages', async ({ page }) => {
    // The second brand offers no English: its first language, Spanish, answers.
    await page.goto(`${AQUARIO}/`);
    await expect(page).toHaveURL(`${AQUARIO}/es`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es-ES');
    await expect(page).toHaveTitle(/Acuario Marino de Ubatuba/);
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#035E7B');
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute(
      'href',
      /\/brand-assets\/favicon\.svg/,
    );
    const hero = page.locator('#hero-title');
    await expect(hero).toHaveText('Acuario Marino de Ubatuba — Entradas oficiales');
    expect(await hero.evaluate((h) => getComputedStyle(h).fontFamily)).toMatch(/^Georgia/);
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(
      /^Verdana/,
    );
    await expect(page.getByTestId('hero-installments')).toHaveText(
      msg('es-ES', 'home.installmentsFree', { max: 6, semJuros: 6, minimo: formatMoney(25) }),
    );
    const languages = page.getByTestId('language-switch');
    await expect(languages.getByRole('link')).toHaveCount(2);
    await expect(languages.getByTestId('lang-es')).toHaveAttribute('aria-current', 'true');
    await expect(languages.getByTestId('lang-pt')).toBeVisible();
    await expect(languages.getByTestId('lang-en')).toHaveCount(0);
    await expect(page.getByRole('link', { name: /Entrada con hora de acceso/ })).toBeVisible();
    // Its own support, no trackers (so no cookie banner), a captcha on its contact form.
    const footer = page.locator('footer');
    await expect(footer).toContainText('visitantes@aquariomarinho.example');
    await expect(footer).toContainText('+55 (12) 3833-4400');
    await expect(footer).toContainText('Todos los días, de 8:00 a 20:00 (hora de Brasilia)');
    // No partners' vouchers here (no vouchers/ folder): the footer does not offer the page.
    await expect(page.getByTestId('footer-voucher')).toHaveCount(0);
    await expect(page.getByTestId('consent-preferences')).toHaveCount(0);
    await expect(page.getByRole('region', { name: msg('es-ES', 'consent.title') })).toHaveCount(0);
    await page.getByTestId('footer-contact').click();
    await expect(page).toHaveURL(`${AQUARIO}/es/contato`);
    await expect(
      page.getByRole('button', { name: msg('es-ES', 'form.field.recaptcha') }),
    ).toBeVisible();
    // None of the demo brand's catalogue, and an English path leads to Spanish.
    await page.goto(`${AQUARIO}/es`);
    await expect(page.getByText(/Aurora/)).toHaveCount(0);
    await page.goto(`${AQUARIO}/en/product/21`);
    await expect(page).toHaveURL(`${AQUARIO}/es/producto/21`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Entrada con hora de acceso');

    // Its sitemaps: one per language it offers, on its own host, with its own events.
    const sitemap = await textFromPage(page, '/sitemap.xml');
    expect([...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual([
      `${AQUARIO}/sitemap-es.xml`,
      `${AQUARIO}/sitemap-pt.xml`,
    ]);
    const spanish = await textFromPage(page, '/sitemap-es.xml');
    expect(spanish).toContain(`<loc>${AQUARIO}/es/producto/21</loc>`);
    expect(spanish).toContain(`<loc>${AQUARIO}/es/politicas/privacidad</loc>`);
    expect(spanish).not.toContain('/en/');
    expect(await textFromPage(page, '/robots.txt')).toContain(`Sitemap: ${AQUARIO}/sitemap.xml`);

    // The demo brand on the same server: English offered, its own name and theme.
    await page.goto('/');
    await expect(page).toHaveURL(/\/en$/);
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#0E3A6B');
    await expect(page.locator('#hero-title')).toHaveText(
      'Clube Atlético Aurora Museum — Official tickets',
    );
    expect(
      await page.locator('#hero-title').evaluate((h) => getComputedStyle(h).fontFamily),
    ).not.toMatch(/Georgia/);
    await expect(page.getByTestId('language-switch').getByRole('link')).toHaveCount(3);
    const demoSitemap = await textFromPage(page, '/sitemap.xml');
    expect(demoSitemap).toContain('/sitemap-en.xml');
    expect(demoSitemap).not.toContain('aquario.localhost');
    await expect(page.getByText(/Acuario|Aquário/)).toHaveCount(0);
    await expect(page.locator('footer')).toContainText('atendimento@museuaurora.example');
    await expect(page.getByTestId('footer-voucher')).toBeVisible();
    await expect(page.getByRole('region', { name: msg('en-US', 'consent.title') })).toBeVisible();
    await page.getByTestId('footer-contact').click();
    await expect(page).toHaveURL(/\/en\/contact$/);
    await expect(page.locator('#contact_email')).toBeVisible();
    await expect(
      page.getByRole('button', { name: msg('en-US', 'form.field.recaptcha') }),
    ).toHaveCount(0);
  });
});

test('the second brand: local cart, sign-up without agencies, Pix paid, order in my orders', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // A guest picks a time slot and tickets: they stay in the browser (carrinhoLocal), no login.
  const produtos = await openFirstSession(page, /Entrada con hora de acceso/, `${AQUARIO}/es`);
  expect(produtos.tipo_produtos.flatMap((t) => t.produtos.map((p) => p.dscproduto))).toContain(
    'Entrada general',
  );
  await addTickets(page, 'es-ES', 'Entrada general', 2);
  await expect(page.getByText(msg('es-ES', 'product.keptLocally'))).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('cart-count')).toHaveText('2');
  await page.reload();
  await expect(page.getByTestId('cart-count')).toHaveText('2');
  await page.screenshot({ path: 'test-results/second-brand-event-phone.png', fullPage: false });

  // Sign-up is offered, agency sign-up is not (regrasDoNegocio.agencias false), and the API
  // refuses an agency with the reason; ?agencia opens nothing.
  await openSignUp(page, 'es-ES');
  await expect(page.getByTestId('signup-agency')).toHaveCount(0);
  await page.getByTestId('signup-login').click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const refused = await postFromPage<{ error?: { message: string } }>(
    page,
    '/cadastro/1?lang=es_ES',
    {
      ...signUpBody(newPerson('aquario-agency')),
      _idpessoa_tipo: 4,
      _empresa_cnpj: '11.222.333/0001-81',
      _empresa_razao: 'Viagens do Litoral Ltda',
    },
  );
  expect(refused.error?.message).toBe(msg('es-ES', 'error.agenciesClosed'));
  await page.goto(`${AQUARIO}/es?agencia`);
  await expect(page).toHaveURL(`${AQUARIO}/es`);
  await expect(page.getByTestId('agency-signup-modal')).toHaveCount(0);
  await expect(page.getByTestId('cart-count')).toHaveText('2');

  // An account of this brand (the sign-up through the API, from the brand's own host).
  const who = newPerson('aquario', 'Lucía');
  const made = await postFromPage<{ error?: unknown }>(page, '/cadastro/1', signUpBody(who));
  expect(made.error, JSON.stringify(made)).toBeUndefined();
  await page.getByRole('button', { name: msg('es-ES', 'header.login') }).click();
  await logInWithModal(page, 'es-ES', { email: who.email, password: who.senha });

  // The local cart became the hold: the checkout, in Spanish, with Pix and card only.
  await expect(page).toHaveURL(`${AQUARIO}/es/checkout`);
  await expect(
    page.getByText(msg('es-ES', 'cart.lineQuantity', { qtd: 2, produto: 'Entrada general' })),
  ).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('2');
  expect(await page.evaluate(() => localStorage.getItem('si.localCart'))).toBeNull();
  await expect(page.getByTestId('payment-method-cartao')).toBeVisible();
  await expect(page.getByTestId('payment-method-pix')).toBeVisible();
  await expect(page.getByTestId('payment-method-boleto')).toHaveCount(0);
  // No refundable-ticket option in this brand.
  await expect(page.getByTestId('refundable-no')).toHaveCount(0);
  // Its card brands and instalments: Visa, Mastercard and Elo; up to 6, all interest-free.
  await expect(page.getByLabel(msg('es-ES', 'payment.card.number'))).toHaveAccessibleDescription(
    msg('es-ES', 'payment.card.acceptedBrands', { brands: 'Visa, Mastercard y Elo' }),
  );
  await expect(page.getByTestId('installments').locator('option')).toHaveCount(6);
  await page.screenshot({ path: 'test-results/second-brand-checkout-phone.png', fullPage: true });

  const total = formatMoney(2 * (89.9 + 8.99));
  await page.getByTestId('payment-method-pix').click();
  await expect(page.getByTestId('charge-intro')).toHaveText(
    msg('es-ES', 'payment.pix.intro', { minutes: 15 }),
  );
  const pay = page.getByTestId('pay-button');
  await expect(pay).toHaveText(msg('es-ES', 'payment.pix.issue', { total }));
  await acceptPurchaseTerms(page);
  await pay.click();
  await expect(page.getByTestId('pix-panel')).toBeVisible();
  const code = await page.getByTestId('pix-code').inputValue();
  // The brand's own Pix receiver (merchant name and city in the BR Code).
  expect(code).toContain('AQUARIO MARINHO');
  expect(code).toContain('UBATUBA');

  // The bank pays: the order is paid, in my orders, in Spanish.
  const localizador = await pendingLocator(page);
  expect(await sandbox('pay', localizador)).toContain(`Paid: ${localizador}`);
  await expect(page).toHaveURL(`${AQUARIO}/es/peticiones`, { timeout: 20_000 });
  const order = page.getByTestId('order').filter({ hasText: localizador });
  await expect(order).toContainText(msg('es-ES', 'order.status.PA'));
  await expect(order).toContainText('Entrada con hora de acceso');
  await expect(order.getByText(msg('es-ES', 'order.ticketCode'))).toHaveCount(2);
  await expect(page.getByTestId('cart-count')).toHaveCount(0);

  // The account belongs to this brand only: the same e-mail is still free on the demo brand.
  await page.goto('/pt');
  const again = await postFromPage<{ error?: unknown }>(page, '/cadastro/1', signUpBody(who));
  expect(again.error, JSON.stringify(again)).toBeUndefined();
});

test('the demo brand on the same server: no local cart, agencies and bank slip offered', async ({
  page,
}) => {
  // Adding tickets asks for the login at once (no local cart), and its sign-up offers agencies.
  await openFirstSession(page, /Visita ao Museu do Aurora/);
  await addTickets(page, 'pt-BR', 'Inteira', 1);
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(page.getByText(msg('pt-BR', 'product.keptLocally'))).toHaveCount(0);
  await dialog.getByTestId('login-signup').click();
  await expect(page.getByTestId('signup-modal')).toBeVisible();
  await expect(page.getByTestId('signup-agency')).toBeVisible();

  // A new account holds the ticket and reaches a checkout with the bank slip as well.
  await page.getByTestId('signup-login').click();
  const who = newPerson('aurora-contrast');
  const made = await postFromPage<{ error?: unknown }>(page, '/cadastro/1', signUpBody(who));
  expect(made.error, JSON.stringify(made)).toBeUndefined();
  await logInWithModal(page, 'pt-BR', { email: who.email, password: who.senha });
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/pt\/checkout$/);
  await expect(page.getByTestId('payment-method-boleto')).toBeVisible();
  await expect(page.getByTestId('payment-method-pix')).toBeVisible();
  await expect(page.getByTestId('refundable-no')).toBeVisible();
  await expect(page.getByTestId('installments').locator('option')).not.toHaveCount(6);
  // Leave nothing held.
  await page.getByTestId('cancel-reservation').click();
  await page.getByTestId('cancel-confirm').click();
  await expect(page).toHaveURL(/\/pt\/?$/);
});

test('desktop screenshots of the second brand', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${AQUARIO}/es`);
  await expect(page.locator('#hero-title')).toBeVisible();
  await page.screenshot({ path: 'test-results/second-brand-home-desktop.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${AQUARIO}/pt`);
  await expect(page.locator('#hero-title')).toHaveText(
    'Aquário Marinho de Ubatuba — Ingressos oficiais',
  );
  await page.screenshot({ path: 'test-results/second-brand-home-phone.png', fullPage: true });
  // Its colours keep WCAG AA contrast like the demo brand's (a11y.spec.ts).
  expect(await axeViolations(page)).toEqual([]);
});
