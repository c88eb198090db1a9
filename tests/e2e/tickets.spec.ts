import { readFile } from 'node:fs/promises';
import { PDFDocument } from 'pdf-lib';
import { expect, test } from './fixtures';
import { axeViolations, CARDS, holdAsNewPerson, msg, payWithCard } from './support';
import { ticketQrCodes } from './ticket-pdf';

/**
 * The tickets of a paid order from My orders (issue 13 items 3 and 4), in English: the PDF with
 * one page and one readable QR code per ticket, and each ticket's wallet pass (the Apple pass
 * file and the "Save to Google Wallet" address).
 */
test('my paid order gives its tickets as a PDF with their QR codes, and each ticket a wallet pass', async ({
  page,
  baseURL,
}, testInfo) => {
  await holdAsNewPerson(page, baseURL!, 'tickets-pdf', 2);
  await payWithCard(page, 'pt-BR', CARDS.approved);
  await expect(page).toHaveURL(/\/pt\/meuspedidos$/, { timeout: 20_000 });

  await page.goto('/en/requests');
  const order = page.getByTestId('order').first();
  await expect(order).toContainText(msg('en-US', 'order.status.PA'));
  const codes = await order.getByTestId('ticket-code').allTextContents();
  expect(codes).toHaveLength(2);

  const downloading = page.waitForEvent('download');
  await order.getByRole('button', { name: msg('en-US', 'orders.ticketsPdf') }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const pdf = new Uint8Array(await readFile((await download.path())!));
  expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
  expect((await PDFDocument.load(pdf)).getPageCount()).toBe(2);
  // Each page's QR code reads back as a signed code of its own (106 characters).
  const qr = await ticketQrCodes(pdf);
  expect(qr).toHaveLength(2);
  expect(new Set(qr).size).toBe(2);
  for (const code of qr) expect(code).toMatch(/^[A-Za-z0-9_-]{106}$/);

  const item = order.getByTestId('order-item').first();
  await item.getByRole('button', { name: msg('en-US', 'orders.wallet') }).click();
  const apple = item.getByRole('link', { name: msg('en-US', 'orders.walletApple') });
  const google = item.getByRole('link', { name: msg('en-US', 'orders.walletGoogle') });
  await expect(apple).toBeVisible();
  await expect(google).toHaveAttribute(
    'href',
    /^https:\/\/pay\.google\.com\/gp\/v\/save\/[\w-]+\.[\w-]+\.[\w-]+$/,
  );
  const pass = await page.request.get((await apple.getAttribute('href'))!);
  expect(pass.headers()['content-type']).toContain('application/vnd.apple.pkpass');
  // A .pkpass is a zip archive.
  expect((await pass.body()).subarray(0, 2).toString('latin1')).toBe('PK');
  expect(await axeViolations(page), 'my orders with the ticket downloads').toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await order.screenshot({ path: testInfo.outputPath('order-downloads.png') });
});
