import { expect, type Page, test } from '@playwright/test';

import { apiPost, expectAccessible, expectToast, toasts, unique } from '../support';

/**
 * GST invoices, credit notes and debit notes walked through the screens of a registered business
 * in Maharashtra (27): the worked example to the paisa, its printed form and PDF; a sale
 * to another state; a customer's return that lowers what they owe and puts stock back; a bill on
 * reverse charge.
 */

const post = apiPost;

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/${name}-${page.viewportSize()!.width < 600 ? 'phone' : 'desktop'}.png`, fullPage: true });

/** The worked example's three items, named for this test (the catalogue is shared). */
const catalogue = async (page: Page) => {
  const tag = unique('').trim();
  const tea = await post(page, '/api/inventory/items', { name: `Tea ${tag}`, unit: 'KG', hsnCode: '0902', sellingPrice: '50.05', taxRate: '5' });
  const books = await post(page, '/api/inventory/items', { name: `Notebooks ${tag}`, unit: 'PC', hsnCode: '4820', sellingPrice: '33.13', taxRate: '12' });
  const kettle = await post(page, '/api/inventory/items', { name: `Electric kettle ${tag}`, unit: 'PC', hsnCode: '8516', sellingPrice: '411.59', taxRate: '18' });
  return { tea: { id: tea.id, name: `Tea ${tag}` }, books: { id: books.id, name: `Notebooks ${tag}` }, kettle: { id: kettle.id, name: `Electric kettle ${tag}` } };
};

/** Picks an item on a line, sets the quantity, saves the line. */
const addLine = async (page: Page, index: number, item: string, quantity: string) => {
  if (index > 1) await page.getByRole('button', { name: 'Add Line' }).click();
  const line = page.getByRole('group', { name: `Line ${index}` });
  await line.getByLabel('Item', { exact: true }).selectOption({ label: item });
  await line.getByLabel('Quantity').fill(quantity);
  await line.getByRole('button', { name: 'Save Line' }).click();
  return line;
};

const total = (page: Page, label: string) => page.getByRole('region', { name: 'Totals' }).locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('+ dd');

test('the worked example: three items picked from the catalogue, taxed to the paisa, printed and downloaded', async ({ page }) => {
  await page.goto('/');
  const customer = unique('Tea House');
  await post(page, '/api/sales/customers', { name: customer, gstNumber: '27ABCPT5678L1ZV', address: '4 Station Road, Nashik' });
  const items = await catalogue(page);

  await page.goto('/module/sales/task/invoices');
  await page.getByRole('button', { name: 'New Invoice' }).click();
  await page.getByLabel('Customer').selectOption({ label: customer });
  // A registered business charges GST; the number is left to the series.
  await expect(page.getByLabel('Tax Mode')).toHaveValue('gst');
  await expect(page.getByLabel('Tax Amount')).toHaveCount(0);
  const first = await addLine(page, 1, items.tea.name, '2');
  await expect(first).toContainText('Amount: ₹100.10');
  await expect(first.getByLabel('HSN/SAC')).toHaveValue('0902');
  await expect(first.getByLabel('GST %')).toHaveValue('5');
  await addLine(page, 2, items.books.name, '7');
  await addLine(page, 3, items.kettle.name, '3');

  await expect(total(page, 'Place of Supply')).toHaveText('27-Maharashtra');
  await expect(total(page, 'Taxable Value')).toHaveText('₹1,566.78');
  await expect(total(page, 'CGST')).toHaveText('₹127.54');
  await expect(total(page, 'SGST')).toHaveText('₹127.54');
  await expect(total(page, 'Round Off')).toHaveText('+₹0.14');
  await expect(total(page, 'Total')).toHaveText('₹1,822.00');
  await expectAccessible(page);
  await shot(page, 'gst-invoice-form');

  await page.getByRole('button', { name: 'Create Invoice' }).click();
  await expectToast(page, 'Success', 'Sales invoice created successfully');
  const card = page.getByRole('article').filter({ hasText: customer });
  await expect(card).toContainText('₹1,822.00');
  const number = (await card.getByRole('heading').first().textContent())!.trim();
  expect(number).toMatch(/^INV\/\d{4}-\d{2}\/\d{4}$/);

  await card.getByRole('button', { name: 'View Details' }).click();
  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary).toContainText('27-Maharashtra');
  await expect(summary).toContainText('₹127.54');
  await page.getByRole('link', { name: 'Print / PDF' }).click();

  const printed = page.getByLabel(`Tax Invoice ${number}`);
  await expect(printed.getByRole('heading', { name: 'Tax Invoice' })).toBeVisible();
  await expect(printed).toContainText('Sharma Traders Pvt Ltd');
  await expect(printed).toContainText('GSTIN: 27AAPFU0939F1ZV');
  await expect(printed).toContainText('GSTIN: 27ABCPT5678L1ZV');
  await expect(printed).toContainText('Place of supply: 27-Maharashtra');
  await expect(printed).toContainText('Tax payable on reverse charge: No');
  await expect(printed).toContainText('Rupees One Thousand Eight Hundred Twenty-Two Only');
  await expect(printed.getByRole('table', { name: 'HSN summary' })).toContainText('8516');
  await expect(printed.getByRole('img', { name: 'UPI QR code to pay' }).locator('svg')).toBeVisible();
  await expect(printed.getByText('Authorised Signatory')).toBeVisible();
  await shot(page, 'gst-invoice-print');
  await page.getByRole('button', { name: '80 mm roll' }).click();
  await expect(page.getByRole('button', { name: 'A4 paper' })).toBeVisible();
  await shot(page, 'gst-invoice-roll');

  const pdf = await page.request.get(new URL((await page.getByRole('link', { name: 'Download PDF' }).getAttribute('href'))!, page.url()).href);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
});

test('a sale to an unregistered customer in another state is taxed IGST, on a line typed by hand', async ({ page }) => {
  await page.goto('/');
  const customer = unique('Bengaluru Walk-in');
  await post(page, '/api/sales/customers', { name: customer });
  await page.goto('/module/sales/task/invoices');
  await page.getByRole('button', { name: 'New Invoice' }).click();
  await page.getByLabel('Customer').selectOption({ label: customer });
  await page.getByLabel('Place of Supply').selectOption({ label: 'Karnataka (29)' });
  const line = page.getByRole('group', { name: 'Line 1' });
  await line.getByLabel('Item Name').fill('Shop fitting consultation');
  await line.getByLabel('HSN/SAC').fill('998311');
  await line.getByLabel('Rate').fill('1000');
  // No GST rate: the line says so and is not saved.
  await line.getByRole('button', { name: 'Save Line' }).click();
  await expect(toasts(page).getByText('Please choose a GST rate', { exact: true })).toBeVisible();
  await line.getByLabel('GST %').selectOption('18');
  await line.getByRole('button', { name: 'Save Line' }).click();
  await expect(total(page, 'Place of Supply')).toHaveText('29-Karnataka');
  await expect(total(page, 'IGST')).toHaveText('₹180.00');
  await expect(total(page, 'CGST')).toHaveCount(0);
  await expect(total(page, 'Total')).toHaveText('₹1,180.00');
  await page.getByRole('button', { name: 'Create Invoice' }).click();
  await expectToast(page, 'Success', 'Sales invoice created successfully');
  await expect(page.getByRole('article').filter({ hasText: customer })).toContainText('₹1,180.00');
});

test('a credit note for a returned kettle lowers what the customer owes and puts the kettle back in stock', async ({ page }) => {
  await page.goto('/');
  const customer = unique('Returning Customer');
  const { id: customerId } = await post(page, '/api/sales/customers', { name: customer, gstNumber: '27ABCPT5678L1ZV' });
  const items = await catalogue(page);
  const invoice = await post(page, '/api/sales/invoices', {
    customerId,
    taxMode: 'gst',
    lines: [
      { itemId: items.tea.id, itemName: items.tea.name, hsn: '0902', quantity: '2', rate: '50.05', gstRate: '5' },
      { itemId: items.books.id, itemName: items.books.name, hsn: '4820', quantity: '7', rate: '33.13', gstRate: '12' },
      { itemId: items.kettle.id, itemName: items.kettle.name, hsn: '8516', quantity: '3', rate: '411.59', gstRate: '18' },
    ],
  });
  expect(invoice.totalAmount).toBe('1822.00');

  await page.goto('/module/sales/task/credit-notes');
  await expect(page.getByRole('heading', { name: 'Credit Notes' })).toBeVisible();
  await page.getByRole('button', { name: 'New Credit Note' }).click();
  await page.getByLabel('Customer').selectOption({ label: customer });
  const against = page.getByLabel('Invoice');
  await against.selectOption({ label: `${invoice.invoiceNumber} — ₹1,822.00, ₹1,822.00 due` });
  await page.getByLabel('Reason').fill('1 kettle returned, damaged in transit');
  // A return: the invoice's three lines are copied; one kettle of the third comes back.
  await expect(page.getByRole('group', { name: 'Line 3' }).getByLabel('Item Name')).toHaveValue(items.kettle.name);
  await expect(page.getByRole('group', { name: 'Line 3' }).getByLabel('Can Return')).toHaveValue('3');
  await page.getByRole('group', { name: 'Line 3' }).getByLabel('Quantity').fill('1');
  await expect(total(page, 'CGST')).toHaveText('₹37.04');
  await expect(total(page, 'Total')).toHaveText('₹486.00');
  await expectAccessible(page);
  await shot(page, 'credit-note-form');
  await page.getByRole('button', { name: 'Create Credit Note' }).click();
  await expectToast(page, 'Success', 'Credit note created successfully');
  const note = page.getByRole('article').filter({ hasText: customer });
  await expect(note).toContainText(invoice.invoiceNumber!);
  await expect(note).toContainText('₹486.00');
  expect((await note.getByRole('heading').first().textContent())!.trim()).toMatch(/^CN\/\d{4}-\d{2}\/\d{4}$/);

  await page.goto('/module/sales/task/invoices');
  const card = page.getByRole('article').filter({ hasText: invoice.invoiceNumber! });
  await expect(card).toContainText('PARTIAL');
  await card.getByRole('button', { name: 'View Details' }).click();
  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary.locator('dt', { hasText: /^Credited$/ }).locator('+ dd')).toHaveText('₹486.00');
  await expect(summary.locator('dt', { hasText: /^Balance Due$/ }).locator('+ dd')).toHaveText('₹1,336.00');
  await expect(page.getByText(/^Credit note #\d+ \(credited\)$/)).toBeVisible();

  // The kettle's ledger: three out on the invoice, one back on the credit note.
  await page.goto('/module/inventory/task/items');
  await page.getByRole('button', { name: items.kettle.name }).click();
  const ledger = page.getByRole('region', { name: `Stock ledger of ${items.kettle.name}` });
  await expect(ledger.getByRole('row').filter({ hasText: 'Sales invoice' })).toContainText('−3');
  await expect(ledger.getByRole('row').filter({ hasText: 'Credit note' })).toContainText('+1');
  await expect(ledger.getByRole('row').last()).toContainText('-2');
  await shot(page, 'stock-ledger');
  // The inventory report opens the same ledger under the item's row.
  await page.goto('/module/inventory/task/inventory');
  await page.getByRole('button', { name: items.kettle.name }).click();
  await expect(page.getByRole('region', { name: `Stock ledger of ${items.kettle.name}` }).getByRole('row').filter({ hasText: 'Credit note' })).toContainText('+1');
});

test('a return of more than was sold is refused on its line, and nothing is recorded', async ({ page }) => {
  await page.goto('/');
  const customer = unique('Over Return');
  const { id: customerId } = await post(page, '/api/sales/customers', { name: customer });
  const invoice = await post(page, '/api/sales/invoices', { customerId, taxMode: 'gst', lines: [{ itemName: 'Rice 25 kg', hsn: '1006', quantity: '1', rate: '1500', gstRate: '5' }] });
  await page.goto('/module/sales/task/credit-notes');
  await page.getByRole('button', { name: 'New Credit Note' }).click();
  await page.getByLabel('Customer').selectOption({ label: customer });
  await page.getByLabel('Invoice').selectOption({ label: `${invoice.invoiceNumber} — ₹1,575.00, ₹1,575.00 due` });
  const line = page.getByRole('group', { name: 'Line 1' });
  await expect(line.getByLabel('Item Name')).toHaveValue('Rice 25 kg');
  await line.getByLabel('Quantity').fill('2');
  await page.getByRole('button', { name: 'Create Credit Note' }).click();
  await expect(line.getByRole('alert')).toHaveText('Line 1 is not saved: Only 1 of Rice 25 kg can still come back');
  await expect(page.getByRole('heading', { name: 'Create Credit Note' })).toBeVisible();
  const notes = await page.request.get('/api/sales/credit-notes');
  expect(((await notes.json()) as { invoiceId: number }[]).some((n) => n.invoiceId === invoice.id)).toBe(false);
});

test('a bill from another state on reverse charge: IGST is ours to pay, the vendor is owed the taxable value', async ({ page }) => {
  await page.goto('/');
  const vendor = unique('Karnataka Transport');
  await post(page, '/api/purchase/vendors', { name: vendor, gstNumber: '29AAPFU0939F1ZR' });
  await page.goto('/module/purchase/task/invoices');
  await page.getByRole('button', { name: 'Add Invoice' }).click();
  await page.getByLabel('Vendor').selectOption({ label: vendor });
  await page.getByLabel('Invoice Number').fill(unique('GTA').replace(/\s/g, '-'));
  await page.getByLabel('Tax Payable on Reverse Charge').check();
  const line = page.getByRole('group', { name: 'Line 1' });
  await line.getByLabel('Item Name').fill('Goods transport Pune–Hubli');
  await line.getByLabel('HSN/SAC').fill('996511');
  await line.getByLabel('Quantity').fill('1');
  await line.getByLabel('Rate').fill('12000');
  await line.getByLabel('GST %').selectOption('5');
  await line.getByRole('button', { name: 'Save Line' }).click();
  await expect(total(page, 'Tax you pay on reverse charge')).toHaveText('₹600.00');
  await expect(total(page, 'Total')).toHaveText('₹12,000.00');
  await page.getByRole('button', { name: 'Create Invoice' }).click();
  await expectToast(page, 'Success', 'Invoice created successfully');
  const card = page.getByRole('article').filter({ hasText: vendor });
  await expect(card).toContainText('₹12,000.00');
  await card.getByRole('button', { name: 'View Details' }).click();
  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary.locator('dt', { hasText: /^IGST$/ }).locator('+ dd')).toHaveText('₹600.00');
  await expect(summary.locator('dt', { hasText: /^Reverse Charge$/ }).locator('+ dd')).toHaveText('Yes');
});

test('Business Settings open from home and show what was saved, on a phone and on desktop', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Business settings' }).click();
  await expect(page.getByRole('heading', { name: 'Business Settings' })).toBeVisible();
  await expect(page.getByLabel('GSTIN')).toHaveValue('27AAPFU0939F1ZV');
  await expect(page.getByLabel('UPI ID')).toHaveValue('sharmatraders@okaxis');
  await expectAccessible(page);
  await shot(page, 'settings');
  // Back returns home.
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page.getByRole('link', { name: 'Business settings' })).toBeVisible();
});
