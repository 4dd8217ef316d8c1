import { describe, expect, it } from 'vitest';

import { inProcessNotifier } from './notifier';

describe('inProcessNotifier', () => {
  it('delivers a publish to every subscriber of its channel, at once', () => {
    const notifier = inProcessNotifier();
    const first: string[] = [];
    const second: string[] = [];
    notifier.subscribe('appended', (p) => first.push(p));
    notifier.subscribe('appended', (p) => second.push(p));

    notifier.publish('appended', '42');

    expect(first).toEqual(['42']);
    expect(second).toEqual(['42']);
  });

  it('keeps the appended and projected channels apart', () => {
    const notifier = inProcessNotifier();
    const appended: string[] = [];
    const projected: string[] = [];
    notifier.subscribe('appended', (p) => appended.push(p));
    notifier.subscribe('projected', (p) => projected.push(p));

    notifier.publish('appended', '1');
    notifier.publish('projected', '2');

    expect(appended).toEqual(['1']);
    expect(projected).toEqual(['2']);
  });

  it('stops delivering to a listener that unsubscribed, and to none after close', async () => {
    const notifier = inProcessNotifier();
    const gone: string[] = [];
    const kept: string[] = [];
    const off = notifier.subscribe('projected', (p) => gone.push(p));
    notifier.subscribe('projected', (p) => kept.push(p));

    off();
    notifier.publish('projected', '3');
    await notifier.close();
    notifier.publish('projected', '4');

    expect(gone).toEqual([]);
    expect(kept).toEqual(['3']);
  });

  it('publishes with no subscriber without failing, and is always healthy', () => {
    const notifier = inProcessNotifier();

    expect(() => notifier.publish('appended', '5')).not.toThrow();
    expect(notifier.kind).toBe('in-process');
    expect(notifier.isHealthy()).toBe(true);
  });
});
