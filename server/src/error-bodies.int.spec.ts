import { api, byId, employeesEntity, ErrorBodySchema, HEADERS, vendorsEntity } from '@erp/contracts';
import { MASTER_DATA_SAMPLES } from '@erp/contracts/testing';
import { describe, expect, it } from 'vitest';

import { budget } from './testing/budget';
import type { Answer } from './testing/http-client';
import { productRoutes } from './testing/routes';
import { signedInOneProcess } from './testing/signed-in-system';

/**
 * Hostile input on every route the routers register (issue 10 item 5): never a 500, and an
 * error body is `{ error, message, issues? }` with no stack trace and no SQL in it.
 */

const LEAKS = /\bat \S+ \(|\bat \/|node_modules|\.[jt]s:\d+|\bSELECT\b|\bINSERT INTO\b|\bUPDATE \w+ SET\b|relation "|duplicate key|violates .*constraint|syntax error at/;

const HOSTILE_PARAMS = ['99999999999999999999', '-1', '1.5', "1' or '1'='1", '%00', '%E0%A4%A', 'x'.repeat(2000)];
const HOSTILE_QUERY = `?limit=-1&after=${encodeURIComponent("0' union select 1--")}&q=%00&type=%00&stream=%00`;
const HOSTILE_HEADERS = { [HEADERS.minPosition]: '99999999999999999999999', 'if-match': '"; drop"' };
const HOSTILE_BODIES: { raw: string }[] = [
  { raw: '{"name":' },
  { raw: '[]' },
  { raw: '"\\u0000"' },
  { raw: '{"id":99999999999999999999,"vendorId":-1,"lines":"x","name":{"$gt":""}}' },
];

const checkAnswer = (what: string, res: Answer, failures: string[]) => {
  if (res.status >= 500) failures.push(`${what} → ${res.status} ${res.text.slice(0, 200)}`);
  // An error's words (the API's own documentation, answered 200, names SQL and stacks on purpose).
  if (res.status >= 400 && LEAKS.test(res.text)) failures.push(`${what} leaks: ${res.text.slice(0, 300)}`);
  if (res.status < 400 || !res.text) return;
  if (!ErrorBodySchema.strict().safeParse(res.body).success) failures.push(`${what} → body ${res.text.slice(0, 200)}`);
};

/** Every routed path but sign-in's, and how many requests the walk sends: its time limit comes from that (a busy machine took over 60 s). */
const ROUTES = productRoutes().filter((r) => !r.path.startsWith('/api/auth/'));
const WALK_REQUESTS = ROUTES.reduce(
  (n, r) => n + 1 + (r.path.includes(':') ? HOSTILE_PARAMS.length : 1) * (['POST', 'PUT'].includes(r.method) ? HOSTILE_BODIES.length : 1),
  0,
);

describe('error bodies under hostile input', () => {
  const t = signedInOneProcess();

  it('every route, with hostile ids, query, headers and bodies: a 4xx in the error shape, nothing leaked', { timeout: budget({ requests: WALK_REQUESTS }) }, async () => {
    const routes = ROUTES;
    expect(routes.length).toBeGreaterThan(40);
    const failures: string[] = [];
    const statuses = new Set<number>();
    for (const route of routes) {
      // The hostile query once a route (a parameter the route does not take is refused before it,
      // issue 46), then the hostile ids and bodies without it, so they reach the route itself.
      const queried = await t.owner.request(route.method, `${route.path.replace(/:\w+/g, HOSTILE_PARAMS[0]!)}${HOSTILE_QUERY}`, { headers: { ...HOSTILE_HEADERS, 'content-type': 'application/json' } });
      statuses.add(queried.status);
      checkAnswer(`${route.method} ${route.path} ${HOSTILE_QUERY.slice(0, 40)}`, queried, failures);
      const withParams = route.path.includes(':');
      for (const param of withParams ? HOSTILE_PARAMS : ['']) {
        const url = route.path.replace(/:\w+/g, param);
        const bodies = ['POST', 'PUT'].includes(route.method) ? HOSTILE_BODIES : [undefined];
        for (const body of bodies) {
          const res = await t.owner.request(route.method, url, {
            headers: { ...HOSTILE_HEADERS, 'content-type': 'application/json' },
            ...body,
          });
          statuses.add(res.status);
          checkAnswer(`${route.method} ${url.slice(0, 80)} ${body?.raw ?? ''}`, res, failures);
        }
      }
    }
    expect(failures).toEqual([]);
    // The walk got past the session and into the routes: it saw their own answers.
    expect([...statuses].sort()).toEqual(expect.arrayContaining([200, 400, 404]));
    expect(statuses.has(401)).toBe(false);
    // None of it was written.
    expect((await t.owner.get(api.health)).body).toMatchObject({ store: { head: '0' } });
  });

  it('a uniqueness conflict (a database constraint underneath) names the field, not the index', async () => {
    const sample = MASTER_DATA_SAMPLES.employees!;
    const first = await t.owner.post(employeesEntity.path, { ...sample.body('a'), employeeId: 'EMP-1' });
    expect(first.status, first.text).toBe(201);
    const again = await t.owner.post(employeesEntity.path, { ...sample.body('b'), employeeId: 'emp-1' });
    const failures: string[] = [];
    checkAnswer('duplicate employee ID', again, failures);
    expect(failures).toEqual([]);
    expect(again.status).toBe(409);
    expect(ErrorBodySchema.parse(again.body).issues?.map((i) => i.path)).toEqual(['employeeId']);
  });

  it('a huge, a negative and a text id on a real record route are a 404, a stale If-Match a 412, all in the error shape', async () => {
    const created = await t.owner.post(vendorsEntity.path, MASTER_DATA_SAMPLES.vendors!.body('v'));
    expect(created.status, created.text).toBe(201);
    const failures: string[] = [];
    for (const id of ['99999999999999999999', '-5', 'abc', '2147483648']) {
      const res = await t.owner.get(byId(vendorsEntity.path, id));
      expect(res.status, id).toBe(404);
      checkAnswer(`GET vendor ${id}`, res, failures);
    }
    const stale = await t.owner.put(byId(vendorsEntity.path, (created.body as { id: number }).id), MASTER_DATA_SAMPLES.vendors!.body('w'), {
      headers: { 'if-match': '"99999999999999999999"' },
    });
    expect(stale.status).toBe(412);
    checkAnswer('stale If-Match', stale, failures);
    expect(failures).toEqual([]);
  });
});
