import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  collectProblems,
  heldOrderByApi,
  installCommitProbe,
  logInWithModal,
  msg,
  newPerson,
  readCommits,
  sessionByApi,
  styleComponentsInside,
  styledInside,
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
for (const path of ['/', '/pt', '/pt/produto/1']) {
  test(`hydration keeps the server's page at ${path} (nothing is drawn again)`, async ({
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
  });
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`at ${viewport.width} px the header's height is in the page's CSS: no script sets it`, async ({
    page,
  }) => {
    // A variable a script sets on the document restyles the whole page (in the middle of
    // hydration): the page's CSS states the header's height (frame-sizes.ts HEADER_HEIGHT), so
    // the header, measuring itself, finds nothing to set.
    await page.setViewportSize(viewport);
    await page.goto('/pt');
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    const { header, stated, inline } = await page.evaluate(() => ({
      header: Math.round(document.querySelector('header')!.getBoundingClientRect().height),
      stated: getComputedStyle(document.documentElement).getPropertyValue('--header-height').trim(),
      inline: document.documentElement.style.getPropertyValue('--header-height'),
    }));
    expect(stated).toBe(`${header}px`);
    expect(inline).toBe('');
    // Made taller (a longer label, a larger logo), the header sets its height after all.
    await page.locator('header').evaluate((el) => {
      el.style.paddingTop = '20px';
    });
    await expect
      .poll(() =>
        page.evaluate(() => document.documentElement.style.getPropertyValue('--header-height')),
      )
      .toBe(`${header + 20}px`);
  });
}

