import { readFile } from 'node:fs/promises';

import { expect, type Page, test } from '@playwright/test';
import Papa from 'papaparse';

import { ADMIN, expectToast, openLine, toasts, unique } from '../support';

/**
 * Issue 20 item 7: a shop owner's first week, through the screens only, from a browser with no
 * cookies: sign in, set up a vendor, a customer and an item, buy stock paid in full, sell with
 * the payment taken at the counter, sell on credit and take part of it, then see who owes what
 * (the invoice, the customer's card, home) and what is left on the shelf.
 */
test.use({ storageState: { cookies: [], origins: [] } });
// A whole week on a phone: many screens, each checked as it is met.
test.describe.configure({ timeout: 120_000 });

const openTask = async (page: Page, module: string, task: string) => {
  await page.goto('/');
  await page.getByRole('link', { name: new RegExp(`^${module}`) }).first().click();
  await page.getByRole('link', { name: new RegExp(`^${task}`) }).first().click();
};

const card = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text });

test('a first week: sign in, set up, buy, sell with payment, take a part payment, see who owes what and the stock', async ({ page }) => {
  const tag = unique('').trim();
  const vendor = `Pune Wholesale ${tag}`;
  const customer = `Joshi Kirana ${tag}`;
  const item = `Toor dal 1kg ${tag}`;
  // Monday: sign in from a fresh browser.
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Purchase' })).toBeVisible();
  await expect(page.getByText(/Could not load|401/)).toHaveCount(0);
  await expect(page.getByText('To collect')).toBeVisible();

  // Set up: a vendor, a customer, an item.
  await openTask(page, 'Purchase', 'Vendors');
  await page.getByRole('button', { name: 'Add Vendor' }).click();
  await page.getByLabel('Vendor Name').fill(vendor);
  await page.getByLabel('Phone').fill('+91 20 2612 3456');
  await page.getByRole('button', { name: 'Create Vendor' }).click();
  await expectToast(page, 'Success', 'Vendor created successfully');

  await openTask(page, 'Sales', 'Customers');
  await page.getByRole('button', { name: 'Add Customer' }).click();
  await page.getByLabel('Customer Name').fill(customer);
  await page.getByLabel('Phone').fill('98220-45678');
  // A phone with letters is a slip, said at the field.
  await page.getByLabel('Phone').fill('98220-4567O');
  await page.getByRole('button', { name: 'Create Customer' }).click();
  await expect(page.getByText('A phone number has digits, spaces, +, - and brackets only')).toBeVisible();
  await page.getByLabel('Phone').fill('98220-45678');
  await page.getByRole('button', { name: 'Create Customer' }).click();
  await expectToast(page, 'Success', 'Customer created successfully');

  await openTask(page, 'Inventory', 'Items');
  await page.getByRole('button', { name: 'Add Item' }).click();
  await page.getByLabel('Item Name').fill(item);
  await page.getByLabel('Unit').selectOption('KG');
  await page.getByLabel('Cost Price').fill('110');
  await page.getByLabel('Selling Price').fill('140');
  await page.getByLabel('HSN Code').fill('0713');
  await page.getByLabel('Tax Rate (%)').fill('0');
  await page.getByRole('button', { name: 'Create Item' }).click();
  await expectToast(page, 'Success', 'Item created successfully');

  // Tuesday: buy 20 kg, paid in full at delivery.
  await openTask(page, 'Purchase', 'Invoices');
  await page.getByRole('button', { name: 'Add Invoice' }).click();
  await page.getByLabel('Vendor').selectOption({ label: vendor });
  await page.getByLabel('Invoice Number').fill(`PW-${tag}`);
  const bought = page.getByRole('group', { name: 'Line 1' });
  await bought.getByLabel('Item', { exact: true }).selectOption({ label: item });
  await expect(bought.getByLabel('Rate')).toHaveValue('110.00');
  await bought.getByLabel('Quantity').fill('20');
  await page.getByRole('button', { name: /^Paid in full/ }).click();
  await page.getByRole('button', { name: 'Create Invoice' }).click();
  await expectToast(page, 'Success', 'Invoice created successfully');
  await expect(card(page, vendor)).toContainText('PAID');

  // Wednesday: a counter sale of 3 kg, paid by UPI.
  await openTask(page, 'Sales', 'Invoices');
  await page.getByRole('button', { name: 'New Invoice' }).click();
  await page.getByLabel('Customer').selectOption({ label: customer });
  const sold = page.getByRole('group', { name: 'Line 1' });
  await sold.getByLabel('Item', { exact: true }).selectOption({ label: item });
  await sold.getByLabel('Quantity').fill('3');
  await page.getByRole('button', { name: /^Received in full/ }).click();
  await page.getByLabel('Payment Method').selectOption({ label: 'UPI' });
  await page.getByRole('button', { name: 'Create Invoice' }).click();
  await expectToast(page, 'Success', 'Sales invoice created successfully');
  await expect(card(page, customer).first()).toContainText('PAID');

  // Thursday: 5 kg on credit; Friday: ₹300 of its ₹700 received.
  await page.getByRole('button', { name: 'New Invoice' }).click();
  await page.getByLabel('Customer').selectOption({ label: customer });
  const credit = page.getByRole('group', { name: 'Line 1' });
  await credit.getByLabel('Item', { exact: true }).selectOption({ label: item });
  await credit.getByLabel('Quantity').fill('5');
  await page.getByRole('button', { name: 'Create Invoice' }).click();
  await expectToast(page, 'Success', 'Sales invoice created successfully');
  const onCredit = card(page, customer).filter({ hasText: 'PENDING' });
  await expect(onCredit).toContainText('Balance Due₹700.00');
  await onCredit.getByRole('button', { name: 'Receive payment' }).click();
  const part = await openLine(page, 1);
  await part.getByRole('button', { name: 'Edit Line' }).click();
  // More than is due is refused at the line, saying how much is due.
  await part.getByLabel('Received Amount').fill('750');
  await part.getByRole('button', { name: 'Save Line' }).click();
  await expect(toasts(page).getByText(/Only ₹700\.00 is due/)).toBeVisible();
  await part.getByLabel('Received Amount').fill('300');
  await part.getByLabel('Received Amount').press('Enter');
  await expect(part).toContainText(/saved/i);
  await page.getByRole('button', { name: 'Create Receipt' }).click();
  await expectToast(page, 'Success', 'Receipt created successfully');
  await expect(card(page, customer).filter({ hasText: 'PARTIAL' })).toContainText('Balance Due₹400.00');

  // Saturday: who owes what, found by phone; what is on the shelf.
  await openTask(page, 'Sales', 'Customers');
  await page.getByRole('searchbox', { name: 'Search customers' }).fill('+91 98220 45678');
  await expect(card(page, customer)).toContainText('Owes₹400.00');
  await page.goto('/');
  await expect(page.getByText('To collect')).toBeVisible();
  await openTask(page, 'Inventory', 'Inventory Complete');
  await page.getByRole('searchbox').fill('0713');
  const row = page.getByRole('row').filter({ hasText: item });
  // 20 bought, 3 + 5 sold: 12 kg left, worth ₹1,320.00 at cost.
  await expect(row.getByRole('cell').nth(2)).toHaveText('12');
  await expect(row).toContainText('₹1,320.00');
  // The accountant's CSV of a registered shop carries HSN/SAC and the GST rate.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  const csv = Papa.parse<string[]>(await readFile((await download.path())!, 'utf8'), { skipEmptyLines: true }).data;
  expect(csv[0]!.slice(-2)).toEqual(['HSN/SAC', 'GST %']);
  expect(csv.find((r) => r[0] === item)?.slice(-2)).toEqual(['0713', '0']);
});
