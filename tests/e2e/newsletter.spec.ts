import { MAIN_PORT } from '../../playwright.config';
import { expect, test } from './fixtures';
import { field, mailLink, msg, uniqueEmail } from './support';

// The newsletter (issue 14 item 2) on the server with the development mailbox: sign-up in the
// footer, the confirmation link from the mailbox, then the welcome mail's unsubscribe link.
const MAIN = `http://127.0.0.1:${MAIN_PORT}`;

test('signs up in the footer, confirms by the mailed link and unsubscribes', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('newsletter');
  await page.goto('/pt');
  const box = page.getByTestId('newsletter');
  await box.scrollIntoViewIfNeeded();
  await field(box, 'pt-BR', 'email').fill(email);
  await box.getByRole('button', { name: msg('pt-BR', 'newsletter.submit') }).click();
  // The consent is required, with its own message.
  await expect(box.getByText(msg('pt-BR', 'form.error.newsletterConsent'))).toBeVisible();
  await box.getByRole('checkbox', { name: msg('pt-BR', 'form.field.newsletterConsent') }).check();
  await box.getByRole('button', { name: msg('pt-BR', 'newsletter.submit') }).click();
  await expect(page.getByTestId('newsletter-sent')).toHaveText(
    msg('pt-BR', 'newsletter.checkInbox', { email }),
  );

  // The confirmation link from the mailbox: confirmed, no login.
  const confirm = await mailLink(request, MAIN, email, 'newsletter_confirm');
  expect(confirm).toContain('/pt/newsletter?acao=confirmar&token=');
  await page.goto(confirm);
  await expect(page.getByTestId('newsletter-confirmed')).toContainText(
    msg('pt-BR', 'newsletter.confirmed'),
  );

  // The welcome mail's unsubscribe link works too.
  const out = await mailLink(request, MAIN, email, 'newsletter_welcome');
  expect(out).toContain('/pt/newsletter?acao=cancelar&token=');
  await page.goto(out);
  await expect(page.getByTestId('newsletter-unsubscribed')).toContainText(
    msg('pt-BR', 'newsletter.unsubscribed'),
  );
});