for (const path of ['/pt', '/pt/produto/1', '/pt/informacoes/privacidade']) {
  test(`after hydrating ${path}, nothing renders the page again`, async ({ page }) => {
    // React reports each commit to the developer tools' hook: count the components each commit
    // after hydration rendered again. A store whose browser value was a new object equal to the
    // server's, or a title set by the page, used to render the whole page once more in one
    // piece, on the main thread, just as the visitor starts to use it.
    await installCommitProbe(page);
    await page.goto(path);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
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

test('a rendered event page hydrates without asking the catalogue again and works', async ({
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

  // Hydrated: picking a time asks for its products and shows them.
  const produtos = page.waitForResponse((r) => r.url().includes('method=getProdutos'));
  await page.locator('[data-testid^="time-"]:not([disabled])').first().click();
  await produtos;
  await expect(
    page.getByRole('heading', { name: msg('pt-BR', 'product.chooseTickets') }),
  ).toBeVisible();
  expect(problems).toEqual([]);
});

test('the formatting library is readied on a worker of its own, which then ends', async ({
  page,
}) => {
  // The first date or price formatter of a page costs Chromium ~50–100 ms (its ICU library set
  // up once per process): a worker started by the page's entry pays it while the code loads
  // (src/lib/intl-warm.ts), not hydration on the main thread. The page's policy (CSP) allows it.
  const problems = collectProblems(page);
  const workers: { url: string; closed: boolean }[] = [];
  page.on('worker', (w) => {
    const seen = { url: w.url(), closed: false };
    workers.push(seen);
    w.on('close', () => {
      seen.closed = true;
    });
  });
  await page.goto('/es');
  await expect
    .poll(() => workers.filter((w) => w.url.includes('intl-warm')))
    .toEqual([{ url: expect.stringMatching(/\/assets\/intl-warm[^/]*\.js$/), closed: true }]);
  await expect(
    page
      .getByRole('main')
      .getByText(/R\$\s?\d+,\d{2}/)
      .first(),
  ).toBeVisible();
  expect(problems).toEqual([]);
});

test("an event page's days and times are plain buttons, styled once by their list", async ({
  page,
}) => {
  // A Chakra Button per day (51 in the demo) and per time each resolved the same styles as the
  // page hydrated: 75 of the event page's 117 style components. Their two looks (picked, not
  // picked) are class sets (src/lib/class-sets.tsx): resolved by the server, hydrated as written.
  await page.goto('/pt/produto/1');
  const row = page.getByRole('radiogroup');
  const days = row.locator('[data-testid^="date-"]');
  const times = page.locator('ul[role=list]').filter({ has: page.locator('[data-testid^=time-]') });
  expect(await days.count()).toBeGreaterThan(20);
  // At least one time (late in the day, the first day may have a single time left).
  expect(await times.getByRole('button').count()).toBeGreaterThan(0);
  expect(await styleComponentsInside(row)).toBe(0);
  expect(await styleComponentsInside(times)).toBe(0);
  expect(await styledInside(days)).toBe(0);
  // Two looks: every day not picked shares one class, the picked day has the other; a picked day
  // is filled, the others are outlined, as Chakra's solid and outline buttons.
  const looks = await days.evaluateAll((all) =>
    all.map((el) => {
      const s = getComputedStyle(el);
      return {
        picked: el.getAttribute('aria-checked') === 'true',
        className: el.className,
        background: s.backgroundColor,
        border: s.borderTopWidth,
      };
    }),
  );
  const unpicked = looks.filter((l) => !l.picked);
  const picked = looks.filter((l) => l.picked);
  expect(picked).toHaveLength(1);
  expect(new Set(unpicked.map((l) => l.className)).size).toBe(1);
  expect(picked[0]?.className).not.toBe(unpicked[0]?.className);
  expect(picked[0]?.background).not.toBe(unpicked[0]?.background);
  expect(unpicked[0]?.border).toBe('1px');
  // What the parts look like: the day's number large and bold, the full date for screen readers.
  const day = days.first();
  const number = await day.locator('[data-day-part=day]').evaluate((el) => {
    const s = getComputedStyle(el);
    return { weight: Number(s.fontWeight), size: Number.parseFloat(s.fontSize) };
  });
  expect(number.weight).toBeGreaterThanOrEqual(700);
  expect(number.size).toBeGreaterThanOrEqual(20);
  const hidden = await day
    .locator('[data-day-part=full]')
    .evaluate((el) => el.getBoundingClientRect().width <= 1);
  expect(hidden).toBe(true);
  await expect(day).toHaveAccessibleName(/, [^,]+, \d{1,2} de \S+ de \d{4}$/u);
  // A time: bold tabular digits, then its seats; its name reads "12:00, 170 vagas" (Chromium
  // puts a space before the hidden comma, as it did with Chakra's VisuallyHidden).
  const time = times.getByRole('button').first();
  await expect(time).toHaveAccessibleName(/^\d{2}:\d{2} ?, \d+ vagas$/u);
  const digits = await time
    .locator('[data-time-part=time]')
    .evaluate((el) => [getComputedStyle(el).fontWeight, getComputedStyle(el).fontVariantNumeric]);
  expect(digits).toEqual(['700', 'tabular-nums']);
  // Picking a time still works: the button says so and takes the picked look (the page was
  // rendered with no time picked, and carries that look all the same), and the tickets show.
  const background = (el: Element) => getComputedStyle(el).backgroundColor;
  const unpickedTime = await time.evaluate(background);
  await time.click();
  await expect(time).toHaveAttribute('aria-pressed', 'true');
  await page.mouse.move(0, 0);
  // (Polled: the button's colours change in a transition.)
  await expect.poll(() => time.evaluate(background)).toBe(picked[0]?.background);
  expect(unpickedTime).not.toBe(picked[0]?.background);
  await expect(
    page.getByRole('heading', { name: msg('pt-BR', 'product.chooseTickets') }),
  ).toBeVisible();
});

test("an event page's first view hydrates without a style component: header, sections, total bar", async ({
  page,
}) => {
  // The event's header, the sections' columns and headings, the hints and the total bar (its
  // Box, Flex, Texts and Button) were 26 style components, each resolving its styles as the page
  // hydrated; they are class sets the server resolved, hydrated as written.
  await page.goto('/pt/produto/1');
  await expect(page.getByTestId('pick-time-hint')).toBeVisible();
  expect(await styleComponentsInside(page.locator('main'))).toBe(0);
  const sets = JSON.parse((await page.locator('#class-sets').textContent()) ?? '{}') as Record<
    string,
    Record<string, string>
  >;
  expect(await page.getByTestId('event-title').getAttribute('class')).toContain(
    sets['event-page']?.title,
  );
  // Its looks: the bar sticks to the screen's bottom; the add button, disabled until a ticket is
  // chosen, is Chakra's solid button (the brand's colour, dimmed).
  const bar = page.getByTestId('total-bar');
  expect(await bar.evaluate((el) => getComputedStyle(el).position)).toBe('sticky');
  const add = page.getByTestId('add-to-cart');
  await expect(add).toBeDisabled();
  const look = await add.evaluate((el) => {
    const s = getComputedStyle(el);
    return { opacity: s.opacity, cursor: s.cursor, background: s.backgroundColor };
  });
  expect(Number(look.opacity)).toBeLessThan(1);
  expect(look.background).not.toBe('rgba(0, 0, 0, 0)');
});

test("the add button takes Chakra's loading look while the hold is asked", async ({
  page,
  baseURL,
}) => {
  await useSession(page, await sessionByApi(page.request, baseURL!, newPerson('add-loading')));
  // The hold is never answered: the button stays in its loading look.
  await page.route(/method=iniciarReserva/, () => {});
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
  // As Chakra's Button with `loading`: disabled, marked, a spinner centred over the label, which
  // keeps the button's width but is not seen.
  await expect(add).toBeDisabled();
  await expect(add).toHaveAttribute('data-loading', '');
  const spinner = add.locator('.chakra-spinner');
  await expect(spinner).toBeVisible();
  const look = await add.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const spin = (el.querySelector('.chakra-spinner') as Element).getBoundingClientRect();
    const label = el.querySelector('.chakra-spinner')?.parentElement?.nextElementSibling as Element;
    return {
      centred:
        Math.abs(spin.left + spin.width / 2 - (box.left + box.width / 2)) <= 1 &&
        Math.abs(spin.top + spin.height / 2 - (box.top + box.height / 2)) <= 1,
      label: getComputedStyle(label).visibility,
      text: label.textContent,
    };
  });
  expect(look).toEqual({
    centred: true,
    label: 'hidden',
    text: msg('pt-BR', 'product.addToCart'),
  });
});

test("the home page's event cards are styled by the card: one styled element each", async ({
  page,
}) => {
  // ~12 Chakra components per card (image, badge, body, heading, overlay link, icon, texts)
  // each resolved its styles as the home page hydrated.
  await page.goto('/pt');
  const cards = page.getByTestId('event-card');
  expect(await cards.count()).toBeGreaterThan(1);
  expect(await styledInside(cards)).toBe(0);
  // The cards' roots (a LinkBox and a Card's root each) are a class set too, as the rest of the
  // page (the hero, the list, their headings and texts): React renders no style component in the
  // page's main part.
  expect(await styleComponentsInside(page.locator('main'))).toBe(0);
  // The card is still one link, named by the event, that covers the whole card.
  const card = cards.first();
  const link = card.getByRole('link');
  await expect(link).toHaveCount(1);
  const covers = await card.evaluate((el) => {
    el.scrollIntoView({ block: 'center' });
    const box = el.getBoundingClientRect();
    const a = el.querySelector('a') as HTMLAnchorElement;
    const cover = getComputedStyle(a, '::before');
    const [x, y] = [box.left + box.width / 2, box.bottom - 4];
    const hit = document.elementFromPoint(x, y);
    return { position: cover.position, hitIsLink: hit === a || (hit !== null && a.contains(hit)) };
  });
  expect(covers).toEqual({ position: 'absolute', hitIsLink: true });
});

test("the not-found page's texts and its way home are plain elements, styled by class sets", async ({
  page,
}) => {
  // Its column of texts (a VStack) and its link home (a Button as a link) are class sets; the
  // notice's box, title and sentence are still Chakra's EmptyState (4 style components).
  for (const path of ['/pt/nada', '/pt/produto/999999']) {
    const res = await page.goto(path);
    expect(res?.status()).toBe(404);
    const notFound = page.getByTestId('not-found');
    await expect(notFound.getByRole('heading', { level: 1 })).toHaveText(
      msg('pt-BR', 'page.notFound.title'),
    );
    // Counted once hydrated (until then, the page's part of the tree is the server's: none).
    await expect.poll(() => styleComponentsInside(page.locator('main'))).toBe(4);
    // The way home looks like a button (solid, 40 px high) and still leads home.
    const home = notFound.getByRole('link', { name: msg('pt-BR', 'common.backHome') });
    const look = await home.evaluate((el) => ({
      height: el.getBoundingClientRect().height,
      filled: getComputedStyle(el).backgroundColor !== 'rgba(0, 0, 0, 0)',
    }));
    expect(look).toEqual({ height: 40, filled: true });
    await home.click();
    await expect(page).toHaveURL(/\/pt$/);
  }
});

test("the header and the footer are styled by themselves; the footer's focus ring shows on its background", async ({
  page,
}) => {
  // On every page: as Chakra components its ~45 parts each resolved their styles as the page
  // hydrated (a third of the home page's styled elements). Its newsletter form keeps its own
  // classes.
  await page.goto('/pt');
  const footer = page.getByRole('contentinfo');
  expect(await styledInside(footer, '[data-footer=newsletter]')).toBe(0);
  // The header likewise but for its buttons (currency, cart, account), which carry a class each.
  expect(await styledInside(page.locator('header'), 'button, .chakra-button')).toBe(0);
  // Neither renders a style component as the page hydrates, nor does the chat-help button: the
  // frame (its buttons, the newsletter's sign-up included) is class sets the server resolved.
  expect(await styleComponentsInside(page.locator('header'))).toBe(0);
  expect(await styleComponentsInside(footer)).toBe(0);
  expect(await styleComponentsInside(page.getByTestId('chat-help'))).toBe(0);
  // …and the page's HTML carries their classes (hydrated as written, not resolved again).
  const sets = JSON.parse((await page.locator('#class-sets').textContent()) ?? '{}') as Record<
    string,
    Record<string, string>
  >;
  expect(Object.keys(sets)).toEqual(
    expect.arrayContaining(['header', 'footer', 'newsletter', 'login-button', 'cart-link']),
  );
  expect(await page.getByTestId('login-button').getAttribute('class')).toContain(
    sets['login-button']?.button,
  );
  // Its look: headings in the heading font's semibold, each contact a row with its icon.
  const looks = await footer.evaluate((el) => {
    const h2 = getComputedStyle(el.querySelector('nav h2') as Element);
    const row = getComputedStyle(el.querySelector('[data-footer=contact]') as Element);
    const icon = (el.querySelector('[data-glyph]') as Element).getBoundingClientRect();
    return { weight: h2.fontWeight, row: row.flexDirection, icon: [icon.width, icon.height] };
  });
  expect(looks).toEqual({ weight: '600', row: 'row', icon: [16, 16] });
  // A link focused from the keyboard has its ring in the footer's own colour: the brand's focus
  // colour is the footer's background (the ring was invisible there).
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
      width: s.outlineWidth,
      contrast: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05),
    };
  });
  expect(ring).toMatchObject({ inFooter: true, style: 'solid', width: '2px' });
  expect(ring.contrast).toBeGreaterThanOrEqual(3);
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

