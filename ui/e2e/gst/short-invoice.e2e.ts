import { expect, type Page, test } from '@playwright/test';

import { apiPost, expectAccessible, expectToast, unique } from '../support';

/**
 * Issue 45 item 5: a shorter invoice form on a phone. Lines not being edited are rows that open
 * when tapped; the total, 'Received in full' and the save button sit in a bar at the form's foot,
 * in view wherever the form is scrolled to.
 */
test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

const screens = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight / window.innerHeight);

/** Whether the element is wholly inside the viewport. */
const inView = (page: Page, name: RegExp | string) =>
  page
    .getByRole('button', { name })
    .evaluate((element) => {
      const box = element.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= window.innerHeight;
    });

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/screens/${name}-360.png` });

test('a 3-line sale on a 360-px phone: its lines are rows, the form is shorter, and total and Received in full stay in view', async ({ page }) => {
  await page.goto('/');
  const tag = unique('').trim();
  const customer = unique('Short form customer');
  await apiPost(page, '/api/sales/customers', { name: customer });
  const items = [
    { name: `Basmati rice 5kg ${tag}`, unit: 'BAG', hsnCode: '1006', sellingPrice: '610.00', taxRate: '5' },
    { name: `Sunflower oil 1L ${tag}`, unit: 'BTL', hsnCode: '1512', sellingPrice: '145.50', taxRate: '5' },
    { name: `Steel tumbler ${tag}`, unit: 'NOS', hsnCode: '7323', sellingPrice: '89.00', taxRate: '12' },
  ];
  for (const item of items) await apiPost(page, '/api/inventory/items', item);
  await page.goto('/module/sales/task/invoices');
  await page.getByRole('button', { name: 'New Invoice' }).click();
  await page.getByLabel('Customer').selectOption({ label: customer });
  const quantities = ['2', '3', '6'];
  for (const [index, item] of items.entries()) {
    const line = page.getByRole('group', { name: `Line ${index + 1}` });
    await line.getByLabel('Item', { exact: true }).selectOption({ label: item.name });
    await line.getByLabel('Quantity').fill(quantities[index]!);
  }
  await expect(page.getByRole('region', { name: 'Totals' })).toContainText('₹2,337.00');
  await page.getByRole('heading', { level: 1 }).focus();
  const after = await screens(page);

  // The lines left behind are rows saying the line; the one being typed in is open.
  const first = page.getByRole('button', { name: new RegExp(`^Line 1\\W+${items[0]!.name}\\W+2 × ₹610\\.00\\W+₹1,220\\.00\\W+Draft$`), expanded: false });
  await expect(first).toBeVisible();
  const second = page.getByRole('button', { name: /^Line 2\b.*Sunflower oil 1L .*3 × ₹145\.50.*₹436\.50.*Draft$/, expanded: false });
  await expect(second).toBeVisible();
  await expect(page.getByRole('group', { name: 'Line 3' }).getByLabel('Quantity')).toHaveValue('6');
  await shot(page, 'short-invoice-rows');

  // Before rows, every line was open: the form was longer by each row's opening.
  let growth = 0;
  for (const [n, row] of [first, second].entries()) {
    const group = page.getByRole('group', { name: `Line ${n + 1}` });
    const closed = (await group.boundingBox())!.height;
    await row.click();
    await expect(group.getByLabel('Quantity')).toBeVisible();
    growth += (await group.boundingBox())!.height - closed;
  }
  const before = after + growth / 740;
  test.info().annotations.push({ type: 'screens', description: `3-line sale at 360 × 740: ${after.toFixed(1)} screens, every line open ${before.toFixed(1)}` });
  expect(after, 'screens for a 3-line sale').toBeLessThan(before - 1.5);
  await page.getByRole('button', { name: 'Collapse line 2' }).click();

  // Tapped, a row opens (the open one closes) and says how to close it again.
  await first.click();
  const opened = page.getByRole('group', { name: 'Line 1' });
  await expect(opened.getByLabel('Quantity')).toHaveValue('2');
  await expect(opened.getByRole('button', { name: 'Collapse line 1', expanded: true })).toBeFocused();
  await expect(page.getByRole('button', { name: /^Line 3\b.*Steel tumbler/, expanded: false })).toBeVisible();
  await expectAccessible(page);
  await opened.getByRole('button', { name: 'Collapse line 1' }).click();
  await expect(page.getByRole('button', { name: /^Line 1\b/, expanded: false })).toBeFocused();
  // Enter on a row opens it too.
  await page.keyboard.press('Enter');
  await expect(opened.getByLabel('Quantity')).toBeVisible();

  // Total and 'Received in full' stay in view from the top of the form to its foot.
  for (const at of [0, 0.33, 0.66, 1]) {
    await page.evaluate((share) => window.scrollTo(0, (document.documentElement.scrollHeight - window.innerHeight) * share), at);
    await expect(page.getByText('₹2,337.00', { exact: true }).last()).toBeInViewport();
    expect(await inView(page, /^Received in full/), `Received in full in view at ${at * 100}% down`).toBe(true);
    expect(await inView(page, 'Create Invoice'), `Create Invoice in view at ${at * 100}% down`).toBe(true);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'short-invoice-top');

  // Typing in a field low on the screen: the bar does not cover it.
  const quantity = opened.getByLabel('Quantity');
  await quantity.focus();
  const field = await quantity.boundingBox();
  const bar = await page.getByRole('button', { name: 'Create Invoice' }).boundingBox();
  expect(field!.y + field!.height).toBeLessThanOrEqual(bar!.y);

  await page.getByRole('button', { name: /^Received in full/ }).click();
  await expect(page.getByLabel('Received Now')).toHaveValue('2337.00');
  await page.getByRole('button', { name: 'Create Invoice' }).click();
  await expectToast(page, 'Success', 'Sales invoice created successfully');
  await expect(page.getByRole('article').filter({ hasText: customer })).toContainText('PAID');
});

test('a line that stops the submit stays open and takes the focus', async ({ page }) => {
  await page.goto('/');
  const customer = unique('Short form problem');
  await apiPost(page, '/api/sales/customers', { name: customer });
  await page.goto('/module/sales/task/invoices');
  await page.getByRole('button', { name: 'New Invoice' }).click();
  await page.getByLabel('Customer').selectOption({ label: customer });
  await page.getByLabel('Tax Mode').selectOption('manual');
  const first = page.getByRole('group', { name: 'Line 1' });
  await first.getByLabel('Item Name').fill('Kettle');
  await first.getByLabel('Quantity').fill('2');
  // A new line opens; the line left behind closes to a row, its rate still missing.
  await page.getByRole('button', { name: 'Add Line' }).click();
  const second = page.getByRole('group', { name: 'Line 2' });
  await second.getByLabel('Item Name').fill('Tea');
  await second.getByLabel('Rate').fill('140');
  await expect(page.getByRole('button', { name: /^Line 1\b.*Kettle/, expanded: false })).toBeVisible();
  await page.getByRole('button', { name: 'Create Invoice' }).click();
  await expect(first.getByRole('alert')).toContainText('Line 1 is not saved');
  await expect(first.locator(':focus')).toHaveCount(1);
  // It is not closed while it is wrong.
  await expect(first.getByRole('button', { name: 'Collapse line 1' })).toHaveCount(0);
  await first.getByLabel('Rate').fill('550');
  await page.getByRole('button', { name: 'Create Invoice' }).click();
  await expectToast(page, 'Success', 'Sales invoice created successfully');
});
