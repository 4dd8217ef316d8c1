import { api, apiKeyActor, type ActivityPage, type ApiKey, byId, type CreatedApiKey, vendorsEntity } from '@erp/contracts';
import { MASTER_DATA_SAMPLES } from '@erp/contracts/testing';
import { describe, expect, it } from 'vitest';

import { eventually, HttpClient } from './testing/http-client';
import { startServices } from './testing/run-modes';
import { type SignedInSystem, signedInOneProcess, signedInSystem } from './testing/signed-in-system';
import { ownWork } from './testing/test-work';

const OWNER_PASSWORD = 'correct horse battery staple';
const vendor = (name: string) => MASTER_DATA_SAMPLES[vendorsEntity.plural]!.body(name);

const makeKey = async (t: SignedInSystem, body: Record<string, unknown>) => {
  const made = await t.owner.post<CreatedApiKey>(api.apiKeys, body);
  expect(made.status, made.text).toBe(201);
  return { ...made.body, client: new HttpClient(t.system.baseUrl, { headers: { Authorization: `Bearer ${made.body.key}` } }) };
};

/** What every mode must do with a key: reads and writes as its role, 429 past its rate, 401 once revoked. */
const keysWork = (t: SignedInSystem, limit: number) => {
  it('a key reads and writes as its role, and its events name it as the actor', ownWork(async () => {
    const key = await makeKey(t, { name: 'Tally sync', role: 'staff' });
    expect(key.key).toMatch(/^erp_[A-Za-z0-9_-]{43}$/);
    expect((await key.client.get(vendorsEntity.path)).status).toBe(200);
    const created = await key.client.post<{ id: number }>(vendorsEntity.path, vendor('Keyed Traders'));
    expect(created.status, created.text).toBe(201);
    const activity = await t.owner.get<ActivityPage>(`${api.activity}?record=vendor-${created.body.id}`);
    expect(activity.body.rows.map((r) => r.user)).toEqual([apiKeyActor('Tally sync')]);
    // Its role holds: staff cannot void, a key cannot manage keys or users.
    expect((await key.client.post(api.apiKeys, { name: 'another', role: 'owner' })).status).toBe(403);
    expect((await key.client.get(api.users)).status).toBe(403);
  }));

  it(`a key past ${limit} requests at once gets 429 with Retry-After and RateLimit-* headers; another key is not held back`, ownWork(async () => {
    const key = await makeKey(t, { name: 'Busy script', role: 'viewer' });
    const answers = await Promise.all(Array.from({ length: limit + 3 }, () => key.client.get(vendorsEntity.path)));
    const refused = answers.filter((a) => a.status === 429);
    expect(answers.filter((a) => a.status === 200).length).toBeLessThanOrEqual(limit);
    expect(refused.length).toBeGreaterThanOrEqual(3);
    const first = refused[0]!;
    expect(first.headers.get('RateLimit-Limit')).toBe(String(limit));
    expect(first.headers.get('RateLimit-Remaining')).toBe('0');
    expect(Number(first.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1);
    expect(Number(first.headers.get('RateLimit-Reset'))).toBeGreaterThanOrEqual(1);
    expect(first.body).toMatchObject({ error: 'too_many_requests' });
    const ok = answers.find((a) => a.status === 200)!;
    expect(Number(ok.headers.get('RateLimit-Remaining'))).toBeLessThan(limit);
    const other = await makeKey(t, { name: 'Quiet script', role: 'viewer' });
    expect((await other.client.get(vendorsEntity.path)).status).toBe(200);
  }));

  it('a revoked key is refused at its next request, reads and writes alike', ownWork(async () => {
    const key = await makeKey(t, { name: 'Leaked', role: 'staff' });
    expect((await key.client.get(vendorsEntity.path)).status).toBe(200);
    expect((await t.owner.delete(byId(api.apiKeys, key.id))).status).toBe(204);
    expect((await key.client.get(vendorsEntity.path)).status).toBe(401);
    expect((await key.client.post(vendorsEntity.path, vendor('After revoke'))).status).toBe(401);
    const listed = await t.owner.get<ApiKey[]>(api.apiKeys);
    expect(listed.body.find((k) => k.id === key.id)?.revokedAt).not.toBeNull();
  }));
};

describe('API keys, one process (issue 46)', () => {
  const t = signedInOneProcess({ ERP_API_KEY_RATE_LIMIT: '20' });
  keysWork(t, 20);

  it('the owner lists keys with their last use, never a key or its hash', ownWork(async () => {
    const key = await makeKey(t, { name: 'Listed', role: 'viewer', expiresAt: '2999-12-31' });
    expect((await key.client.get(api.auth.me)).status).toBe(200);
    expect((await key.client.get(vendorsEntity.path)).status).toBe(200);
    // The last use is written beside the request, not before its answer: read until it is there.
    const listed = await eventually(
      () => t.owner.get<ApiKey[]>(api.apiKeys),
      (res) => res.body.find((k) => k.id === key.id)?.lastUsedAt != null,
      { timeoutMs: 15_000, what: "the key's last use" },
    );
    const row = listed.body.find((k) => k.id === key.id)!;
    expect(row).toMatchObject({ name: 'Listed', role: 'viewer', prefix: key.key.slice(0, 8), createdBy: 'owner', expiresAt: '2999-12-31T23:59:59.999Z', revokedAt: null });
    expect(row.lastUsedAt).not.toBeNull();
    expect(listed.text).not.toContain(key.key);
    expect(listed.text).not.toMatch(/[0-9a-f]{64}/);
  }));

  it('an expired key is refused; a key with a bad shape or none of ours too; an expiry in the past is a 400', ownWork(async () => {
    const key = await makeKey(t, { name: 'Short lived', role: 'viewer', expiresAt: new Date(Date.now() + 1500).toISOString() });
    expect((await key.client.get(vendorsEntity.path)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    expect((await key.client.get(vendorsEntity.path)).status).toBe(401);
    for (const bearer of ['Bearer erp_nope', `Bearer erp_${'A'.repeat(43)}`, 'Basic b3duZXI6cGFzcw==']) {
      expect((await t.owner.get(vendorsEntity.path, { headers: { Authorization: bearer }, anonymous: true })).status, bearer).toBe(401);
    }
    const past = await t.owner.post(api.apiKeys, { name: 'Past', role: 'viewer', expiresAt: '2020-01-01' });
    expect(past.status).toBe(400);
    expect(past.text).toContain('expiresAt');
    const unknown = await t.owner.post(api.apiKeys, { name: 'Typo', role: 'viewer', expires: '2999-01-01' });
    expect(unknown.status).toBe(400);
  }));

  it("a key survives the owner's password change; only the owner makes keys", ownWork(async () => {
    const key = await makeKey(t, { name: 'Nightly export', role: 'accountant' });
    const changed = await t.owner.post(api.auth.password, { currentPassword: OWNER_PASSWORD, newPassword: 'a brand new passphrase' });
    expect(changed.status, changed.text).toBe(204);
    expect((await key.client.get(vendorsEntity.path)).status).toBe(200);
    expect((await t.owner.post(api.auth.password, { currentPassword: 'a brand new passphrase', newPassword: OWNER_PASSWORD })).status).toBe(204);
    expect((await key.client.post(api.auth.password, { currentPassword: OWNER_PASSWORD, newPassword: 'by a key 12345' })).status).toBe(403);
    expect((await t.owner.post(api.users, { username: 'clerk', password: 'clerk password 1', role: 'staff' })).status).toBe(201);
    const clerk = new HttpClient(t.system.baseUrl);
    expect((await clerk.login('clerk', 'clerk password 1')).status).toBe(200);
    expect((await clerk.post(api.apiKeys, { name: 'mine', role: 'staff' })).status).toBe(403);
    expect((await clerk.get(api.apiKeys)).status).toBe(403);
  }));
});

describe('API keys, services mode (issue 46)', () => {
  const t = signedInSystem(() => startServices({ env: { ERP_API_KEY_RATE_LIMIT: '8' } }));
  keysWork(t, 8);
});