test('a first visit to the checkout asks for its cart before its code, and once', async ({
  page,
  baseURL,
}) => {
  // A person holding a ticket (held through the API) opens the checkout straight away.
  await useSession(page, (await heldOrderByApi(page.request, baseURL!, 'prefetch')).session);
  // React tells the developer tools' hook of each commit: the first is hydration's.
  await installCommitProbe(page);
  const calls: string[] = [];
  page.on('request', (r) => {
    const method = new URL(r.url()).searchParams.get('method');
    if (method) calls.push(method);
  });
  await page.goto('/pt/checkout');
  await expect(page.getByTestId('pay-button')).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The checkout's own calls took the answers asked for early: none is asked twice.
  expect(calls.filter((m) => m === 'getCarrinhoPage')).toHaveLength(1);
  expect(calls.filter((m) => m === 'getCarrinhoPageItens')).toHaveLength(1);
  const [asked, codeAsked] = await page.evaluate(() => {
    const entries = performance.getEntriesByType('resource');
    return [
      entries.find((e) => new URL(e.name).searchParams.get('method') === 'getCarrinhoPage')
        ?.startTime,
      entries.find((e) => /\/assets\/main-[\w-]+\.js$/.test(new URL(e.name).pathname))?.startTime,
    ];
  });
  // Asked by the page's entry as it runs, before the storefront's code is even asked for.
  expect(codeAsked).toBeDefined();
  expect(asked ?? Infinity).toBeLessThan(codeAsked ?? 0);
  const hydrated = (await readCommits(page)).firstCommit;
  // Asked before the page was hydrated: the checkout's machine, which starts after, would ask
  // only then.
  expect(asked).toBeDefined();
  expect(hydrated).toBeDefined();
  expect(asked ?? Infinity).toBeLessThan(hydrated ?? 0);
});

