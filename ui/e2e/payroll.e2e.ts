import { expect, test } from '@playwright/test';

import { expectAccessible, expectToast, unique } from './support';

test('payroll: add an employee, run the month, mark paid, the register shows it', async ({ page }, testInfo) => {
  const name = unique('Ravi Kumar');
  const code = `E-${Date.now().toString(36)}${testInfo.project.name.slice(0, 1)}`;

  await page.goto('/module/hr');
  await expect(page.getByRole('link', { name: /Payroll Register/ })).toBeVisible();
  await page.getByRole('link', { name: /^Payroll Monthly salaries/ }).click();
  await expect(page).toHaveURL(/\/module\/hr\/task\/payroll$/);

  await page.goto('/module/hr/task/employees');
  await page.getByRole('button', { name: 'Add Employee' }).click();
  await page.getByLabel('Employee ID').fill(code);
  await page.getByLabel('Full Name').fill(name);
  await page.getByLabel('Designation').fill('Store keeper');
  await page.getByLabel('Monthly Salary').fill('18000.10');
  await page.getByRole('button', { name: 'Create Employee' }).click();
  await expectToast(page, 'Success', 'Employee created successfully');

  await page.goto('/module/hr/task/payroll');
  await expect(page.getByRole('heading', { name: 'Payroll', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to HR' })).toHaveAttribute('href', '/module/hr');
  await page.getByRole('button', { name: 'Run Payroll' }).click();
  await expect(page.getByRole('region', { name: /Notifications/ }).getByText('Payroll run complete', { exact: true })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search payroll' }).fill(name);
  const card = page.getByRole('article').filter({ hasText: name });
  await expect(card).toContainText('Pending');
  await expect(card).toContainText('₹18,000.10');
  await page.screenshot({ path: testInfo.outputPath('payroll-list.png'), fullPage: true });
  await expectAccessible(page);

  // Allowances and deductions by hand: the form shows the net as it will be recorded.
  await card.getByRole('heading').click();
  await expect(page.getByRole('heading', { name: 'Edit Payroll' })).toBeVisible();
  await page.getByLabel('Allowances').fill('1500.45');
  await page.getByLabel('Deductions').fill('900.33');
  await expect(page.getByRole('status').filter({ hasText: 'Net salary' })).toContainText('₹18,600.22');
  await page.screenshot({ path: testInfo.outputPath('payroll-form.png'), fullPage: true });
  await page.getByRole('button', { name: 'Update Payroll' }).click();
  await expectToast(page, 'Success', 'Payroll updated successfully');

  await page.getByRole('searchbox', { name: 'Search payroll' }).fill(name);
  await card.getByRole('button', { name: 'Mark Paid' }).click();
  await expect(page.getByRole('heading', { name: `Mark paid: ${name}` })).toBeVisible();
  await page.getByLabel('Paid From').selectOption({ label: 'Cash' });
  await page.getByRole('button', { name: 'Confirm Payment' }).click();
  await expect(page.getByRole('region', { name: /Notifications/ }).getByText('Payroll marked paid', { exact: true })).toBeVisible();
  await expect(card).toContainText('Paid');
  await expect(card.getByRole('button', { name: 'Mark Paid' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Payslip' })).toBeVisible();

  await page.goto('/module/hr/task/payroll-register');
  await expect(page.getByRole('heading', { name: 'Payroll Register', level: 1 })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('₹18,600.22');
  await expect(row).toContainText('Paid');
  await expect(page.getByRole('row').filter({ hasText: 'Total' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('payroll-register.png'), fullPage: true });
  await expectAccessible(page);
});
