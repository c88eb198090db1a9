import { ACCOUNTS_PORT } from '../../playwright.config';
import type { Locale } from '../../schemas/contract';
import { expect, type Page, test } from './fixtures';
import { axeViolations, field, msg, openFirstSession, uniqueEmail } from './support';

// This file is about the cookie banner (or shows it): visitors arrive without a choice.
test.use({ cookieChoice: null });

// The support panel (issue 14 item 3): the fixed chat-help button opens a dialog with the
// brand's channels, whether customer service is open now (America/Sao_Paulo), a search over the
// FAQ and the contact form; Escape closes it and the focus returns to the button. The brand's
// third-party chat (only on the accounts server's copied brand, tests/e2e/brands-copy.mjs) is
// loaded only when asked for.

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(page: Page, testId: string): Promise<Box> {
  const box = await page.getByTestId(testId).boundingBox();
  if (!box) throw new Error(`${testId} is not on screen`);
  return box;
}

/** Wednesday 2026-11-25 10:00 and Monday 2026-11-23 12:00 in São Paulo (UTC−3). */
const WEDNESDAY_10H = new Date('2026-11-25T13:00:00Z');
const MONDAY_NOON = new Date('2026-11-23T15:00:00Z');

const cases: {
  locale: Locale;
  home: string;
  question: string;
  query: string;
  assunto: string;
}[] = [
  {
    locale: 'pt-BR',
    home: '/pt',
    question: 'Quem tem direito à meia-entrada?',
    query: 'MEIA ENTRADA',
    assunto: 'Dúvida sobre meia-entrada',
  },
  {
    locale: 'en-US',
    home: '/en',
    question: 'Who is eligible for half-price tickets?',
    query: 'HALF PRICE',
    assunto: 'Half price question',
  },
];

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

for (const { locale, home, question, query, assunto } of cases) {
  test(`the chat-help button opens the support panel, by keyboard (${locale})`, async ({
    page,
  }) => {
    const faqCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('perguntas-frequentes')) faqCalls.push(r.url());
    });
    // The page's date is Wednesday 10:00 in São Paulo. Only the date is fixed: timers, frames and
    // animations run for real, so the dialog's enter and exit play as they do for a shopper.
    await page.clock.setFixedTime(WEDNESDAY_10H);
    await page.goto(home);
    const button = page.getByRole('button', { name: msg(locale, 'support.button'), exact: true });

    // On a phone the cookie banner comes first; the button waits until it is answered.
    const banner = page.getByTestId('consent-banner');
    await expect(banner).toBeVisible();
    await expect(button).toBeHidden();
    await banner.getByTestId('consent-necessary-only').click();
    await expect(banner).toBeHidden();
    await expect(button).toBeVisible();
    await page.screenshot({ path: `test-results/support-button-${locale}.png` });

    // Nothing of the FAQ before the panel opens.
    expect(faqCalls).toEqual([]);
    await button.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: msg(locale, 'support.title') });
    await expect(panel).toBeVisible();

    // The channels, with working links.
    const channels = panel.getByTestId('support-channels');
    await expect(
      channels.getByRole('link', { name: /WhatsApp \+55 \(11\) 90000-1921/ }),
    ).toHaveAttribute('href', 'https://wa.me/5511900001921');
    await expect(channels.getByRole('link', { name: /\+55 \(11\) 3000-1921/ })).toHaveAttribute(
      'href',
      'tel:+551130001921',
    );
    await expect(
      channels.getByRole('link', { name: /atendimento@museuaurora\.example/ }),
    ).toHaveAttribute('href', 'mailto:atendimento@museuaurora.example');
    // Wednesday 10:00 in São Paulo: open until 18:00.
    const time18 = locale === 'en-US' ? '6:00 PM' : '18:00';
    await expect(panel.getByTestId('support-status')).toContainText(
      msg(locale, 'support.status.open', { time: time18 }),
    );

    // The FAQ was loaded now; its search ignores case and accents.
    await expect.poll(() => faqCalls.length).toBe(1);
    const search = panel.getByRole('searchbox', { name: msg(locale, 'support.faq.search') });
    await search.fill(query);
    const results = panel.getByTestId('support-faq-results');
    await expect(results.getByText(question, { exact: true })).toBeVisible();
    await expect(panel.getByTestId('support-faq-status')).toContainText(
      msg(locale, 'support.faq.results', { count: await results.getByRole('listitem').count() }),
    );
    await results.getByText(question, { exact: true }).click();
    await search.fill('xyzzy qwerty');
    await expect(panel.getByTestId('support-faq-status')).toHaveText(
      msg(locale, 'support.faq.none', { query: 'xyzzy qwerty' }),
    );
    await expect(results).toHaveCount(0);
    expect(await axeViolations(page), 'open panel').toEqual([]);
    await page.screenshot({ path: `test-results/support-panel-${locale}.png` });

    // Escape closes it; the focus is back on the button.
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(button).toBeFocused();
    // Its backdrop is gone too: nothing closed stays over the page.
    await expect(page.locator('[data-scope="dialog"][data-part="backdrop"]')).toBeHidden();

    // Monday noon: closed (Mondays), opens tomorrow at 09:00. Reopened, nothing is asked again.
    await page.clock.setFixedTime(MONDAY_NOON);
    await button.click();
    await expect(panel).toBeVisible();
    const time9 = locale === 'en-US' ? '9:00 AM' : '09:00';
    await expect(panel.getByTestId('support-status')).toContainText(
      msg(locale, 'support.status.opensTomorrow', { time: time9 }),
    );
    expect(faqCalls).toHaveLength(1);

    // The contact form, sent from the panel.
    const email = uniqueEmail(`panel-${locale.toLowerCase()}`);
    await field(panel, locale, 'nome').fill('Ana Painel');
    await field(panel, locale, 'email').fill(email);
    await field(panel, locale, 'assunto').fill(assunto);
    await field(panel, locale, 'mensagem').fill('Olá! Uma pergunta pelo painel.');
    await panel.getByRole('button', { name: msg(locale, 'contact.submit') }).click();
    const sent = panel.getByTestId('contact-sent');
    await expect(sent).toBeVisible();
    const protocolo = Number((await sent.textContent())?.match(/\d+/)?.[0]);
    await expect(sent).toHaveText(msg(locale, 'contact.sent', { protocolo, email }));
    await panel.getByRole('button', { name: msg(locale, 'common.close') }).click();
    await expect(panel).toBeHidden();
    await expect(button).toBeFocused();
  });
}

