import { indiaDate } from '@erp/contracts';
import { expect, test, type Page } from '@playwright/test';

import { expectAccessible, expectToast, unique } from './support';

const LEADS = '/module/crm/task/leads';
const FOLLOW_UPS = '/module/crm/task/follow-ups';
/** A date `days` from today in India, as a date input holds it. */
const dayFrom = (days: number) => {
  const [y, m, d] = indiaDate(new Date()).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};
const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: false });

// A whole journey through three screens with axe twice: slow on a busy 2-core machine.
test.describe.configure({ timeout: 90_000 });

/**
 * Follow-ups (CRM) on phone and desktop: a lead, a follow-up made from its card, the home screen
 * saying it is due today and opening today's list, Mark Done opening the next follow-up's form,
 * and the lead converted to a customer that carries its details.
 */
test('follow-ups: from a lead card to today on home, mark done, convert the lead to a customer', async ({ page }) => {
  const name = unique('Ravi');
  const company = unique('Kumar Textiles');
  await page.goto('/module/crm');
  await expect(page.getByRole('link', { name: /Follow-ups/ })).toBeVisible();

  await page.goto(LEADS);
  await page.getByRole('button', { name: 'Add Lead' }).click();
  await page.getByLabel('Contact Name').fill(name);
  await page.getByLabel('Company').fill(company);
  await page.getByLabel('Phone').fill('+91 98200 11223');
  await page.getByRole('button', { name: 'Create Lead' }).click();
  await expectToast(page, 'Success', 'Lead created successfully');
  const lead = page.getByRole('article').filter({ has: page.getByRole('button', { name, exact: true }) });
  await expect(lead.getByRole('button', { name: 'Convert to Customer' })).toBeVisible();

  // Add Follow-up on the lead's card: the form with the lead chosen.
  await lead.getByRole('button', { name: 'Add Follow-up' }).click();
  await expect(page.getByRole('heading', { name: 'Add Follow-up' })).toBeVisible();
  await expect(page.getByLabel('Lead', { exact: true }).locator('option:checked')).toHaveText(name);
  await expect(page.getByLabel('Follow-up Date')).toHaveValue(dayFrom(0));
  await page.getByLabel('Type').selectOption({ label: 'WhatsApp' });
  await page.getByLabel('Next Follow-up').fill(dayFrom(7));
  await page.getByLabel('Notes').fill('Send the catalogue of shirts');
  await expectAccessible(page);
  await shot(page, 'form');
  await page.getByRole('button', { name: 'Create Follow-up' }).click();
  await expectToast(page, 'Success', 'Follow-up created successfully');
  // Saved, the form goes back where it was opened from: the leads.
  await expect(page.getByRole('heading', { name: 'Leads', level: 1 })).toBeVisible();
  await expect(lead).toContainText(/Next Follow-up.*WhatsApp/);

  // The follow-ups open on Today, where it is, pending.
  await page.goto(FOLLOW_UPS);
  await expect(page.getByRole('button', { name: 'Today' })).toHaveAttribute('aria-pressed', 'true');
  const followUp = page.getByRole('article').filter({ has: page.getByRole('button', { name, exact: true }) });
  await expect(followUp).toContainText('WhatsApp');
  await expect(followUp.getByText('pending', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'today');

  // Home: the follow-ups due today, a link to today's list.
  await page.goto('/');
  const due = page.getByRole('link', { name: /^Follow-ups: \d+ due today/ });
  await expect(due).toBeVisible();
  expect(Number(/(\d+) due today/.exec((await due.textContent()) ?? '')?.[1])).toBeGreaterThanOrEqual(1);
  await shot(page, 'home');
  await due.click();
  await expect(page).toHaveURL(/follow-ups\?view=today/);
  await expect(followUp).toBeVisible();

  // Search finds it by the lead's name and by its type's label.
  const search = page.getByRole('searchbox', { name: 'Search follow-ups' });
  await search.fill(name.toLowerCase());
  await expect(followUp).toBeVisible();
  await search.fill('whatsapp');
  await expect(followUp).toBeVisible();
  await search.fill('');

  // Mark Done: it leaves today's list, and the next follow-up's form opens, filled in.
  await followUp.getByRole('button', { name: 'Mark Done' }).click();
  await expect(page.getByRole('heading', { name: 'Add Follow-up' })).toBeVisible();
  await expect(page.getByLabel('Lead', { exact: true }).locator('option:checked')).toHaveText(name);
  await expect(page.getByLabel('Follow-up Date')).toHaveValue(dayFrom(7));
  await expect(page.getByLabel('Type').locator('option:checked')).toHaveText('WhatsApp');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'Today' })).toBeVisible();
  await expect(followUp).toHaveCount(0);
  await page.getByRole('button', { name: 'All' }).click();
  await expect(followUp.getByText('done', { exact: true })).toBeVisible();

  // Convert the lead: asked first, then a toast; the card says converted and opens the customer.
  await page.goto(LEADS);
  await lead.getByRole('button', { name: 'Convert to Customer' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Convert to Customer' });
  await expect(ask).toContainText(company);
  await shot(page, 'convert');
  await ask.getByRole('button', { name: 'Convert' }).click();
  await expectToast(page, 'Success', `Lead converted: ${company} is now a customer`);
  await expect(lead.getByText('converted', { exact: true })).toBeVisible();
  await expect(lead).toContainText(company);
  await lead.getByRole('button', { name: 'View Customer' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Customer' })).toBeVisible();
  await expect(page.getByLabel('Customer Name')).toHaveValue(company);
  await expect(page.getByLabel('Contact Person')).toHaveValue(name);
  await expect(page.getByLabel('Phone')).toHaveValue('+91 98200 11223');

  await shot(page, 'customer');

  // The customer appears in the customers list, and its card offers Add Follow-up too.
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name: 'Leads', level: 1 })).toBeVisible();
  await page.goto('/module/sales/task/customers');
  const customer = page.getByRole('article').filter({ has: page.getByRole('button', { name: company, exact: true }) });
  await expect(customer).toBeVisible();
  await customer.getByRole('button', { name: 'Add Follow-up' }).click();
  await expect(page.getByLabel('Customer', { exact: true }).locator('option:checked')).toHaveText(company);
});
