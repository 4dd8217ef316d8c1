import { expect, type Page, test } from '@playwright/test';

import { apiPost, expectAccessible, expectToast, unique } from './support';
import { holdingTheBooks } from './year-end-steps';

const REFUSED = 'The books are locked up to 31-12-2019. Unlock them in Settings to change this.';

/** Settings → Lock Books: lock up to the last day of 2019 (no other journey dates anything before 2020). */
async function lock(page: Page) {
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Lock Books' });
  await expect(section.getByRole('status')).toHaveText('The books are open: any date can be entered.');
  await section.getByLabel('Lock up to').fill('2019-12-31');
  await section.getByRole('button', { name: 'Lock' }).click();
  await expectToast(page, 'Success', 'Books locked up to 31-12-2019');
  await expect(section.getByRole('status')).toContainText('The books are locked up to 31-12-2019');
  return section;
}

/** A sale dated in 2019, typed on the form: refused, the form says why and keeps what was typed. */
async function backdatedSale(page: Page, customer: string) {
  await page.goto('/module/sales/task/invoices');
  await page.getByRole('button', { name: 'New Invoice' }).click();
  await page.getByLabel('Customer').selectOption({ label: customer });
  await page.getByLabel('Invoice Date').fill('2019-06-15');
  const line = page.getByRole('group', { name: 'Line 1' });
  await line.getByLabel('Item Name').fill('Basmati rice');
  await line.getByLabel('Rate').fill('1250');
  await line.getByRole('button', { name: 'Save Line' }).click();
  await page.getByRole('button', { name: 'Create Invoice' }).click();
  await expectToast(page, 'Error', `Failed to create sales invoice: ${REFUSED}`);
  await expect(page.getByLabel('Invoice Date')).toHaveValue('2019-06-15');
}

async function unlock(page: Page) {
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Lock Books' });
  await section.getByRole('button', { name: 'Unlock' }).click();
  await expect(section.getByText('Say why you unlock the books')).toBeVisible();
  await section.getByLabel('Reason to unlock').fill('A 2019 bill found in the drawer');
  await section.getByRole('button', { name: 'Unlock' }).click();
  await expectToast(page, 'Success', 'Books unlocked');
  await expect(section.getByRole('status')).toHaveText('The books are open: any date can be entered.');
  await expect(section.getByRole('list', { name: 'Lock history' }).getByRole('listitem').first()).toContainText('Unlocked by owner');
  await expect(section.getByRole('list', { name: 'Lock history' }).getByRole('listitem').first()).toContainText('A 2019 bill found in the drawer');
}

/**
 * Issue 43: the owner locks the books, a backdated sale is refused with the lock's message on its
 * form, and unlocking asks why. One journey over a 360-px phone and then a desktop (the lock is
 * the server's, so the two widths take turns rather than run side by side).
 */
test('lock the books: a backdated sale is refused naming the lock; unlock with a reason', async ({ page }, testInfo) => {
  // Up to both widths' year-end journeys waited for, then its own.
  test.setTimeout(360_000);
  await page.goto('/');
  const customer = unique('Lock Traders');
  await apiPost(page, '/api/sales/customers', { name: customer });
  // The year-end journey locks the books too: each waits for the other's unlock.
  await holdingTheBooks(async () => {
    for (const size of [{ width: 360, height: 740 }, { width: 1280, height: 800 }]) {
      await page.setViewportSize(size);
      const section = await lock(page);
      await expectAccessible(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
      await section.screenshot({ path: testInfo.outputPath(`lock-books-${size.width}.png`) });
      await backdatedSale(page, customer);
      await page.screenshot({ path: testInfo.outputPath(`refused-${size.width}.png`) });
      await unlock(page);
    }
  });
});