test("a first visit to the checkout asks for the checkout's code with the storefront's, not after it", async ({
  page,
  baseURL,
}) => {
  await useSession(page, (await heldOrderByApi(page.request, baseURL!, 'prefetch')).session);
  // The storefront's main file is held back: only the entry can ask for anything meanwhile.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/main-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const asked = (file: RegExp) =>
    page.waitForRequest((r) => file.test(new URL(r.url()).pathname), { timeout: 15_000 });
  const checkoutCode = asked(/\/assets\/checkout-[\w-]+\.js$/);
  // The first visit's texts, which hold the checkout's first view's; not the file of every text
  // (17 KiB gzip), which its sections below ask for once the items are painted.
  const firstTexts = asked(/\/assets\/texts-pt-BR-[\w-]+\.js$/);
  const allTextsAsked: string[] = [];
  page.on('request', (r) => {
    if (/\/assets\/pt-BR-[\w-]+\.js$/.test(new URL(r.url()).pathname)) allTextsAsked.push(r.url());
  });
  await page.goto('/pt/checkout', { waitUntil: 'commit' });
  // Asked for while main is still held (before, main's code asked for them, adding the page's
  // ~40 module preloads in one task).
  await Promise.all([checkoutCode, firstTexts]);
  expect(allTextsAsked).toEqual([]);
  release();
  await expect(page.getByTestId('pay-button')).toBeVisible();
  // Each of its files once: the loader found the entry's preloads.
  const files = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => new URL(e.name).pathname)
      .filter((p) => p.startsWith('/assets/')),
  );
  expect(files.length).toBeGreaterThan(20);
  expect(files.length).toBe(new Set(files).size);
});

