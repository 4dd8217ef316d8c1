import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { expect, type Page, test } from '@playwright/test';

import { ADMIN, apiPost, expectAccessible, expectToast, unique } from './support';

// Issue 23 from a browser with no cookies: the owner signs in, registers a webhook for a local
// receiver through the screen, reads the secret shown once, and watches a vendor's delivery
// arrive signed, after a 500 and one retry, delivered on the screen.
test.use({ storageState: { cookies: [], origins: [] } });

interface Received {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  readonly answered: number;
}

/** A receiver an integrator could run: each event's first attempt gets a 500, later ones a 204. */
const startReceiver = async () => {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const eventId = String(req.headers['x-erp-event-id']);
      const answered = received.some((r) => r.headers['x-erp-event-id'] === eventId) ? 204 : 500;
      received.push({ headers: req.headers, body, answered });
      res.statusCode = answered;
      res.end();
    });
  });
  // Port 0: a free port of its own, so the desktop and phone runs never share one.
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, received, port: (server.address() as AddressInfo).port };
};

/** `sha256=HMAC(secret, "<timestamp>.<body>")`, compared in constant time. */
const signedWith = (secret: string, r: Received) => {
  const timestamp = String(r.headers['x-erp-timestamp'] ?? '');
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(`${timestamp}.${r.body}`).digest('hex')}`);
  const given = Buffer.from(String(r.headers['x-erp-signature'] ?? ''));
  return timestamp !== '' && given.length === expected.length && timingSafeEqual(given, expected);
};

const signIn = async (page: Page) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: `Log out ${ADMIN.username}` })).toBeVisible();
};

test('the owner registers a webhook, copies the secret once, and sees a signed delivery retried until delivered', async ({ page, context }) => {
  const receiver = await startReceiver();
  const url = `http://127.0.0.1:${receiver.port}/hooks/${test.info().project.name}`;
  const vendorName = unique('Webhook Vendor');
  try {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page);
    await page.getByRole('link', { name: 'Business settings' }).click();
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();

    // Register it for VendorCreated only.
    await page.getByRole('button', { name: 'Add Webhook' }).click();
    const form = page.getByRole('form', { name: 'Add Webhook' });
    await form.getByLabel('URL').fill('ftp://example.com/x');
    await form.getByRole('button', { name: 'Create Webhook' }).click();
    await expect(form.getByText('Enter an http:// or https:// URL')).toBeVisible();
    await form.getByLabel('URL').fill(url);
    await expect(form.getByText('None chosen: every event is sent.')).toBeVisible();
    await form.getByText('Purchase', { exact: true }).click();
    await form.getByLabel('VendorCreated', { exact: true }).check();
    await expect(form.getByText('1 chosen: VendorCreated')).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath('webhooks-form.png'), fullPage: true });
    await form.getByRole('button', { name: 'Create Webhook' }).click();
    await expectToast(page, 'Success', 'Webhook added; copy its secret now');

    // The secret, shown this once, with how to check it; Copy puts it on the clipboard.
    const shown = page.getByRole('region', { name: 'Copy the signing secret now' });
    await expect(shown.getByText('Each delivery has X-Erp-Signature: sha256=HMAC of timestamp.body with this secret', { exact: false })).toBeVisible();
    const secret = (await shown.getByTestId('webhook-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    await shown.getByRole('button', { name: 'Copy' }).click();
    await expectToast(page, 'Success', 'Secret copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    const card = page.getByRole('region', { name: url });
    await expect(card.getByText('VendorCreated', { exact: true })).toBeVisible();
    await expect(card.getByText('Active', { exact: true })).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath('webhooks-secret.png'), fullPage: true });
    await shown.getByRole('button', { name: 'I have saved it' }).click();
    await expect(page.getByTestId('webhook-secret')).toHaveCount(0);
    await page.reload();
    await expect(card).toBeVisible();
    await expect(page.getByText(secret)).toHaveCount(0);

    // A vendor: its VendorCreated reaches the receiver signed, refused once, accepted on the retry.
    const vendor = await apiPost(page, '/api/purchase/vendors', { name: vendorName });
    const mine = (r: Received) => (JSON.parse(r.body) as { type: string; data: { id?: number } }).data.id === vendor.id;
    await expect.poll(() => receiver.received.filter(mine).map((r) => r.answered), { timeout: 30_000 }).toEqual([500, 204]);
    for (const r of receiver.received.filter(mine)) {
      expect(r.headers['x-erp-event-type']).toBe('VendorCreated');
      expect(signedWith(secret, r), 'the signature verifies with the secret shown once').toBe(true);
      expect(signedWith(`${secret}x`, r)).toBe(false);
    }

    // The screen shows it delivered after 2 attempts (Refresh reads the list again).
    const delivered = card.getByRole('listitem', { name: 'VendorCreated delivered' }).first();
    await expect(async () => {
      await card.getByRole('button', { name: `Refresh deliveries to ${url}` }).click();
      await expect(delivered).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await expect(delivered.getByText('2 attempts · last answer HTTP 204')).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath('webhooks.png'), fullPage: true });

    // Pause and resume; then delete it.
    await card.getByRole('button', { name: 'Pause' }).click();
    await expectToast(page, 'Success', 'Webhook paused; events are not sent to it');
    await expect(card.getByText('Paused', { exact: true })).toBeVisible();
    await card.getByRole('button', { name: 'Resume' }).click();
    await expectToast(page, 'Success', 'Webhook resumed');
    await expect(card.getByText('Active', { exact: true })).toBeVisible();
    await card.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Webhook' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Success', 'Webhook deleted');
    await expect(card).toHaveCount(0);
  } finally {
    receiver.server.closeAllConnections();
    await new Promise((resolve) => receiver.server.close(resolve));
  }
});
