import type { Locale } from '../../schemas/contract';
import { expect, type Page, test } from './fixtures';
import { field, msg, uniqueEmail } from './support';

// The contact form (issue 14 item 1) on the server with the development mailbox: the message is
// sent from the page and its acknowledgement shows in the mailbox in the sender's language.

const cases: { locale: Locale; open: string; assunto: string }[] = [
  { locale: 'pt-BR', open: '/pt', assunto: 'Visita em grupo' },
  { locale: 'en-US', open: '/en/contact', assunto: 'Group visit' },
];

for (const { locale, open, assunto } of cases) {
  test(`sends a message and gets the acknowledgement (${locale})`, async ({ page }) => {
    const email = uniqueEmail(`contact-${locale.toLowerCase()}`);
    const release = open === '/pt' ? undefined : await holdFormCode(page);
    await page.goto(open);
    if (open === '/pt') {
      // From the footer's link, a page of its own: /pt/contato.
      await page.getByTestId('footer-contact').click();
      await expect(page).toHaveURL(/\/pt\/contato$/);
    }
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      msg(locale, 'page.contact.title'),
    );
    const form = page.getByRole('main');
    await field(form, locale, 'nome').fill('Ana Teste');
    // The name was typed before the form's code ran (held back on the first visit straight to
    // the page): the form hydrates with it, and it is sent (it used to empty on submit).
    await release?.();

    // The submit without a message shows the form's own error beside the field. The page's
    // own form: the footer's newsletter (loaded once the footer was in view) has an e-mail too.
    await field(form, locale, 'email').fill(email);
    await field(form, locale, 'assunto').fill(assunto);
    await page.getByRole('button', { name: msg(locale, 'contact.submit') }).click();
    await expect(page.getByText(msg(locale, 'form.error.required'))).toHaveCount(1);
    await expect(field(form, locale, 'nome')).toHaveValue('Ana Teste');

    await field(form, locale, 'mensagem').fill('Olá!\nSomos 30 alunos.');
    await page.getByRole('button', { name: msg(locale, 'contact.submit') }).click();
    const sent = page.getByTestId('contact-sent');
    await expect(sent).toBeVisible();
    const protocolo = Number((await sent.textContent())?.match(/\d+/)?.[0]);
    await expect(sent).toHaveText(msg(locale, 'contact.sent', { protocolo, email }));

    // The mailbox holds the acknowledgement, in the page's language.
    const subject = msg(locale, 'mail.contact_ack.subject', { protocolo, brand: '' });
    await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
    const row = page.getByRole('row').filter({ hasText: 'contact_ack' });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(subject.split(' — ')[0]!);
    await row.getByRole('link').first().click();
    await expect(page.getByText('Somos 30 alunos.').first()).toBeVisible();
  });
}

/**
 * Holds the form's code (RJSF and the widgets) back until the returned function is called: the
 * server's page shows the form, and what is typed meanwhile is typed before hydration.
 */
async function holdFormCode(page: Page): Promise<() => Promise<void>> {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  let held = false;
  await page.route(/\/assets\/schema-form-impl-[^/]+\.js$/, async (route) => {
    held = true;
    await gate;
    await route.continue();
  });
  return async () => {
    expect(held, 'the form code was asked for while held').toBe(true);
    open();
    await expect(page.locator('form[id^="form-"] input').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
  };
}
