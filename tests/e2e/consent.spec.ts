import { expect, type Page, test } from './fixtures';
import { axeViolations, CARDS, holdByUi, msg, openFirstSession, payWithCard } from './support';

// This file is about the cookie banner (or shows it): visitors arrive without a choice.
test.use({ cookieChoice: null });

// Consent and tracking (LGPD): the demo brand configures GA4 (G-DEMO123456), Tag Manager
// (GTM-DEMO123) and the Meta Pixel (1234567890). The trackers' hosts are the one edge mocked
// here: their scripts are small stand-ins that only say "loaded" (the globals the storefront
// polls for), and every request to them is recorded. What the storefront hands the trackers is
// read from window.dataLayer (gtag.js commands and Tag Manager pushes) and the pixel's queue.

const TRACKER_HOSTS =
  /^https:\/\/([a-z0-9-]+\.)*(googletagmanager\.com|google-analytics\.com|connect\.facebook\.net)\/|^https:\/\/([a-z0-9-]+\.)*facebook\.com\/tr/;

const STANDINS: Record<string, string> = {
  'www.googletagmanager.com': 'window.google_tag_manager = window.google_tag_manager || {};',
  'connect.facebook.net':
    'window.fbq && (window.fbq.callMethod = function () { (window.__pixel = window.__pixel || []).push(Array.from(arguments)); });',
};

/** Records every request to a tracker and answers it with a stand-in. */
async function mockTrackers(page: Page): Promise<string[]> {
  const requests: string[] = [];
  await page.route(TRACKER_HOSTS, (route) => {
    const url = new URL(route.request().url());
    requests.push(url.href);
    const body = STANDINS[url.host];
    return body === undefined
      ? route.fulfill({ status: 204 })
      : route.fulfill({ status: 200, contentType: 'text/javascript', body });
  });
  return requests;
}

type Entry = unknown[] | Record<string, unknown>;

/** The page's dataLayer (gtag's Arguments objects as arrays), [] when there is none. */
function dataLayer(page: Page): Promise<Entry[] | null> {
  return page.evaluate(() => {
    const layer = (window as unknown as { dataLayer?: unknown[] }).dataLayer;
    if (!layer) return null;
    return layer.map((e) =>
      Object.prototype.toString.call(e) === '[object Arguments]'
        ? Array.from(e as ArrayLike<unknown>)
        : (e as Record<string, unknown>),
    );
  });
}

/** gtag.js events in the dataLayer: [name, params]. */
async function gtagEvents(page: Page): Promise<[string, Record<string, unknown>][]> {
  return ((await dataLayer(page)) ?? [])
    .filter((e): e is unknown[] => Array.isArray(e) && e[0] === 'event')
    .map((e) => [e[1] as string, e[2] as Record<string, unknown>]);
}

/**
 * Waits until gtag.js has an event of that name, and returns the last one's parameters. After a
 * page load the event waits for hydration, two chunks, the tag's script and the tracker's check
 * that it started (once a second): on a busy machine that took more than the default 10 s.
 */
async function gtagEvent(page: Page, name: string): Promise<Record<string, unknown>> {
  await expect
    .poll(async () => (await gtagEvents(page)).filter(([n]) => n === name).length, {
      timeout: 20_000,
    })
    .toBeGreaterThan(0);
  return (await gtagEvents(page)).filter(([n]) => n === name).at(-1)![1];
}

const banner = (page: Page) => page.getByRole('region', { name: msg('pt-BR', 'consent.title') });

