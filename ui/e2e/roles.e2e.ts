import { type Browser, expect, type Page, test } from '@playwright/test';

import { ADMIN, apiPost, expectAccessible, expectToast, unique } from './support';

// Every step through the screens, from a browser with no cookies: the owner signs in and adds
// the users; each then signs in on a browser of their own.
test.use({ storageState: { cookies: [], origins: [] } });

const PASSWORD = 'role-pass-2026';

const signIn = async (page: Page, user: { username: string; password: string }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: `Log out ${user.username}` })).toBeVisible();
};

const freshBrowser = async (browser: Browser, baseURL: string | undefined) => (await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } })).newPage();

const addUser = async (owner: Page, username: string, role: string) => {
  await owner.getByRole('button', { name: 'Add User' }).click();
  const form = owner.getByRole('form', { name: 'Add User' });
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByLabel('Role').selectOption({ label: role });
  await form.getByRole('button', { name: 'Create User' }).click();
  await expectToast(owner, 'Success', `${username} can now sign in as ${role}`);
  await expect(owner.getByRole('heading', { name: username })).toBeVisible();
};

test('the owner adds a viewer and a staff member; each sees only what their role allows; a disabled user is signed out', async ({ page, browser, baseURL }) => {
  const suffix = unique('u').split(' ')[1]!;
  const viewer = { username: `viewer-${suffix}`, password: PASSWORD };
  const staff = { username: `staff-${suffix}`, password: PASSWORD };
  const vendorName = unique('Role Vendor');
  // Its budget from its work: eight password hashes (three sign-ins, two users made, a change
  // checked and made, a refused sign-in), one at a time through the server's hash gate and up to
  // 10 s each on a busy machine, and some forty screens and checks at up to 2 s each.
  test.setTimeout(8 * 10_000 + 40 * 2_000);

  await signIn(page, ADMIN);
  await apiPost(page, '/api/purchase/vendors', { name: vendorName });
  await page.getByRole('link', { name: 'Business settings' }).click();
  await page.getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await addUser(page, viewer.username, 'Viewer');
  await addUser(page, staff.username, 'Staff');
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('users.png'), fullPage: true });

  // The viewer: the list and the record, no Add button, no Save; settings read-only, no Users.
  const asViewer = await freshBrowser(browser, baseURL);
  await signIn(asViewer, viewer);
  await asViewer.goto('/module/purchase/task/vendors');
  await expect(asViewer.getByRole('heading', { name: 'Vendors' })).toBeVisible();
  await asViewer.getByRole('searchbox').fill(vendorName);
  await expect(asViewer.getByRole('heading', { name: vendorName })).toBeVisible();
  await expect(asViewer.getByRole('button', { name: 'Add Vendor' })).toHaveCount(0);
  await asViewer.getByRole('heading', { name: vendorName }).click();
  await expect(asViewer.getByText('Your role can see this vendor but not change it.')).toBeVisible();
  await expect(asViewer.getByRole('button', { name: 'Update Vendor' })).toHaveCount(0);
  await expect(asViewer.getByLabel('Vendor Name')).toBeDisabled();
  await asViewer.screenshot({ path: test.info().outputPath('viewer-vendor.png'), fullPage: true });
  await asViewer.goto('/settings');
  await expect(asViewer.getByText('Only the owner can change the business profile.')).toBeVisible();
  await expect(asViewer.getByRole('button', { name: 'Save Settings' })).toHaveCount(0);
  await expect(asViewer.getByRole('link', { name: 'Users' })).toHaveCount(0);
  await asViewer.getByRole('link', { name: 'Your Account' }).click();
  await expect(asViewer.getByText('Viewer — Read-only')).toBeVisible();

  // A user changes their own password.
  await asViewer.getByLabel('Current Password').fill(PASSWORD);
  await asViewer.getByLabel(/^New Password(?! Again)/).fill('viewer-new-pass-1');
  await asViewer.getByLabel('New Password Again').fill('viewer-new-pass-1');
  await asViewer.getByRole('button', { name: 'Change Password' }).click();
  await expectToast(asViewer, 'Success', 'Password changed. Your other sign-ins have ended.');

  // Staff: adds a vendor; no Users, settings read-only.
  const asStaff = await freshBrowser(browser, baseURL);
  await signIn(asStaff, staff);
  await asStaff.goto('/module/purchase/task/vendors');
  await expect(asStaff.getByRole('button', { name: 'Add Vendor' })).toBeVisible();
  await asStaff.goto('/settings');
  await expect(asStaff.getByRole('link', { name: 'Users' })).toHaveCount(0);
  await expect(asStaff.getByText('Only the owner can change the business profile.')).toBeVisible();
  await expect(asStaff.getByRole('link', { name: 'Activity' })).toHaveCount(0);

  // The owner's Activity: who did what; the viewer's password change is there, by the viewer.
  await page.getByRole('link', { name: 'Back to settings' }).click();
  await page.getByRole('link', { name: 'Activity' }).click();
  await expect(page.getByRole('heading', { name: 'Activity', level: 1 })).toBeVisible();
  await page.getByLabel('User', { exact: true }).selectOption(viewer.username);
  await expect(page.getByRole('heading', { name: /^User #\d+ · User password set$/ })).toBeVisible();
  await expect(page.getByText(/by viewer-/).first()).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('activity.png'), fullPage: true });
  await page.goto('/settings/users');

  // The owner disables the viewer: their next screen is the sign-in, and signing in fails.
  await page.reload();
  const card = page.getByRole('region', { name: viewer.username });
  await card.getByRole('button', { name: 'Disable' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Disable' }).click();
  await expectToast(page, 'Success', `${viewer.username} is disabled and signed out`);
  await expect(card.getByText('Disabled')).toBeVisible();
  await asViewer.goto('/module/purchase/task/vendors');
  await expect(asViewer.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await asViewer.getByLabel('Username').fill(viewer.username);
  await asViewer.getByLabel('Password').fill('viewer-new-pass-1');
  await asViewer.getByRole('button', { name: 'Sign in' }).click();
  await expect(asViewer.getByText('Invalid username or password')).toBeVisible();
});
