import type { LookupAddress } from 'node:dns';

import { describe, expect, it } from 'vitest';

import { isPrivateAddress, type Resolver, refusedTarget, targetLookup, WebhookTargetRefused } from './webhook-targets';

/**
 * Issue 41 item 5: webhooks must not reach the server's own network. Nothing here connects:
 * names resolve through an injected resolver, and a refusal is decided before any socket.
 */

const OFF = { allowPrivate: false } as const;
const resolving = (table: Record<string, string[]>): Resolver & { asked: string[] } => {
  const asked: string[] = [];
  const resolve = async (hostname: string): Promise<LookupAddress[]> => {
    asked.push(hostname);
    const addresses = table[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(resolve, { asked });
};

/** Every notation of a loopback, private, link-local, unspecified, shared or multicast address the issue names. */
const REFUSED_URLS = [
  'http://127.0.0.1:9100/metrics',
  'http://127.1/',
  'http://0x7f000001/',
  'http://2130706433/',
  'http://017700000001/',
  'http://127.255.255.254/',
  'http://[::1]/',
  'http://[::ffff:127.0.0.1]/',
  'http://[::ffff:7f00:1]/',
  'http://0.0.0.0/',
  'http://0/',
  'http://[::]/',
  'http://10.1.2.3/',
  'http://172.16.0.1/',
  'http://172.31.255.255/',
  'http://192.168.1.1/',
  'http://169.254.169.254/latest/meta-data/',
  'http://[::ffff:169.254.169.254]/',
  'http://100.64.0.1/',
  'http://[fc00::1]/',
  'http://[fd12:3456::1]/',
  'http://[fe80::1]/',
  'http://224.0.0.1/',
  'http://[ff02::1]/',
  'http://255.255.255.255/',
  // NAT64 and 6to4 addresses that carry a private IPv4 address inside.
  'http://[64:ff9b::7f00:1]/',
  'http://[2002:a9fe:a9fe::1]/',
];

describe('webhook targets: what a webhook may be sent to', () => {
  it('refuses every notation of an internal address, without resolving anything', async () => {
    const resolve = resolving({});
    const allowed: string[] = [];
    for (const url of REFUSED_URLS) if ((await refusedTarget(url, { ...OFF, resolve })) === null) allowed.push(url);
    expect(allowed).toEqual([]);
    expect(resolve.asked).toEqual([]);
  });

  it('takes public addresses, also inside IPv4-mapped, NAT64 and 6to4 forms', async () => {
    for (const address of ['203.0.113.7', '198.51.100.20', '2001:db8::1', '::ffff:203.0.113.7', '64:ff9b::cb00:7107', '2002:cb00:7107::1']) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
    expect(await refusedTarget('https://203.0.113.7/hooks', OFF)).toBeNull();
    expect(await refusedTarget('https://[2001:db8::1]:8443/hooks', OFF)).toBeNull();
  });

  it('a name is refused when any address it resolves to is internal', async () => {
    const resolve = resolving({
      'metadata.example.test': ['169.254.169.254'],
      'mixed.example.test': ['203.0.113.7', '127.0.0.1'],
      'six.example.test': ['2001:db8::5', '::1'],
      'localhost': ['127.0.0.1', '::1'],
      'public.example.test': ['203.0.113.7', '2001:db8::5'],
    });
    for (const host of ['metadata.example.test', 'mixed.example.test', 'six.example.test', 'localhost']) {
      expect(await refusedTarget(`http://${host}:8080/x`, { ...OFF, resolve }), host).toContain(host);
    }
    expect(await refusedTarget('https://public.example.test/x', { ...OFF, resolve })).toBeNull();
    // Not resolvable now: every delivery resolves it again and refuses an internal answer then.
    expect(await refusedTarget('https://nowhere.example.test/x', { ...OFF, resolve })).toBeNull();
  });

  it('with ERP_WEBHOOK_ALLOW_PRIVATE every address is taken and nothing is resolved', async () => {
    const resolve = resolving({});
    for (const url of [...REFUSED_URLS, 'http://localhost:8080/']) expect(await refusedTarget(url, { allowPrivate: true, resolve }), url).toBeNull();
    expect(resolve.asked).toEqual([]);
  });

  describe('at connect time, the lookup a delivery connects with', () => {
    const lookup = (policy: Parameters<typeof targetLookup>[0], host: string, all: boolean) =>
      new Promise<unknown>((resolve, reject) => {
        targetLookup(policy)(host, { all }, (error: Error | null, address: unknown, family?: number) => (error ? reject(error) : resolve(all ? address : { address, family })));
      });
    const resolve = resolving({ 'rebind.example.test': ['127.0.0.1'], 'public.example.test': ['203.0.113.7', '2001:db8::5'] });

    it('refuses a name that now resolves to an internal address (DNS rebinding), one address or all', async () => {
      for (const all of [false, true]) {
        const refused = await lookup({ ...OFF, resolve }, 'rebind.example.test', all).catch((error: unknown) => error);
        expect(refused).toBeInstanceOf(WebhookTargetRefused);
        expect((refused as Error).message).toContain('rebind.example.test');
      }
    });

    it('answers as dns.lookup does for a public name, and for any name when private targets are allowed', async () => {
      expect(await lookup({ ...OFF, resolve }, 'public.example.test', false)).toEqual({ address: '203.0.113.7', family: 4 });
      expect(await lookup({ ...OFF, resolve }, 'public.example.test', true)).toEqual([{ address: '203.0.113.7', family: 4 }, { address: '2001:db8::5', family: 6 }]);
      expect(await lookup({ allowPrivate: true, resolve }, 'rebind.example.test', false)).toEqual({ address: '127.0.0.1', family: 4 });
    });
  });
});