test('nothing of a tracker loads before a choice nor after "necessary only"; the footer changes it, and marketing brings the pixel', async ({
  page,
}) => {
  const requests = await mockTrackers(page);
  await page.goto('/pt');
  // The banner: a named region, reached first from the keyboard after the skip link, clean.
  await expect(banner(page)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: msg('pt-BR', 'a11y.skipToContent') })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(banner(page).getByTestId('consent-customize')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(banner(page).getByRole('link')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(banner(page).getByTestId('consent-accept-all')).toBeFocused();

  // Browsing without a choice: no tracker asked for, no dataLayer, no pixel.
  await openFirstSession(page, /Visita ao Museu do Aurora/);
  await page.waitForTimeout(1_500);
  expect(requests).toEqual([]);
  expect(await dataLayer(page)).toBeNull();
  expect(await page.evaluate(() => 'fbq' in window)).toBe(false);

  await banner(page).getByTestId('consent-necessary-only').click();
  await expect(banner(page)).toHaveCount(0);
  // Remembered: a new visit shows no banner and loads nothing either.
  await page.goto('/pt');
  await page
    .getByRole('link', { name: /Visita ao Museu do Aurora/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Visita ao Museu');
  await page.waitForTimeout(1_500);
  await expect(banner(page)).toHaveCount(0);
  expect(requests).toEqual([]);
  expect(await dataLayer(page)).toBeNull();

  // Cookie preferences (footer), from the keyboard: the choices, Escape keeps them and gives
  // focus back; then marketing only.
  const opener = page.getByTestId('consent-preferences');
  await opener.focus();
  await page.keyboard.press('Enter');
  const analytics = banner(page).getByRole('checkbox', { name: msg('pt-BR', 'consent.analytics') });
  await expect(analytics).toBeFocused();
  await expect(analytics).not.toBeChecked();
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(banner(page)).toHaveCount(0);
  await expect(opener).toBeFocused();

  await opener.click();
  await banner(page)
    .getByRole('checkbox', { name: msg('pt-BR', 'consent.marketing') })
    .check();
  await banner(page).getByTestId('consent-save').click();
  await expect(banner(page)).toHaveCount(0);
  // Marketing without analytics: the pixel (with consent granted), not Google.
  await expect.poll(() => requests.filter((r) => r.includes('fbevents.js')).length).toBe(1);
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __pixel?: unknown[][] }).__pixel))
    .toContainEqual(['track', 'PageView']);
  const queue = await page.evaluate(
    () => (window as unknown as { fbq: { queue: unknown[][] } }).fbq.queue,
  );
  expect(queue).toEqual([
    ['consent', 'grant'],
    ['init', '1234567890'],
  ]);
  expect(requests.some((r) => r.includes('google'))).toBe(false);
  expect(await dataLayer(page)).toBeNull();
});

