import { fileURLToPath } from 'node:url';

import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The session saved by the setup project, reused by the desktop and phone projects. */
export const AUTH_STATE = fileURLToPath(new URL('../../test-results/e2e-auth.json', import.meta.url));

export const ADMIN = { username: 'owner', password: 'correct-horse-42' } as const;

/** The app under test keeps its embedded PostgreSQL here, and was started with this setup code. */
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? `/tmp/erp-e2e-${process.env.E2E_PORT ?? '3100'}`;
/** The second app, whose business is registered for GST (the gst/ journeys), and its session. */
export const GST_DATA_DIR = `${E2E_DATA_DIR}-gst`;
export const GST_AUTH_STATE = fileURLToPath(new URL('../../test-results/e2e-gst-auth.json', import.meta.url));
export const SETUP_CODE = 'E2E-SETUP';

/** A name no other test (or the other viewport project) will use. */
export const unique = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

/** Paise as the screens show them: 1180000 → '₹11,800.00' (en-IN grouping; the arithmetic stays in integers). */
export const shown = (paise: number) => `₹${Math.floor(paise / 100).toLocaleString('en-IN')}.${String(paise % 100).padStart(2, '0')}`;

/** The toast region (announced through its own live region, so each text is on the page once). */
export const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });

export async function expectToast(page: Page, title: string, description: string) {
  const region = toasts(page);
  await expect(region.getByText(title, { exact: true })).toBeVisible();
  await expect(region.getByText(description, { exact: true })).toBeVisible();
}

/** Waits for the staggered entrance and any animation to finish, so axe sees final colours. */
export async function settle(page: Page) {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('li')].every((li) => getComputedStyle(li).opacity === '1'),
  );
  // And every animation that ends done (a dialog fading in; a spinner's never ends): axe measures colours as they end up.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
  );
}

/** No serious or critical WCAG 2.1 A/AA violation on the current screen. */
export async function expectAccessible(page: Page) {
  await settle(page);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(bad, bad.join('\n')).toEqual([]);
}

/**
 * A document's line `n`, opened first when it is a row: a phone shows a line not being edited as
 * one button that opens it.
 */
export async function openLine(page: Page, n: number) {
  const line = page.getByRole('group', { name: `Line ${n}` });
  await expect(line).toBeVisible();
  const row = line.getByRole('button', { name: new RegExp(`^Line ${n}\\b`), expanded: false });
  if (await row.isVisible()) await row.click();
  await expect(line.getByRole('button', { expanded: false })).toHaveCount(0);
  return line;
}

export async function login(page: Page) {
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * A record made over the API behind the screens' back (test data), answered once the list's read
 * model holds it: the screens read without knowing this write, so a list opened at once could
 * be a moment behind (eventual consistency; the screens' own writes wait for their reads).
 */
export async function apiPost(page: Page, path: string, data: unknown) {
  const res = await page.request.post(path, { data, headers: { origin: new URL(page.url()).origin } });
  expect(res.status(), await res.text()).toBe(201);
  const position = res.headers()['x-event-position'];
  if (position) expect((await page.request.get(`${path}?limit=1`, { headers: { 'X-Min-Position': position } })).status()).toBe(200);
  return (await res.json()) as { id: number; totalAmount: string; invoiceNumber?: string; noteNumber?: string };
}