test('the chat-help button stays clear of the event page’s sticky bar (390×844)', async ({
  page,
}) => {
  await page.addLocatorHandler(page.getByTestId('consent-banner'), async () => {
    await page.getByTestId('consent-necessary-only').click();
  });
  await openFirstSession(page, /Visita ao Museu do Aurora/);
  await page
    .getByRole('button', { name: msg('pt-BR', 'product.addOne', { produto: 'Inteira' }) })
    .click();
  const add = page.getByTestId('add-to-cart');
  await expect(add).toBeEnabled();
  const bar = await boxOf(page, 'total-bar');
  const chat = await boxOf(page, 'chat-help');
  expect(overlaps(chat, await boxOf(page, 'add-to-cart'))).toBe(false);
  expect(chat.y + chat.height).toBeLessThanOrEqual(bar.y);
  // What the keyboard focuses scrolls clear of the button and the bar (WCAG 2.4.11): the
  // page's bottom scroll padding covers them, from the button's top down.
  const padding = await page.evaluate(
    () => Number.parseFloat(getComputedStyle(document.documentElement).scrollPaddingBottom) || 0,
  );
  expect(padding).toBeGreaterThanOrEqual(page.viewportSize()!.height - chat.y);
  await page.screenshot({ path: 'test-results/support-button-sticky.png' });
  // Nor over the last time slot, brought into view.
  const last = page.locator('[data-testid^="time-"]').last();
  await last.scrollIntoViewIfNeeded();
  expect(overlaps(await boxOf(page, 'chat-help'), (await last.boundingBox())!)).toBe(false);
});

test('on a phone the cookie banner is compact and the chat-help button waits for it (390×844)', async ({
  page,
}) => {
  await openFirstSession(page, /Visita ao Museu do Aurora/);
  const banner = page.getByTestId('consent-banner');
  await expect(banner).toBeVisible();
  // The banner leaves the page to the page: under a fifth of the screen (its title, a sentence
  // in small type, two small buttons), on the sticky bar.
  const up = await boxOf(page, 'consent-banner');
  expect(up.height).toBeLessThanOrEqual(0.18 * page.viewportSize()!.height);
  // On the bar once it has settled: the bar gives its height to what sits on it as it is drawn
  // (src/lib/bottom-insets.ts), and a loaded machine once measured the frame before (39 px low).
  await expect
    .poll(async () => {
      const banner = await boxOf(page, 'consent-banner');
      return banner.y + banner.height - (await boxOf(page, 'total-bar')).y;
    })
    .toBeLessThanOrEqual(1);
  // The button does not float over the page above the banner: it comes back once answered.
  await expect(page.getByTestId('chat-help')).toBeHidden();
  await page.getByTestId('consent-necessary-only').click();
  await expect(page.getByTestId('chat-help')).toBeVisible();
  expect(overlaps(await boxOf(page, 'chat-help'), await boxOf(page, 'total-bar'))).toBe(false);
});