test('with analytics: page views and the e-commerce events with their payloads, the purchase once per order; the pixel stays off', async ({
  page,
  baseURL,
}) => {
  const requests = await mockTrackers(page);
  await page.goto('/pt');
  await banner(page).getByTestId('consent-customize').click();
  await banner(page)
    .getByRole('checkbox', { name: msg('pt-BR', 'consent.analytics') })
    .check();
  await banner(page).getByTestId('consent-save').click();
  await expect(banner(page)).toHaveCount(0);

  // Consent Mode v2: denied by default, then the choice (ads denied), before any tag.
  await expect
    .poll(() => requests.map((r) => new URL(r).pathname + new URL(r).search))
    .toEqual(expect.arrayContaining(['/gtag/js?id=G-DEMO123456', '/gtm.js?id=GTM-DEMO123']));
  const layer = (await dataLayer(page))!;
  expect(layer[0]).toEqual([
    'consent',
    'default',
    {
      ad_storage: 'denied',
      analytics_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
      wait_for_update: 500,
    },
  ]);
  expect(layer[1]).toEqual([
    'consent',
    'update',
    {
      ad_storage: 'denied',
      analytics_storage: 'granted',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
    },
  ]);
  expect(layer).toContainEqual(['config', 'G-DEMO123456', { send_page_view: false }]);
  // The page the choice was made on counts.
  expect(await gtagEvent(page, 'page_view')).toMatchObject({
    page_location: `${baseURL}/pt`,
    language: 'pt-BR',
  });

  // An attraction, two full-price tickets, the login, the checkout (one document from the
  // home page on: the events pile up in its dataLayer).
  const { idproduto } = await holdByUi(page, baseURL!, 'tracking', 2);
  const views = (await gtagEvents(page)).filter(([n]) => n === 'page_view');
  expect(views.map(([, p]) => new URL(String(p.page_location)).pathname)).toEqual(
    expect.arrayContaining(['/pt', '/pt/produto/1', '/pt/checkout']),
  );
  const viewItem = await gtagEvent(page, 'view_item');
  expect(viewItem).toMatchObject({
    currency: 'BRL',
    items: [{ item_id: '1', item_name: 'Visita ao Museu do Aurora', quantity: 1 }],
  });
  const added = await gtagEvent(page, 'add_to_cart');
  const unit = (added.items as { price: number }[])[0]!.price;
  expect(added).toEqual({
    currency: 'BRL',
    value: Math.round(unit * 2 * 100) / 100,
    items: [
      {
        item_id: '1',
        item_name: 'Visita ao Museu do Aurora',
        item_variant: 'Inteira',
        price: unit,
        quantity: 2,
      },
    ],
  });
  expect(unit).toBeGreaterThan(0);
  const begun = await gtagEvent(page, 'begin_checkout');
  expect(begun).toMatchObject({ currency: 'BRL', items: [{ item_id: '1', quantity: 2 }] });
  expect(idproduto).toBeGreaterThan(0);

  // One ticket out, then pay for the other.
  await page
    .getByRole('button', { name: msg('pt-BR', 'cart.removeOneAria', { produto: 'Inteira' }) })
    .first()
    .click();
  expect(await gtagEvent(page, 'remove_from_cart')).toMatchObject({
    currency: 'BRL',
    value: unit,
    items: [{ item_id: '1', item_variant: 'Inteira', price: unit, quantity: 1 }],
  });
  await expect(
    page.getByText(msg('pt-BR', 'cart.lineQuantity', { qtd: 1, produto: 'Inteira' })),
  ).toBeVisible();
  await payWithCard(page, 'pt-BR', CARDS.approved);
  await expect(page).toHaveURL(/\/pt\/meuspedidos$/, { timeout: 20_000 });
  const locator = await page.getByTestId('order').first().getAttribute('data-locator');
  expect(locator).toBeTruthy();
  expect(await gtagEvent(page, 'add_payment_info')).toMatchObject({
    currency: 'BRL',
    payment_type: 'credit_card',
    items: [{ item_id: '1', quantity: 1 }],
  });
  const purchase = await gtagEvent(page, 'purchase');
  expect(purchase).toMatchObject({
    transaction_id: locator,
    currency: 'BRL',
    items: [{ item_id: '1', item_name: 'Visita ao Museu do Aurora', price: unit, quantity: 1 }],
  });
  expect(purchase.value).toBeGreaterThanOrEqual(unit);
  // Tag Manager gets the same, in its own convention.
  expect(await dataLayer(page)).toContainEqual({ event: 'purchase', ecommerce: purchase });
  expect((await gtagEvents(page)).filter(([n]) => n === 'purchase')).toHaveLength(1);

  // A reload (and a second look at My orders) reports it no more; the browser remembers it.
  await page.reload();
  await expect(page.getByTestId('order').first()).toBeVisible();
  await gtagEvent(page, 'page_view');
  await page.waitForTimeout(1_500);
  expect((await gtagEvents(page)).filter(([n]) => n === 'purchase')).toEqual([]);
  expect(
    await page.evaluate(() => JSON.parse(localStorage.getItem('si.trackedOrders') ?? '[]')),
  ).toContain(locator);

  // Marketing declined: the pixel never loaded, nothing reached Meta.
  expect(requests.filter((r) => /facebook/.test(r))).toEqual([]);
  expect(await page.evaluate(() => 'fbq' in window)).toBe(false);
});
