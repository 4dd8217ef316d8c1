import { expect, type Page } from '@playwright/test';

/**
 * A document's details, from its card on its list (found by the customer's or vendor's name). A
 * save started from a document's details comes back to them: then they are already open.
 */
export async function openDetails(page: Page, task: string, party: string, heading: string, module = 'sales') {
  await page.goto(`/module/${module}/task/${task}`);
  const card = page.getByRole('article').filter({ hasText: party }).first();
  await expect(card.or(page.getByText(heading))).toBeVisible();
  if (await card.isVisible()) await card.getByRole('button', { name: 'View Details' }).click();
  await expect(page.getByText(heading)).toBeVisible();
  return page.getByRole('region', { name: 'Summary' });
}

/** The line of an item in the details' lines table: [converted, left]. */
export async function convertedAndLeft(page: Page, item: string) {
  const cells = page.getByRole('row').filter({ hasText: item }).getByRole('cell');
  return [await cells.nth(6).textContent(), await cells.nth(7).textContent()];
}
