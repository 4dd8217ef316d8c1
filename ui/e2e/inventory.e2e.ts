import { readFile } from 'node:fs/promises';

import { expect, type Page, test } from '@playwright/test';
import Papa from 'papaparse';

import { expectAccessible, expectToast, unique } from './support';

async function newItem(page: Page, name: string) {
  const origin = new URL(page.url()).origin;
  const res = await page.request.post('/api/inventory/items', {
    data: { name, unit: 'KG', description: 'Aged, "premium", 25 kg', costPrice: '80', sellingPrice: '120', reorderLevel: 5 },
    headers: { origin },
  });
  expect(res.status()).toBe(201);
}

async function adjust(page: Page, item: string, type: 'Increase' | 'Decrease', quantity: string, reason: string) {
  await page.getByRole('button', { name: 'New Adjustment' }).click();
  await expect(page.getByRole('heading', { name: 'New Stock Adjustment' })).toBeVisible();
  await page.getByLabel('Item').selectOption({ label: item });
  await page.getByLabel('Adjustment Type').selectOption({ label: type });
  await page.getByLabel('Quantity').fill(quantity);
  await page.getByLabel('Reason').selectOption({ label: reason });
  await expect(page.getByRole('status').filter({ hasText: 'Current stock' })).toBeVisible();
}

test('inventory: stock up and down, counters and report move, the CSV downloads and parses', async ({ page }) => {
  const item = unique('Basmati, Royal');
  await page.goto('/');
  await newItem(page, item);

  await page.goto('/module/inventory/task/stock-adjustments');
  await expect(page.getByText('Manage stock in and stock out adjustments', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Inventory' })).toHaveAttribute('href', '/module/inventory');

  await adjust(page, item, 'Increase', '12.5', 'Opening Stock');
  await expect(page.getByRole('status').filter({ hasText: 'Current stock' })).toContainText('After this adjustment: 12.5 KG');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Create Adjustment' }).click();
  await expectToast(page, 'Success', 'Stock adjustment created successfully');
  await expect(page.getByRole('article').filter({ hasText: item }).first()).toContainText('+12.5');

  await adjust(page, item, 'Decrease', '20', 'Damaged');
  await expect(page.getByRole('status').filter({ hasText: 'Current stock' })).toContainText('below zero');
  await page.getByLabel('Quantity').fill('9.5');
  await expect(page.getByRole('status').filter({ hasText: 'Current stock' })).toContainText('After this adjustment: 3 KG');
  await page.getByRole('button', { name: 'Create Adjustment' }).click();
  await expectToast(page, 'Success', 'Stock adjustment created successfully');
  await expect(page.getByRole('heading', { name: 'Recent Adjustments' })).toBeVisible();
  for (const label of ['Total Adjustments', 'Stock In', 'Stock Out']) await expect(page.getByText(label, { exact: true })).toBeVisible();
  await expectAccessible(page);

  await page.goto('/module/inventory/task/inventory');
  await expect(page.getByRole('heading', { name: 'Inventory Report', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Inventory' })).toHaveAttribute('href', '/module/inventory');
  await page.getByRole('searchbox', { name: 'Search items' }).fill(item);
  const row = page.getByRole('row').filter({ hasText: item });
  await expect(row).toContainText('Low Stock'); // 3 KG, reorder level 5
  await expect(row).toContainText('₹240.00'); // 3 × ₹80
  await expectAccessible(page);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^inventory-report-\d{4}-\d{2}-\d{2}\.csv$/);
  const parsed = Papa.parse<string[]>(await readFile((await download.path())!, 'utf8'), { skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  expect(parsed.data[0]).toEqual(['Item', 'Description', 'Unit', 'Current Stock', 'Cost Price', 'Selling Price', 'Reorder Level', 'Status', 'Total Value']);
  expect(parsed.data.slice(1)).toEqual([[item, 'Aged, "premium", 25 kg', 'KG', '3.00', '80.00', '120.00', '5', 'Low Stock', '240.00']]);

  await page.getByLabel('Status filter').selectOption({ label: 'Out of Stock' });
  await expect(page.getByText('No items found')).toBeVisible();
  const [empty] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect((await readFile((await empty.path())!, 'utf8')).trim()).toBe('Item,Description,Unit,Current Stock,Cost Price,Selling Price,Reorder Level,Status,Total Value');

  // As of a day before the adjustments (issue 21): none of them counted yet; kept over a reload.
  await page.getByLabel('Status filter').selectOption({ label: 'All Items' });
  await page.getByLabel('As of').fill('2020-01-01');
  await expect(page.getByText(/^Total Inventory Value as of/)).toBeVisible();
  await expect(row).toContainText('Out of Stock');
  await page.reload();
  await page.getByRole('searchbox', { name: 'Search items' }).fill(item);
  await expect(row).toContainText('Out of Stock');
  await page.getByLabel('As of').fill('');
  await expect(row).toContainText('Low Stock');
});
