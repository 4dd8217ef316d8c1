import { execFileSync } from 'node:child_process';

import { customersEntity, pdfPath, salesInvoices } from '@erp/contracts';
import { expect, test } from '@playwright/test';

import { apiPost, unique } from './support';

/**
 * Issue 47 item 3, on a phone with no network: a sale waiting to sync prints and downloads as a
 * PDF made on the device, marked "Provisional — not yet synced"; once it has synced the server's
 * PDF of it says the same, word for word, without the mark (the one layout, drawn twice).
 */
const PROVISIONAL = 'Provisional — not yet synced';
const textOf = (file: string) => execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
/** The diagonal 'PROVISIONAL' across the page comes out of pdftotext in pieces ('PR', 'OV', 'I', 'SI'…). */
const isWatermarkPiece = (line: string) => /^[A-Z]{1,11}$/.test(line) && 'PROVISIONAL'.includes(line);
/** The words of a PDF, without the provisional marks and the footer (which carries one). */
const wordsOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !isWatermarkPiece(line) && !line.includes(PROVISIONAL) && !line.includes('computer-generated'));

test('a sale made offline prints and downloads as a PDF made on the phone, marked provisional until it syncs', async ({ page, context }, testInfo) => {
  const registered = page.waitForResponse((r) => r.url().endsWith('/api/devices') && [200, 201].includes(r.status()));
  await page.goto('/');
  const buyer = unique('Offline Print Stores');
  await apiPost(page, customersEntity.path, { name: buyer, address: '12 MG Road, Pune', phone: '9822000001' });
  // Online first: the service worker keeps the app (pdfmake and the fonts too); the form's reads are kept.
  await page.goto('/module/sales/task/invoices');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await registered.catch(() => undefined);
  await page.getByRole('button', { name: 'New Invoice' }).click();
  await expect(page.getByLabel('Customer').locator('option', { hasText: buyer })).toHaveCount(1);

  await context.setOffline(true);
  await page.getByLabel('Customer').selectOption({ label: buyer });
  const line = page.getByRole('group', { name: 'Line 1' });
  await line.getByLabel('Item Name').fill('Basmati rice 5 kg');
  await line.getByLabel('Quantity').fill('3');
  await line.getByLabel('Rate').fill('640.50');
  await line.getByRole('button', { name: 'Save Line' }).click();
  await page.getByLabel('Received Now').fill('1000');
  await page.getByRole('button', { name: 'Create Invoice' }).click();
  const card = page.getByRole('article').filter({ hasText: 'Waiting to sync' }).filter({ hasText: buyer });
  await expect(card).toBeVisible();
  const number = (await card.getByRole('heading').textContent())!;

  // Its printed form, from what was typed, marked.
  await card.getByRole('button', { name: 'Print / PDF' }).click();
  const printed = page.getByLabel(`Invoice ${number}`);
  await expect(printed.getByRole('note')).toHaveText(PROVISIONAL);
  await expect(printed).toContainText(buyer);
  await expect(printed).toContainText('₹1,921.50');
  await expect(page.getByRole('status').filter({ hasText: 'waiting to sync' })).toBeVisible();

  // Its PDF, made here with no network.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/-provisional\.pdf$/);
  const onPhone = testInfo.outputPath('on-phone.pdf');
  await download.saveAs(onPhone);
  const phoneText = textOf(onPhone);
  expect(phoneText).toContain(PROVISIONAL);
  expect(phoneText.split('\n').some((line) => isWatermarkPiece(line.trim()))).toBe(true);
  expect(phoneText).toContain(number);
  expect(phoneText).toContain(buyer);
  expect(phoneText).toContain('₹1,921.50');

  // Reloaded offline, the print page opens again from the device.
  await page.reload();
  await expect(page.getByLabel(`Invoice ${number}`).getByRole('note')).toHaveText(PROVISIONAL);

  // Back online it syncs; the page says so, and the server's PDF is the same document, unmarked.
  await context.setOffline(false);
  await expect(page.getByText('This document has synced')).toBeVisible({ timeout: 30_000 });
  // The list is a read model: it may take a moment after the sync to show the sale.
  const listed = async () => {
    const found = (await (await page.request.get(`${salesInvoices.path}?q=${encodeURIComponent(number)}&limit=5`)).json()) as { id: number; invoiceNumber: string }[];
    return found.find((s) => s.invoiceNumber === number);
  };
  await expect.poll(listed, { timeout: 15_000 }).toBeDefined();
  const sale = (await listed())!;
  const serverPdf = await page.request.get(pdfPath(`${salesInvoices.path}/${sale.id}`));
  expect(serverPdf.status()).toBe(200);
  const onServer = testInfo.outputPath('on-server.pdf');
  const { writeFileSync } = await import('node:fs');
  writeFileSync(onServer, await serverPdf.body());
  const serverText = textOf(onServer);
  expect(serverText).not.toContain(PROVISIONAL);
  // Line for line the same text (pdftotext's reading order moves a block past the extra line: compared as sets of lines).
  expect(wordsOf(phoneText).sort()).toEqual(wordsOf(serverText).sort());

  // Synced, it prints from the server as before: no mark.
  await page.goto(`/print/${salesInvoices.stream}/${sale.id}`);
  await expect(page.getByLabel(`Invoice ${number}`)).toBeVisible();
  await expect(page.getByLabel(`Invoice ${number}`).getByRole('note')).toHaveCount(0);
});