test('the checkout paints its items first; the sections below (holders, delivery, payment) come after, without moving them', async ({
  page,
  baseURL,
}) => {
  const problems = collectProblems(page);
  await useSession(page, (await heldOrderByApi(page.request, baseURL!, 'items-first')).session);
  // The sections' code is held back: the items must be painted without it.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const sectionsAsked = page.waitForRequest((r) =>
    /\/assets\/checkout-sections-[\w-]+\.js$/.test(new URL(r.url()).pathname),
  );
  await page.route(/\/assets\/checkout-sections-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/pt/checkout');
  const items = page.getByRole('region', { name: msg('pt-BR', 'checkout.yourTickets') });
  await expect(items.getByText('Visita ao Museu do Aurora')).toBeVisible();
  // Asked for once the items were painted, not with the page's code.
  await sectionsAsked;
  const before = await items.boundingBox();
  await expect(page.getByTestId('pay-button')).toHaveCount(0);
  // Meanwhile the screen below the items is held: the footer stays out of it.
  const footerTop = await page.locator('footer').evaluate((f) => f.getBoundingClientRect().top);
  expect(footerTop).toBeGreaterThan(await page.evaluate(() => window.innerHeight));

  release();
  await expect(page.getByTestId('pay-button')).toBeVisible();
  expect(await items.boundingBox()).toEqual(before);
  expect(problems).toEqual([]);
});

