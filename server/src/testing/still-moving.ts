import { api, byId, HEADERS, vendorsEntity } from '@erp/contracts';
import { MASTER_DATA_SAMPLES } from '@erp/contracts/testing';
import { expect } from 'vitest';
import type { z } from 'zod';

import { LiveHealthSchema } from './health';
import type { HttpClient } from './http-client';

type Health = z.output<typeof LiveHealthSchema>;

/**
 * Issue 18: after a hostile write, health names no problem and no read model has stopped on it.
 * Answers the log's head.
 */
export const expectHealthy = async (client: HttpClient): Promise<string> => {
  const health = await client.get<Health>(api.health);
  expect(health.status, health.text.slice(0, 400)).toBe(200);
  expect(health.body.problems).toEqual([]);
  expect(health.body.projections.filter((p) => p.stopped !== null).map((p) => p.name)).toEqual([]);
  return health.body.store.head;
};

/** The log's last position (health with the audit permission says it). */
export const storeHead = async (client: HttpClient) => (await client.get<Health>(api.health)).body.store.head;

/** `write` is refused and nothing reaches the log: the store's head is where it was. */
export const expectNothingAppended = async <T>(client: HttpClient, write: () => Promise<T>, what = 'the write'): Promise<T> => {
  const before = await storeHead(client);
  const answer = await write();
  const after = await storeHead(client);
  const appended = after === before ? '' : JSON.stringify((await client.get(`${api.events}?after=${before}&limit=5`)).body).slice(0, 800);
  expect(after, `${what} appended ${appended}`).toBe(before);
  return answer;
};

/**
 * A normal vendor written right after is there at once: by id with no waiting (master data
 * answers every committed write), and in the list once the read models reach its position;
 * and health is still clean.
 */
export const expectNormalWriteVisible = async (client: HttpClient, name: string) => {
  const created = await client.post<{ id: number }>(vendorsEntity.path, MASTER_DATA_SAMPLES[vendorsEntity.plural]!.body(name));
  expect(created.status, created.text.slice(0, 400)).toBe(201);
  const position = created.headers.get(HEADERS.eventPosition)!;
  const one = await client.get<{ id: number }>(byId(vendorsEntity.path, created.body.id));
  expect(one.status).toBe(200);
  expect(one.body.id).toBe(created.body.id);
  const list = await client.get<{ id: number }[]>(`${vendorsEntity.path}?q=${encodeURIComponent(name)}`, { headers: { [HEADERS.minPosition]: position } });
  expect(list.headers.get('X-Read-Model-Stale')).toBeNull();
  expect(list.body.map((r) => r.id)).toContain(created.body.id);
  await expectHealthy(client);
};
