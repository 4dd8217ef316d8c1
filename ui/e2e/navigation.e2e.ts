import { MODULES, TASKS } from '@erp/contracts';
import { expect, test } from '@playwright/test';

import { expectAccessible } from './support';

test('home shows the tagline, the summary strip and the module cards', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText('Manage your business efficiently')).toBeVisible();
  for (const label of ['This Month', 'Orders', 'Pending']) {
    await expect(page.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(page.getByText(/^₹[\d.,]+(L|Cr)?$/)).toBeVisible();
  const modules = page.getByRole('list', { name: 'Modules' });
  await expect(modules.getByRole('link')).toHaveCount(9);
  await expect(modules.getByText('Tap to explore')).toHaveCount(9);
  await expect(modules.getByRole('link', { name: /Purchase/ })).toHaveAttribute('href', '/module/purchase');
  await expectAccessible(page);
});

test('home → module → task, the task opening with a full page load', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: /Purchase/ }).click();
  await expect(page).toHaveURL(/\/module\/purchase$/);
  await expect(page.getByRole('heading', { name: 'Purchase', level: 1 })).toBeVisible();
  await expect(page.getByText('Vendors, bills and payments')).toBeVisible();
  const tasks = page.getByRole('list', { name: 'Purchase tasks' });
  await expect(tasks.getByRole('link')).toHaveCount(8);
  await expectAccessible(page);

  // Hovering 'Invoices' prefetches the first page of purchase invoices and the vendors (SEED-SPEC §2).
  await page.mouse.move(1, 1);
  await page.reload();
  const prefetched = Promise.all([
    page.waitForRequest((r) => new URL(r.url()).pathname === '/api/purchase/invoices'),
    page.waitForRequest((r) => r.url().endsWith('/api/purchase/vendors')),
  ]);
  await tasks.getByRole('link', { name: /Invoices/ }).hover();
  await prefetched;

  await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
  await tasks.getByRole('link', { name: /Vendors/ }).click();
  await expect(page).toHaveURL(/\/module\/purchase\/task\/vendors$/);
  await expect(page.getByRole('heading', { name: 'Vendors', level: 1 })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBeUndefined();

  await page.getByRole('link', { name: 'Back to Purchase' }).click();
  await expect(page).toHaveURL(/\/module\/purchase$/);
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

/** How many tasks the catalogue gives a module (a new task is counted, not a number to edit here). */
const tasksOf = (name: string) => TASKS.filter((t) => t.moduleId === MODULES.find((m) => m.name === name)!.id).length;

test('the books have their tasks: accounting, payments, banking and reports', async ({ page }) => {
  await page.goto('/module/reports');
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  const tasks = page.getByRole('list', { name: 'Reports tasks' });
  await expect(tasks.getByRole('link')).toHaveCount(tasksOf('reports'));
  await expect(tasks.getByRole('link', { name: /Profit and Loss/ })).toBeVisible();
  await expectAccessible(page);
  await page.goto('/module/accounting');
  await expect(page.getByRole('list', { name: 'Accounting tasks' }).getByRole('link')).toHaveCount(tasksOf('accounting'));
});

test('an unknown module offers the way home', async ({ page }) => {
  await page.goto('/module/nonexistent');
  await expect(page.getByText('Module not found')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('an unknown path is a 404 with the router hint', async ({ page }) => {
  for (const path of ['/no/such/page', '/module/purchase/task/nothing-here']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Page Not Found', exact: true })).toBeVisible();
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  }
  await expectAccessible(page);
});