test.describe('a first visit with no cookie choice stored', () => {
  test.use({ cookieChoice: null });

  test("what the checkout's first view does not need waits until its items are on screen: the payment's gateway, the header's count, the HTTP library, the cookie banner", async ({
    page,
    baseURL,
  }) => {
    await useSession(page, (await heldOrderByApi(page.request, baseURL!, 'seen-first')).session);
    // When the items' heading was presented (Element Timing: the frame on screen, not the task
    // that painted it). The heading is marked for it as it is inserted, before its first paint,
    // unless the page marked it already.
    await page.addInitScript(() => {
      new MutationObserver(() => {
        const heading = document.getElementById('cart-heading');
        if (heading && !heading.hasAttribute('elementtiming')) {
          heading.setAttribute('elementtiming', 'items-seen');
        }
      }).observe(document, { childList: true, subtree: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          if (
            (entry as PerformanceEntry & { element: Element | null }).element?.id === 'cart-heading'
          ) {
            (window as unknown as { itemsSeen: number }).itemsSeen = entry.startTime;
          }
        }
      }).observe({ type: 'element', buffered: true });
    });
    await page.goto('/pt/checkout');
    // No choice of cookies stored: the banner shows, after the items.
    await expect(page.getByRole('region', { name: msg('pt-BR', 'consent.title') })).toBeVisible();
    await expect(page.getByTestId('pay-button')).toBeVisible();
    await page.waitForLoadState('networkidle');
    const { seen, asked } = await page.evaluate(() => {
      const entries = performance.getEntriesByType('resource');
      const first = (test: (url: URL) => boolean) =>
        entries.find((e) => test(new URL(e.name)))?.startTime ?? null;
      const method = (name: string) => (url: URL) => url.searchParams.get('method') === name;
      const file = (pattern: RegExp) => (url: URL) => pattern.test(url.pathname);
      return {
        seen: (window as unknown as { itemsSeen?: number }).itemsSeen ?? null,
        asked: {
          gateway: first(method('getGatewayPagamento')),
          headerCount: first(method('getCarrinhoQtdReservados')),
          // ky (its package's folder names the chunk).
          httpLibrary: first(file(/\/assets\/distribution-[\w-]+\.js$/)),
          cookieBanner: first(file(/\/assets\/consent-banner-[\w-]+\.js$/)),
        },
      };
    });
    expect(seen).not.toBeNull();
    for (const [what, at] of Object.entries(asked)) {
      expect(at, `${what} asked for`).not.toBeNull();
      expect(at ?? 0, `${what} asked for after the items were seen`).toBeGreaterThanOrEqual(
        seen ?? Infinity,
      );
    }
  });
});

test("the checkout's first view needs neither the style system nor every text: with both held back, its items, countdown and notices show, whole", async ({
  page,
  baseURL,
}) => {
  const problems = collectProblems(page);
  await useSession(page, (await heldOrderByApi(page.request, baseURL!, 'plain-checkout')).session);
  // The style system's code (Chakra, emotion, the theme) and the language's file of every text
  // are held back: the first view must be drawn without them, from the class sets of the
  // checkout's server frame and the first visit's texts.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/(style-system-[\w-]+|pt-BR-[\w-]+)\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/pt/checkout');
  const items = page.getByRole('region', { name: msg('pt-BR', 'checkout.yourTickets') });
  await expect(items.getByText('Visita ao Museu do Aurora')).toBeVisible();
  await expect(
    page.getByRole('heading', { name: msg('pt-BR', 'page.checkout.title') }),
  ).toBeVisible();
  await expect(page.getByText(msg('pt-BR', 'cart.timeLeft'))).toBeVisible();
  await expect(page.getByTestId('countdown')).toHaveText(/^\d\d:\d\d$/);
  await expect(page.getByTestId('cart-total')).toHaveText(/R\$\s*\d/);
  await expect(page.getByTestId('coupon-open')).toHaveText(msg('pt-BR', 'coupon.open'));
  expect(await styleComponentsInside(page.locator('main'))).toBe(0);
  const sets = JSON.parse((await page.locator('#class-sets').textContent()) ?? '{}') as Record<
    string,
    Record<string, string>
  >;
  expect(await items.getAttribute('class')).toContain(sets['checkout-page']?.box);
  // Their looks: the items' box is a bordered card; the remove button, Chakra's outline button
  // in red, is enabled.
  const box = await items.evaluate((el) => {
    const s = getComputedStyle(el);
    return { radius: Number.parseFloat(s.borderTopLeftRadius), border: s.borderTopWidth };
  });
  expect(box.radius).toBeGreaterThan(0);
  expect(box.border).toBe('1px');
  const remove = items.getByRole('button', {
    name: msg('pt-BR', 'cart.removeOneAria', { produto: 'Inteira' }),
  });
  await expect(remove).toBeEnabled();
  const removeColor = await remove.evaluate((el) => getComputedStyle(el).color);
  const [r, g, b] = (removeColor.match(/\d+/g) ?? []).map(Number);
  expect(r).toBeGreaterThan((g ?? 0) + 60);
  expect(r).toBeGreaterThan((b ?? 0) + 60);
  const shown = await items.innerText();
  await expect(page.getByTestId('pay-button')).toHaveCount(0);

  // Released, the sections below (Chakra's) come; the items were whole: no text of theirs was
  // missing (it would have rendered empty, and now show).
  release();
  await expect(page.getByTestId('pay-button')).toBeVisible();
  expect(await items.innerText()).toBe(shown);
  expect(problems).toEqual([]);
});

