import { DEV_PAGES_PORT } from '../../playwright.config';
import type { Locale } from '../../schemas/contract';
import { expect, test } from './fixtures';
import { field, msg, uniqueEmail } from './support';

// The contact form (issue 14 item 1) on the server with the development mailbox: the message is
// sent from the page and its acknowledgement shows in the mailbox in the sender's language.
const DEV = `http://127.0.0.1:${DEV_PAGES_PORT}`;
test.use({ baseURL: DEV });

const cases: { locale: Locale; open: string; assunto: string }[] = [
  { locale: 'pt-BR', open: '/pt', assunto: 'Visita em grupo' },
  { locale: 'en-US', open: '/en/contact', assunto: 'Group visit' },
];

for (const { locale, open, assunto } of cases) {
  test(`sends a message and gets the acknowledgement (${locale})`, async ({ page }) => {
    const email = uniqueEmail(`contact-${locale.toLowerCase()}`);
    await page.goto(open);
    if (open === '/pt') {
      // From the footer's link, a page of its own: /pt/contato.
      await page.getByTestId('footer-contact').click();
      await expect(page).toHaveURL(/\/pt\/contato$/);
    }
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      msg(locale, 'page.contact.title'),
    );
    // Everything the page loads has arrived: on a first visit straight to this page, a name typed
    // at once was sometimes lost as the form finished loading (in about one run of three; see
    // the open issue's note).
    await page.waitForLoadState('networkidle');

    // The submit without a message shows the form's own error beside the field. The page's
    // own form: the footer's newsletter (loaded once the footer was in view) has an e-mail too.
    const form = page.getByRole('main');
    await field(form, locale, 'nome').fill('Ana Teste');
    await field(form, locale, 'email').fill(email);
    await field(form, locale, 'assunto').fill(assunto);
    await page.getByRole('button', { name: msg(locale, 'contact.submit') }).click();
    await expect(page.getByText(msg(locale, 'form.error.required')).first()).toBeVisible();

    await field(form, locale, 'mensagem').fill('Olá!\nSomos 30 alunos.');
    await page.getByRole('button', { name: msg(locale, 'contact.submit') }).click();
    const sent = page.getByTestId('contact-sent');
    await expect(sent).toBeVisible();
    const protocolo = Number((await sent.textContent())?.match(/\d+/)?.[0]);
    await expect(sent).toHaveText(msg(locale, 'contact.sent', { protocolo, email }));

    // The mailbox holds the acknowledgement, in the page's language.
    const subject = msg(locale, 'mail.contact_ack.subject', { protocolo, brand: '' });
    await page.goto(`${DEV}/dev/mailbox?to=${encodeURIComponent(email)}`);
    const row = page.getByRole('row').filter({ hasText: 'contact_ack' });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(subject.split(' — ')[0]!);
    await row.getByRole('link').first().click();
    await expect(page.getByText('Somos 30 alunos.').first()).toBeVisible();
  });
}
