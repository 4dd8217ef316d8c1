import { expect, test } from '@playwright/test';

import { apiPost, expectAccessible, unique } from '../support';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const LONG = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** This month and the one before it in India, as the app reckons them. */
const months = () => {
  const today = new Date(Date.now() + 5.5 * 3_600_000);
  const year = today.getUTCFullYear();
  const month = today.getUTCMonth();
  const before = month === 0 ? { year: year - 1, month: 11 } : { year, month: month - 1 };
  const key = (y: number, m: number) => `${y}-${String(m + 1).padStart(2, '0')}`;
  return { now: { key: key(year, month), label: `${LONG[month]} ${year}`, short: `15 ${MONTHS[month]} ${year}` }, last: key(before.year, before.month) };
};

/**
 * Repeating expenses (docs/expenses.md): last month's rent, saying it repeats monthly, is due to
 * repeat this month; one tap records this month's copy (the same head, landlord and amount, owed),
 * which then shows in the list, and it is no longer due. At 360 px on a phone, and on desktop.
 */
test('a repeating expense is due this month and repeated with one tap', async ({ page }) => {
  test.setTimeout(240_000);
  if (page.viewportSize()!.width < 600) await page.setViewportSize({ width: 360, height: 740 });
  const { now, last } = months();
  await page.goto('/');
  const landlord = unique('Joshi Landlord');
  const vendor = await apiPost(page, '/api/purchase/vendors', { name: landlord });
  const first = await apiPost(page, '/api/purchase/expenses', {
    vendorId: vendor.id, expenseDate: `${last}-15`, category: 'rent', repeatMonthly: true, taxMode: 'manual',
    lines: [{ itemName: 'Shop rent', rate: '12500.75' }],
  });

  await page.goto('/module/purchase');
  await page.getByRole('list', { name: 'Purchase tasks' }).getByRole('link', { name: /Expenses/ }).click();
  const section = page.getByRole('region', { name: 'Due to repeat' });
  await expect(section).toBeVisible();
  const due = section.getByRole('listitem').filter({ hasText: landlord });
  await expect(due).toContainText('Rent');
  await expect(due).toContainText('₹12,500.75');
  await expect(due).toContainText(`next on ${now.short}`);
  await expectAccessible(page);
  await page.screenshot({ path: `test-results/screens/expense-due-to-repeat-${page.viewportSize()!.width < 600 ? 'phone' : 'desktop'}.png` });

  await due.getByRole('button', { name: `Repeat for ${now.label}` }).click();
  await expect(page.getByRole('region', { name: /Notifications/ }).getByText(`Expense repeated for ${now.label}`, { exact: true })).toBeVisible();
  await expect(due).toHaveCount(0);

  // The copy in the list: this month, owed to the landlord, naming its first.
  const copy = page.getByRole('article').filter({ hasText: landlord }).filter({ hasText: `Monthly copy of #${first.id}` });
  await expect(copy).toContainText(now.short);
  await expect(copy).toContainText('Balance Due₹12,500.75');
  await expect(copy).not.toContainText('PAID');
  await expectAccessible(page);
});