test("the hold's changes render the checkout, not the page's frame", async ({ page, baseURL }) => {
  // Each change of the hold (here: loaded, then held) bumps the cart's version, which the
  // header's count follows. It used to render the whole frame again with the checkout (header,
  // footer: ~200 ms in one piece on a mid-range phone as the hold arrived), because the frame's
  // cart hand-over followed it too.
  const held = await heldOrderByApi(page.request, baseURL!, 'frame');
  await useSession(page, held.session);
  await installCommitProbe(page);
  await page.goto('/pt/checkout');
  await expect(page.getByTestId('pay-button')).toBeEnabled();
  await page.waitForLoadState('networkidle');
  const { commits } = await readCommits(page);
  // The probe saw the checkout's changes render (how many depends on how soon the cart and the
  // code arrive: its items may mount at once); the footer never rendered again.
  expect(Math.max(...commits.map((c) => c.components))).toBeGreaterThan(10);
  expect(commits.filter((c) => c.inFooter > 0)).toEqual([]);
});

test.describe('the texts of a first visit', () => {
  // A first visit: the cookie banner shows, as it does for every newcomer.
  test.use({ cookieChoice: null });

  test('home and an event page come with their own texts; a tap on Entrar brings the rest', async ({
    page,
  }) => {
    const problems = collectProblems(page);
    const texts: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (/^\/assets\/(texts-)?(pt-BR|es-ES|en-US)-/.test(path)) texts.push(path);
    });
    await page.goto('/pt/produto/1');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Visita ao Museu do Aurora');
    await expect(page.getByText(msg('pt-BR', 'consent.title'))).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.goto('/pt');
    await page.waitForLoadState('networkidle');
    // Only the first visit's texts: a text of these pages missing from them would have asked
    // for every text (src/lib/locale.ts).
    expect(texts.length).toBeGreaterThan(0);
    expect(texts.filter((t) => !t.startsWith('/assets/texts-pt-BR-'))).toEqual([]);

    await page.getByTestId('login-button').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(msg('pt-BR', 'login.intro'))).toBeVisible();
    await expect(dialog.getByLabel(msg('pt-BR', 'login.password'))).toBeVisible();
    expect(texts.filter((t) => t.startsWith('/assets/pt-BR-'))).toHaveLength(1);
    expect(problems).toEqual([]);
  });

  test("the styles made in the browser (a dialog's) are style elements' text, not rules inserted into a sheet", async ({
    page,
  }) => {
    // Chromium lays out the whole page again after a rule is inserted into a sheet in @layer or
    // @media (src/lib/style-system-load.tsx: emotion's speedy: false); a style element of its
    // own is only added.
    await page.goto('/pt/produto/1');
    await expect(page.locator('html')).toHaveAttribute('data-ready', '');
    await page.getByTestId('login-button').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(msg('pt-BR', 'login.intro'))).toBeVisible();
    const own = await page.evaluate(() => {
      const sheets = [...document.querySelectorAll<HTMLStyleElement>('style[data-emotion]')];
      const text = sheets.map((s) => s.textContent ?? '').join('\n');
      const classes = [...(document.querySelector('[role="dialog"]')?.classList ?? [])];
      return {
        // Every rule of emotion's sheets is in its element's text (none inserted through the CSSOM).
        inserted: sheets.filter(
          (s) => (s.sheet?.cssRules.length ?? 0) > 0 && !s.textContent?.trim(),
        ).length,
        dialogStyled: classes.some((c) => c.startsWith('css-') && text.includes(`.${c}`)),
      };
    });
    expect(own).toEqual({ inserted: 0, dialogStyled: true });
  });

  /**
   * The addresses of the page's scripts so far that carry Chakra: its components and its system
   * all go through its context's error message; the storefront's own code never says it.
   */
  function watchChakraScripts(page: Page): () => Promise<string[]> {
    const scripts = new Set<string>();
    page.on('response', (r) => {
      if (new URL(r.url()).pathname.endsWith('.js')) scripts.add(r.url());
    });
    return async () => {
      const found: string[] = [];
      for (const url of scripts) {
        const text = await (await page.request.get(url)).text();
        if (text.includes('forgot to wrap component within')) found.push(new URL(url).pathname);
      }
      return found;
    };
  }

  test('the first view of home and an event page runs no style system; the first tap loads it', async ({
    page,
  }) => {
    const problems = collectProblems(page);
    const chakraScripts = watchChakraScripts(page);
    for (const path of ['/pt', '/pt/produto/1']) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('data-ready', '');
      // The cookie banner of a first visit too: its classes are in every page.
      await expect(page.getByTestId('consent-banner')).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await chakraScripts()).toEqual([]);
    }
    // A tap (another day) loads it, ahead of what a tap may open; the page goes on working:
    // the products of a time (Chakra components) show with their steppers.
    await page.locator('[data-testid^="date-"]').nth(1).click();
    await page.waitForLoadState('networkidle');
    expect((await chakraScripts()).length).toBeGreaterThan(0);
    await page.locator('[data-testid^="time-"]:not([disabled])').first().click();
    await page
      .getByRole('button', { name: msg('pt-BR', 'product.addOne', { produto: 'Inteira' }) })
      .click();
    await expect(page.getByTestId('selection-total')).not.toHaveText(/0,00/);
    expect(problems).toEqual([]);
  });

  test("a logged-in visitor's first view runs no style system either; the greeting opens its menu by click and by keyboard", async ({
    page,
    baseURL,
  }) => {
    const problems = collectProblems(page);
    const chakraScripts = watchChakraScripts(page);
    const who = newPerson('menu-intent');
    await useSession(page, await sessionByApi(page.request, baseURL!, who));
    const greeting = page.getByTestId('account-menu');
    const logout = page.getByRole('menuitem', { name: msg('pt-BR', 'header.logout') });

    // A click on the greeting before its menu is here opens the menu as it arrives.
    await page.goto('/pt/produto/1');
    await expect(greeting).toHaveText(msg('pt-BR', 'header.greeting', { nome: 'Ana' }));
    // Announced as the menu button it becomes.
    await expect(greeting).toHaveAttribute('aria-haspopup', 'menu');
    await expect(greeting).toHaveAttribute('aria-expanded', 'false');
    await page.waitForLoadState('networkidle');
    expect(await chakraScripts()).toEqual([]);
    await greeting.click();
    await expect(logout).toBeVisible();
    await expect(greeting).toHaveAttribute('aria-expanded', 'true');
    expect((await chakraScripts()).length).toBeGreaterThan(0);

    // By keyboard: Enter on the greeting opens the menu with the focus in it; Escape closes it
    // and gives the focus back to the greeting.
    await page.goto('/pt');
    await expect(greeting).toBeVisible();
    await greeting.focus();
    await page.keyboard.press('Enter');
    await expect(logout).toBeVisible();
    await expect(page.getByTestId('account-menu-content')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(logout).toBeHidden();
    await expect(greeting).toBeFocused();

    // Focus alone loads it; the focus stays on the greeting as the menu replaces it, and the
    // menu's own keys work.
    await page.goto('/pt');
    await greeting.focus();
    await expect(greeting).toHaveClass(/chakra-menu__trigger/);
    await expect(greeting).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByTestId('account-menu-content')).toBeFocused();
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