test('the customer-service target (?atendimento, the footer) opens the panel', async ({ page }) => {
  // Answered first: the panel is a modal dialog, the banner behind it waits until it closes.
  await page.goto('/pt');
  await page.getByTestId('consent-necessary-only').click();
  await page.goto('/pt?atendimento');
  const panel = page.getByRole('dialog', { name: msg('pt-BR', 'support.title') });
  await expect(panel).toBeVisible();
  await expect(page).toHaveURL(/\/pt$/);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  const footerLink = page.getByTestId('footer-support-open');
  await footerLink.click();
  await expect(panel).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(footerLink).toBeFocused();
});

/**
 * The cookie banner, answered before the panel opens: it appears once the page has hydrated,
 * and one that appeared under the open panel could not be reached until the panel closed.
 */
async function answerCookieBanner(page: Page) {
  await page.getByTestId('consent-necessary-only').click();
  await expect(page.getByTestId('consent-banner')).toHaveCount(0);
}

test.describe('a brand with a third-party chat', () => {
  test.use({ baseURL: `http://127.0.0.1:${ACCOUNTS_PORT}` });

  test('its script is asked for only after "Start chat", from its own host', async ({ page }) => {
    const widgetRequests: string[] = [];
    // The one edge mocked: the widget's host (not a real one) answers a tiny script.
    await page.route('https://chat.widget.test/**', async (route) => {
      widgetRequests.push(route.request().url());
      await route.fulfill({
        contentType: 'text/javascript',
        body: 'window.__chatWidgetLoaded = true;',
      });
    });
    const response = await page.goto('/pt');
    await answerCookieBanner(page);
    // The CSP of this brand allows the widget's host.
    expect(response?.headers()['content-security-policy']).toMatch(
      /script-src [^;]*https:\/\/chat\.widget\.test/,
    );
    const button = page.getByRole('button', { name: msg('pt-BR', 'support.button'), exact: true });
    await button.click();
    const panel = page.getByRole('dialog', { name: msg('pt-BR', 'support.title') });
    await expect(panel).toBeVisible();
    const start = panel.getByRole('button', {
      name: msg('pt-BR', 'support.chat.start', { provider: 'Chat Teste' }),
    });
    await expect(start).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(widgetRequests).toEqual([]);
    expect(await page.evaluate(() => '__chatWidgetLoaded' in window)).toBe(false);

    await start.click();
    await expect(panel.getByRole('status').filter({ hasText: 'Chat Teste' })).toHaveText(
      msg('pt-BR', 'support.chat.ready', { provider: 'Chat Teste' }),
    );
    expect(widgetRequests).toEqual(['https://chat.widget.test/loader.js']);
    expect(
      await page.evaluate(() => (window as { __chatWidgetLoaded?: boolean }).__chatWidgetLoaded),
    ).toBe(true);
    expect(await axeViolations(page), 'panel with the chat started').toEqual([]);
  });

  test('a chat that cannot load says so, with a way on', async ({ page }) => {
    await page.route('https://chat.widget.test/**', (route) => route.abort('connectionrefused'));
    await page.goto('/pt');
    await answerCookieBanner(page);
    await page.getByRole('button', { name: msg('pt-BR', 'support.button'), exact: true }).click();
    const panel = page.getByRole('dialog', { name: msg('pt-BR', 'support.title') });
    await panel
      .getByRole('button', { name: msg('pt-BR', 'support.chat.start', { provider: 'Chat Teste' }) })
      .click();
    const failed = panel.getByTestId('support-chat-failed');
    await expect(failed).toContainText(msg('pt-BR', 'support.chat.failed'));
    await expect(failed.getByRole('button', { name: msg('pt-BR', 'common.retry') })).toBeVisible();
  });
});

test.describe('on a desktop screen', () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

  test('the button shows its word; the panel opens at the side and hides the button', async ({
    page,
  }) => {
    await page.goto('/pt');
    await page.getByTestId('consent-necessary-only').click();
    const button = page.getByRole('button', { name: msg('pt-BR', 'support.button'), exact: true });
    await expect(button).toHaveText(msg('pt-BR', 'support.buttonShort'));
    await page.screenshot({ path: 'test-results/support-button-desktop.png' });
    await button.click();
    const panel = page.getByRole('dialog', { name: msg('pt-BR', 'support.title') });
    await expect(panel).toBeVisible();
    // At the right edge once slid in, narrower than half the screen.
    await expect
      .poll(async () => {
        const box = await panel.boundingBox();
        return box ? Math.round(box.x + box.width) : null;
      })
      .toBe(1280);
    expect((await panel.boundingBox())!.width).toBeLessThan(640);
    // Under the panel, the button would float over it.
    await expect(button).toBeHidden();
    await page.screenshot({ path: 'test-results/support-panel-desktop.png' });
    await page.keyboard.press('Escape');
    await expect(button).toBeFocused();
  });
});
