import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { MAIN_PORT } from '../../playwright.config';
import { expect, type Page, test } from './fixtures';
import {
  acceptPurchaseTerms,
  axeViolations,
  declineRefundable,
  holdAsNewPerson,
  msg,
} from './support';

/**
 * Bank slip and Pix (issue 12): chosen in the checkout, issued without card data, shown with
 * their codes, and paid through the sandbox's operator command (the bank's notification), which
 * completes the order exactly as the gateway's webhook does.
 */
const run = promisify(execFile);

/** The sandbox operator command against the main test server. */
async function sandbox(command: 'pay' | 'expire', localizador: string): Promise<string> {
  const { stdout } = await run('npm', ['run', '--silent', 'sandbox', '--', command, localizador], {
    env: { ...process.env, DATA_DIR: '.tmp/e2e/main', PORT: String(MAIN_PORT) },
  });
  return stdout;
}

/** The locator of the person's order awaiting payment (the server's cart: AP). */
async function pendingLocator(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const token = localStorage.getItem('si.token');
    const res = await fetch('/router.php?class=SuperIngresso&method=getCarrinhoPage', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ class: 'SuperIngresso', method: 'getCarrinhoPage', params: [] }),
    });
    const body = (await res.json()) as { result: { status: string; localizador: string } };
    if (body.result.status !== 'AP') throw new Error(`not pending: ${JSON.stringify(body)}`);
    return body.result.localizador;
  });
}

test('Pix: the code is shown and copied; paid at the bank, the order completes by itself', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await holdAsNewPerson(page, baseURL!, 'pix', 2);

  await page.getByTestId('payment-method-pix').click();
  await expect(page.getByTestId('charge-intro')).toContainText('30 minutos');
  // No card fields for Pix.
  await expect(page.getByLabel(msg('pt-BR', 'payment.card.number'))).toHaveCount(0);
  const pay = page.getByTestId('pay-button');
  await expect(pay).toHaveText(msg('pt-BR', 'payment.pix.issue', { total: 'R$ 110,00' }));
  await declineRefundable(page);
  await acceptPurchaseTerms(page);
  await pay.click();

  const panel = page.getByTestId('pix-panel');
  await expect(panel).toBeVisible();
  const qr = page.getByTestId('pix-qrcode');
  await expect(qr).toHaveAttribute('alt', msg('pt-BR', 'payment.pix.qrAlt'));
  expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const code = await page.getByTestId('pix-code').inputValue();
  expect(code).toMatch(/^000201.*6304[0-9A-F]{4}$/);
  await page.getByTestId('pix-code-copy').click();
  await expect(panel.getByText(msg('pt-BR', 'payment.copied'))).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  await expect(page.getByTestId('pix-waiting')).toContainText(msg('pt-BR', 'payment.pix.waiting'));
  expect(await axeViolations(page)).toEqual([]);

  // The bank confirms: the page notices by itself and the order is paid, with its tickets.
  const localizador = await pendingLocator(page);
  expect(await sandbox('pay', localizador)).toContain(`Paid: ${localizador}`);
  await expect(page).toHaveURL(/\/pt\/meuspedidos$/, { timeout: 20_000 });
  const order = page.getByTestId('order').filter({ hasText: localizador });
  await expect(order).toContainText(msg('pt-BR', 'order.status.PA'));
  await expect(order.getByText(msg('pt-BR', 'order.ticketCode'))).toHaveCount(2);
});

test('bank slip: issued with its line and printable page; pending in my orders until paid', async ({
  page,
  baseURL,
}) => {
  await holdAsNewPerson(page, baseURL!, 'slip', 1);
  await page.goto('/en/checkout');

  await page.getByTestId('payment-method-boleto').click();
  await expect(page.getByTestId('charge-intro')).toContainText('3 days');
  await declineRefundable(page);
  await acceptPurchaseTerms(page);
  await page.getByTestId('pay-button').click();

  const panel = page.getByTestId('slip-panel');
  await expect(panel).toBeVisible();
  const line = await page.getByTestId('slip-line').inputValue();
  expect(line).toMatch(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/);
  await expect(page.getByTestId('slip-due')).toContainText(/Due date: \d\d\/\d\d\/\d{4}/);
  expect(await axeViolations(page)).toEqual([]);

  // The printable slip: the same line, a barcode, no script.
  const [slip] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByTestId('slip-open').click(),
  ]);
  await slip.waitForLoadState();
  await expect(slip.locator('body')).toContainText(line.replace(/\D/g, '').slice(0, 5));
  await expect(slip.locator('svg').first()).toBeVisible();
  expect(await slip.locator('script').count()).toBe(0);
  await slip.close();

  const localizador = await pendingLocator(page);
  await page.getByTestId('slip-done').click();
  await expect(page).toHaveURL(/\/en\/requests$/, { timeout: 20_000 });
  const order = page.getByTestId('order').filter({ hasText: localizador });
  await expect(order).toContainText(msg('en-US', 'order.status.AP'));

  expect(await sandbox('pay', localizador)).toContain(`Paid: ${localizador}`);
  await page.reload();
  await expect(order).toContainText(msg('en-US', 'order.status.PA'));
  await expect(order.getByText(msg('en-US', 'order.ticketCode'))).toHaveCount(1);
});
