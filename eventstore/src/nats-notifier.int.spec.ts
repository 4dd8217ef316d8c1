import { createServer } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { natsNotifier } from './nats-notifier';
import type { Channel, Notifier } from './notifier';
import { freePort, type TestNats, testNats } from './testing';

/** Resolves true when `to` receives `value` on `channel`, false after `ms`. */
const receives = (to: Notifier, channel: Channel, value: string, ms: number) =>
  new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => finish(false), ms);
    const off = to.subscribe(channel, (position) => {
      if (position === value) finish(true);
    });
    function finish(result: boolean) {
      clearTimeout(timer);
      off();
      resolve(result);
    }
  });

/**
 * A subscription reaches the server a little after the notifier starts: publish again until
 * the other side hears it (bounded), instead of sleeping.
 */
const deliver = async (from: Notifier, to: Notifier, channel: Channel, value: string) => {
  for (let attempt = 0; attempt < 50; attempt++) {
    const heard = receives(to, channel, value, 100);
    from.publish(channel, value);
    if (await heard) return;
  }
  throw new Error(`${channel} ${value} never arrived`);
};

/** How many TCP connections arrive on `port` during `ms` (a window: it asserts an absence). */
const connectionsWithin = (port: number, ms: number) =>
  new Promise<number>((resolve, reject) => {
    let count = 0;
    const server = createServer((socket) => {
      count++;
      socket.destroy();
    });
    server.on('error', reject);
    server.listen(port, '127.0.0.1', () => {
      setTimeout(() => server.close(() => resolve(count)), ms);
    });
  });

describe('natsNotifier', () => {
  let nats: TestNats | undefined;
  const servers: TestNats[] = [];
  const started: Notifier[] = [];
  // Each run on its own subjects: other tests (and other machines' stores) share the NATS server.
  const namespace = `test-${process.pid}-${Date.now()}`;
  const start = async (url: string) => {
    const notifier = await natsNotifier(url, undefined, namespace);
    started.push(notifier);
    return notifier;
  };

  beforeAll(async () => {
    nats = await testNats();
  });
  afterAll(async () => {
    await Promise.all(started.map((n) => n.close()));
    await Promise.all(servers.map((s) => s.stop()));
    await nats?.stop();
  });

  it('carries a publish from one instance to the other, each channel apart', async () => {
    const a = await start(nats!.url);
    const b = await start(nats!.url);
    expect([a.kind, a.isHealthy(), b.isHealthy()]).toEqual(['nats', true, true]);
    const appended: string[] = [];
    const projected: string[] = [];
    b.subscribe('appended', (p) => appended.push(p));
    b.subscribe('projected', (p) => projected.push(p));

    await deliver(a, b, 'appended', '101');
    await deliver(a, b, 'projected', '202');
    await deliver(b, a, 'appended', '303');

    // b also hears its own '303' (NATS echoes), maybe a little later: that is fine.
    expect(appended).toContain('101');
    expect(appended.every((p) => p === '101' || p === '303')).toBe(true);
    expect(new Set(projected)).toEqual(new Set(['202']));
  });

  it("keeps each store's wake-ups to itself on a shared NATS", async () => {
    const mine = await start(nats!.url);
    const other = await natsNotifier(nats!.url, undefined, `${namespace}-other`);
    started.push(other);
    const heardByOther: string[] = [];
    other.subscribe('projected', (p) => heardByOther.push(p));
    const me = await start(nats!.url);
    // Delivered within this store (so the publish surely went out), never to the other one.
    await deliver(mine, me, 'projected', '909');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heardByOther).toEqual([]);
  });

  it('starts without a reachable server within 3 s and reports unhealthy', async () => {
    const deadPort = await freePort();
    const before = performance.now();

    const notifier = await start(`nats://127.0.0.1:${deadPort}`);

    expect(performance.now() - before).toBeLessThan(3_000);
    expect(notifier.isHealthy()).toBe(false);
    expect(() => notifier.publish('appended', '1')).not.toThrow();
  });

  it('connects when a server comes up on its port later', async () => {
    const port = await freePort();
    const late = await start(`nats://127.0.0.1:${port}`);
    expect(late.isHealthy()).toBe(false);

    servers.push(await testNats({ port }));
    for (let i = 0; i < 100 && !late.isHealthy(); i++) await receives(late, 'appended', '-', 50);
    const other = await start(`nats://127.0.0.1:${port}`);

    expect(late.isHealthy()).toBe(true);
    await deliver(other, late, 'appended', '404');
  });

  it('stops trying to connect once closed while the server is down', async () => {
    const port = await freePort();
    const notifier = await natsNotifier(`nats://127.0.0.1:${port}`, undefined, namespace);

    await notifier.close();
    // Listen where it was connecting: a notifier still retrying (every 500 ms) would knock.
    const attempts = await connectionsWithin(port, 1_500);

    expect(attempts).toBe(0);
    expect(notifier.isHealthy()).toBe(false);
  });
});
