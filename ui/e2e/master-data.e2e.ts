import { expect, type Locator, test } from '@playwright/test';

import { ENTITIES } from './entities';
import { expectAccessible, expectToast, unique } from './support';

/** Types into a text control, or picks the option with that label in a select. */
async function fill(control: Locator, value: string) {
  if ((await control.evaluate((el) => el.tagName)) === 'SELECT') await control.selectOption({ label: value });
  else await control.fill(value);
}

for (const entity of ENTITIES) {
  const { texts } = entity;

  test(`${texts.title}: create, find, edit with history${texts.deleteDialog ? ', delete with confirmation' : ''}`, async ({ page }) => {
    const sample = entity.sample(unique('').trim());
    const [nameLabel, name] = Object.entries(sample)[0]!;
    await page.goto(entity.route);
    await expect(page.getByRole('heading', { name: texts.title, level: 1 })).toBeVisible();
    await expect(page.getByText(texts.subtitle)).toBeVisible();
    await expect(page.getByRole('link', { name: entity.backTo.name })).toHaveAttribute('href', entity.backTo.path);

    await page.getByRole('button', { name: texts.add }).click();
    await expect(page.getByRole('heading', { name: texts.create.title })).toBeVisible();
    await expect(page.getByText(texts.create.subtitle)).toBeVisible();
    await expect(page.getByRole('heading', { name: texts.section })).toBeVisible();
    await expect(page.getByLabel(nameLabel)).toHaveAttribute('aria-required', 'true');
    await expectAccessible(page);
    for (const [label, value] of Object.entries(sample)) await fill(page.getByLabel(label), value);
    await page.getByRole('button', { name: texts.create.submit }).click();
    await expectToast(page, 'Success', `${entity.label} created successfully`);

    const card = page.getByRole('article').filter({ has: page.getByRole('button', { name }) });
    for (const label of entity.cardShows) await expect(card).toContainText(sample[label]!);
    await expectAccessible(page);

    const search = page.getByRole('searchbox', { name: texts.search.replace(/\.+$/, '') });
    await expect(search).toHaveAttribute('placeholder', texts.search);
    for (const term of entity.searchTerms(sample)) {
      await search.fill(term);
      await expect(page.getByRole('button', { name })).toBeVisible();
    }
    await search.fill('zz-nothing-matches-zz');
    await expect(page.getByText(texts.emptySearch)).toBeVisible();
    await expectAccessible(page);
    await search.fill('');

    await page.getByRole('button', { name }).click();
    await expect(page.getByRole('heading', { name: texts.edit.title })).toBeVisible();
    await expect(page.getByText(texts.edit.subtitle)).toBeVisible();
    await expect(page.getByLabel(nameLabel)).toHaveValue(name!);
    await expect(page.getByRole('heading', { name: 'Created' })).toBeVisible();
    const before = sample[entity.edit.label];
    await fill(page.getByLabel(entity.edit.label), entity.edit.value);
    await page.getByRole('button', { name: texts.edit.submit }).click();
    await expectToast(page, 'Success', `${entity.label} updated successfully`);
    await expect(card).toContainText(entity.edit.value);

    await page.getByRole('button', { name }).click();
    await expect(page.getByRole('heading', { name: 'Updated' })).toBeVisible();
    await expect(page.getByText(`${entity.edit.label}: ${before} → ${entity.edit.value}`)).toBeVisible();
    await expectAccessible(page);

    const dialogTexts = texts.deleteDialog;
    if (!dialogTexts) return;
    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog', { name: dialogTexts.title });
    await expect(dialog).toContainText(dialogTexts.body);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: texts.edit.title })).toBeVisible();
    await page.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Success', `${entity.label} deleted successfully`);
    await expect(page.getByRole('heading', { name: texts.title, level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name })).toHaveCount(0);
  });
}

test('a taken Employee ID is refused on its field, with the error toast', async ({ page }) => {
  const employeeId = unique('E').replace(/\s/g, '-');
  await page.goto('/');
  const origin = new URL(page.url()).origin;
  expect((await page.request.post('/api/hr/employees', { data: { employeeId, name: 'First Holder' }, headers: { origin } })).status()).toBe(201);
  await page.goto('/module/hr/task/employees');
  await page.getByRole('button', { name: 'Add Employee' }).click();
  await page.getByLabel('Employee ID').fill(employeeId.toLowerCase());
  await page.getByLabel('Full Name').fill('Second Holder');
  await page.getByRole('button', { name: 'Create Employee' }).click();
  await expectToast(page, 'Error', 'Failed to create employee');
  await expect(page.getByText(`Employee ID ${employeeId.toLowerCase()} is already in use`)).toBeVisible();
  await expect(page.getByLabel('Employee ID')).toHaveAttribute('aria-invalid', 'true');
});
