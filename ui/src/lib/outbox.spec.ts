import 'fake-indexeddb/auto';

import { describe, expect, it } from 'vitest';

import { type NewCommand, Outbox, type OutboxEntry } from './outbox';
import { indexedDbOutboxStore } from './outbox-store';

/** A server that answers as told, and remembers what reached it (the key of each command). */
const server = () => {
  const received: string[] = [];
  let answer: (entry: OutboxEntry) => Response | 'offline' = () => new Response('{}', { status: 201 });
  return {
    received,
    answer: (next: typeof answer) => void (answer = next),
    transmit: async (entry: OutboxEntry) => {
      const a = answer(entry);
      if (a === 'offline') throw new TypeError('Failed to fetch');
      received.push(entry.id);
      return a;
    },
  };
};

let stores = 0;
const freshStore = () => indexedDbOutboxStore(`outbox-spec-${++stores}`);
const command = (id: string, path = '/api/sales/invoices'): NewCommand => ({ id, method: 'POST', path, body: { id }, ifMatch: null });
const refused = (status: number, message: string) =>
  new Response(JSON.stringify({ error: 'conflict', message, issues: [{ path: 'name', message }] }), { status });

describe('the outbox (issue 47)', () => {
  it('sends at once when the network answers, and keeps nothing', async () => {
    const net = server();
    const outbox = new Outbox(freshStore(), net.transmit);
    const outcome = await outbox.submit(command('k1'));
    expect(outcome.kind).toBe('answered');
    expect(net.received).toEqual(['k1']);
    expect(outbox.list()).toEqual([]);
  });

  it('keeps what it could not send, across a reload, and sends it later once, in the order it was made', async () => {
    const store = freshStore();
    const net = server();
    net.answer(() => 'offline');
    const before = new Outbox(store, net.transmit);
    for (const id of ['sale', 'receipt', 'customer']) expect((await before.submit(command(id))).kind).toBe('queued');
    expect(before.list().map((e) => [e.id, e.state])).toEqual([['sale', 'waiting'], ['receipt', 'waiting'], ['customer', 'waiting']]);

    // The app closed and opened again: a new outbox on the same store.
    net.answer(() => new Response('{}', { status: 201 }));
    const after = new Outbox(store, net.transmit);
    await after.ready();
    expect(after.list().map((e) => e.id)).toEqual(['sale', 'receipt', 'customer']);
    expect(await after.flush()).toBe(3);
    expect(await after.flush()).toBe(0);
    expect(net.received).toEqual(['sale', 'receipt', 'customer']);
    expect(after.list()).toEqual([]);
    expect(await store.all()).toEqual([]);
  });

  it('stops at the first command the network drops and resends it, with the same key, before any later one', async () => {
    const net = server();
    const outbox = new Outbox(freshStore(), net.transmit);
    net.answer(() => 'offline');
    await outbox.submit(command('first'));
    let calls = 0;
    // The network answers one request, then drops again.
    net.answer(() => (++calls === 1 ? new Response('{}', { status: 503 }) : 'offline'));
    expect((await outbox.submit(command('second'))).kind).toBe('queued');
    expect(net.received).toEqual(['first']);
    net.answer(() => new Response('{}', { status: 201 }));
    await outbox.flush();
    expect(net.received).toEqual(['first', 'first', 'second']);
  });

  it('keeps a command the server refuses later, with why, and goes on with the next', async () => {
    const store = freshStore();
    const net = server();
    const outbox = new Outbox(store, net.transmit);
    net.answer(() => 'offline');
    await outbox.submit({ ...command('edit', '/api/sales/customers/4'), method: 'PUT', ifMatch: '"2"' });
    await outbox.submit(command('sale'));
    net.answer((e) => (e.id === 'edit' ? refused(412, 'It was changed by someone else') : new Response('{}', { status: 201 })));
    expect(await outbox.flush()).toBe(1);
    const [kept] = outbox.list();
    expect(kept).toMatchObject({ id: 'edit', state: 'refused', body: { id: 'edit' }, ifMatch: '"2"' });
    expect(kept!.refusal).toEqual({ status: 412, message: 'It was changed by someone else', issues: [{ path: 'name', message: 'It was changed by someone else' }] });
    // Refused is not sent again by itself, and survives a reload until discarded.
    await outbox.flush();
    expect(net.received).toEqual(['edit', 'sale']);
    const reopened = new Outbox(store, net.transmit);
    await reopened.ready();
    expect(reopened.list().map((e) => e.state)).toEqual(['refused']);
    await reopened.discard('edit');
    expect(await store.all()).toEqual([]);
  });

  it('hands a refusal to the form still open, and keeps nothing of it: the form has the values', async () => {
    const net = server();
    const outbox = new Outbox(freshStore(), net.transmit);
    net.answer(() => refused(400, 'Customer is required'));
    const outcome = await outbox.submit(command('typed'));
    expect(outcome.kind === 'answered' && outcome.response.status).toBe(400);
    expect(outbox.list()).toEqual([]);
  });

  it('the same key submitted again while it waits is one command, not two', async () => {
    const net = server();
    const outbox = new Outbox(freshStore(), net.transmit);
    net.answer(() => 'offline');
    await outbox.submit(command('same'));
    await outbox.submit(command('same'));
    expect(outbox.list()).toHaveLength(1);
  });

  it('lets the form go when no answer comes soon; the late answer is the outbox\'s to handle', async () => {
    let release: (response: Response) => void = () => undefined;
    const late = new Promise<Response>((resolve) => (release = resolve));
    const outbox = new Outbox(freshStore(), () => late, undefined, 20);
    const outcome = await outbox.submit(command('slow'));
    expect(outcome.kind).toBe('queued');
    expect(outbox.list().map((e) => e.id)).toEqual(['slow']);
    release(new Response('{}', { status: 201 }));
    await outbox.flush();
    expect(outbox.list()).toEqual([]);
  });

  it('a command kept while a sync runs is sent after it, not left for the next', async () => {
    const net = server();
    const outbox = new Outbox(freshStore(), net.transmit);
    net.answer(() => 'offline');
    await outbox.submit(command('first'));
    net.answer(() => new Response('{}', { status: 201 }));
    const running = outbox.flush();
    const outcome = await outbox.submit(command('second'));
    await running;
    expect(outcome.kind).toBe('answered');
    expect(net.received).toEqual(['first', 'second']);
  });
});
