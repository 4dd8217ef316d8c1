import path from 'node:path';

import { api, byId, type CreatedWebhook, type Webhook } from '@erp/contracts';
import { describe, expect, it } from 'vitest';

import { cleanEnv, REPO_ROOT, startProcess } from './testing/processes';
import { signedInOneProcess } from './testing/signed-in-system';

/**
 * Issue 41 item 5, registration: without ERP_WEBHOOK_ALLOW_PRIVATE the server refuses a webhook
 * URL inside its own network in every notation, with a 400 naming `url`, and keeps nothing.
 * Nothing is sent anywhere: registration only parses and resolves (localhost from /etc/hosts).
 */
const INTERNAL = [
  'http://127.0.0.1:9100/metrics',
  'http://localhost:3000/api/health',
  'http://127.1/',
  'http://0x7f000001/',
  'http://2130706433/',
  'http://[::1]/',
  'http://[::ffff:127.0.0.1]/',
  'http://0.0.0.0/',
  'http://10.0.0.1/',
  'http://172.16.0.1/',
  'http://192.168.0.1/',
  'http://169.254.169.254/latest/meta-data/',
  'http://100.64.0.1/',
  'http://[fc00::1]/',
  'http://[fe80::1]/',
  'http://224.0.0.1/',
];

describe('webhook registration refuses targets inside the server network (issue 41)', () => {
  const t = signedInOneProcess();

  it('answers 400 on url for every notation of an internal address, and registers nothing', async () => {
    const wrong: string[] = [];
    for (const url of INTERNAL) {
      const res = await t.owner.post<{ issues?: { path: string; message: string }[] }>(api.webhooks, { url, active: false });
      const issue = res.body.issues?.[0];
      if (res.status !== 400 || issue?.path !== 'url' || !issue.message.includes('ERP_WEBHOOK_ALLOW_PRIVATE')) wrong.push(`${url}: ${res.status} ${res.text.slice(0, 160)}`);
    }
    expect(wrong).toEqual([]);
    expect((await t.owner.get<Webhook[]>(api.webhooks)).body).toEqual([]);
  });

  it('refuses a user name or password in the URL', async () => {
    const res = await t.owner.post(api.webhooks, { url: 'https://hooks:secret@203.0.113.7/in', active: false });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ issues: [{ path: 'url', message: 'A URL without a user name or password' }] });
  });

  it('a change of URL is checked the same way and leaves the webhook as it was', async () => {
    // A documentation address (TEST-NET-3), paused: nothing is ever sent to it.
    const made = await t.owner.post<CreatedWebhook>(api.webhooks, { url: 'https://203.0.113.7/in', active: false });
    expect(made.status, made.text).toBe(201);
    for (const url of ['http://localhost:9100/metrics', 'http://0x7f000001:5432/', 'http://[::ffff:169.254.169.254]/']) {
      const res = await t.owner.put(byId(api.webhooks, made.body.id), { url });
      expect(res.status, url).toBe(400);
      expect(res.body, url).toMatchObject({ issues: [{ path: 'url' }] });
    }
    expect((await t.owner.get<Webhook>(byId(api.webhooks, made.body.id))).body).toMatchObject({ url: 'https://203.0.113.7/in', active: false });
    expect((await t.owner.delete(byId(api.webhooks, made.body.id))).status).toBe(204);
  });

  it('ERP_WEBHOOK_ALLOW_PRIVATE other than true or false stops the start, saying why', async () => {
    const bad = startProcess('one-process', path.join(REPO_ROOT, 'server/dist/embedded.js'), cleanEnv({ DATABASE_URL: t.system.databaseUrl!, PORT: '0', ERP_WEBHOOK_ALLOW_PRIVATE: 'yes' }));
    const { code } = await bad.exited;
    expect(code).not.toBe(0);
    expect(bad.logs.join('\n')).toContain('ERP_WEBHOOK_ALLOW_PRIVATE must be true or false, not "yes"');
  });
});
