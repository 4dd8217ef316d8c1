import { promises as dns, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Where a webhook may be sent (issue 41): not to the server's own machine or network — its
 * loopback, private, link-local (the cloud metadata address), shared (CGNAT), unspecified or
 * multicast addresses — unless the operator allows private targets (ERP_WEBHOOK_ALLOW_PRIVATE,
 * for a receiver on the LAN). Checked at registration, and again at every connect: a name may
 * resolve elsewhere by then (DNS rebinding).
 */
export interface WebhookTargetPolicy {
  readonly allowPrivate: boolean;
  /** Every address of a host name; the system's resolver unless a test passes its own. */
  readonly resolve?: Resolver;
}

export type Resolver = (hostname: string) => Promise<readonly LookupAddress[]>;

export const systemResolver: Resolver = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

const INTERNAL = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) INTERNAL.addSubnet(network, prefix, 'ipv4');
// ::/96 holds the unspecified, the loopback and the old IPv4-compatible addresses; BlockList
// matches IPv4-mapped ones (::ffff:127.0.0.1) against the IPv4 rules by itself.
for (const [network, prefix] of [['::', 96], ['64:ff9b:1::', 48], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8]] as const) {
  INTERNAL.addSubnet(network, prefix, 'ipv6');
}
/** IPv6 forms that carry an IPv4 address a gateway or relay would reach: NAT64 (its last 32 bits) and 6to4 (bits 16–48). */
const NAT64 = new BlockList();
NAT64.addSubnet('64:ff9b::', 96, 'ipv6');
const SIX_TO_FOUR = new BlockList();
SIX_TO_FOUR.addSubnet('2002::', 16, 'ipv6');

const groupsOf = (part: string): number[] =>
  part === '' ? [] : part.split(':').flatMap((g) => (g.includes('.') ? ((b) => [b[0]! * 256 + b[1]!, b[2]! * 256 + b[3]!])(g.split('.').map(Number)) : [parseInt(g, 16)]));
/** The eight 16-bit groups of an IPv6 address. */
const ipv6Groups = (address: string): number[] => {
  const [head = '', tail] = address.split('::');
  if (tail === undefined) return groupsOf(head);
  const [h, t] = [groupsOf(head), groupsOf(tail)];
  return [...h, ...Array<number>(8 - h.length - t.length).fill(0), ...t];
};
const ipv4Of = (high: number, low: number) => [high >> 8, high & 255, low >> 8, low & 255].join('.');

/** Whether an address (IPv4 or IPv6, brackets or a zone allowed) is one a webhook may not reach; anything else that is no address counts as one. */
export const isPrivateAddress = (address: string): boolean => {
  const bare = address.replace(/^\[|\]$/g, '').split('%')[0]!;
  const family = isIP(bare);
  if (family === 4) return INTERNAL.check(bare, 'ipv4');
  if (family !== 6) return true;
  if (INTERNAL.check(bare, 'ipv6')) return true;
  const g = ipv6Groups(bare);
  if (NAT64.check(bare, 'ipv6')) return isPrivateAddress(ipv4Of(g[6]!, g[7]!));
  if (SIX_TO_FOUR.check(bare, 'ipv6')) return isPrivateAddress(ipv4Of(g[1]!, g[2]!));
  return false;
};

const refusal = (host: string) =>
  `${host} is a loopback, private or link-local address (or resolves to one): webhooks are not sent inside the server's network unless ERP_WEBHOOK_ALLOW_PRIVATE=true`;

/** A connection refused by the policy: the delivery fails at once, nothing is sent. */
export class WebhookTargetRefused extends Error {
  readonly code = 'ERR_WEBHOOK_TARGET_REFUSED';
  constructor(host: string) {
    super(`Refused: ${refusal(host)}`);
  }
}

/** The URL's host without IPv6 brackets (Node's URL has already made 127.1 and 0x7f000001 into 127.0.0.1). */
export const hostOf = (url: string) => new URL(url).hostname.replace(/^\[|\]$/g, '');

/**
 * Why a URL may not be registered, or null. A host name is resolved and refused when any of its
 * addresses is internal; one that does not resolve now is taken — each delivery resolves again.
 */
export const refusedTarget = async (url: string, policy: WebhookTargetPolicy): Promise<string | null> => {
  if (policy.allowPrivate) return null;
  const host = hostOf(url);
  if (isIP(host)) return isPrivateAddress(host) ? refusal(host) : null;
  const addresses = await (policy.resolve ?? systemResolver)(host).catch(() => []);
  return addresses.some((a) => isPrivateAddress(a.address)) ? refusal(host) : null;
};

/**
 * The `lookup` a delivery's socket connects with: resolves through the policy's resolver and
 * refuses when any address is internal (the check at connect time). Answers as dns.lookup does,
 * one address or all of them (Node 20 asks for all to try each family).
 */
export const targetLookup =
  (policy: WebhookTargetPolicy): LookupFunction =>
  (hostname, options, callback) => {
    (policy.resolve ?? systemResolver)(hostname).then(
      (found) => {
        const addresses = found.filter((a) => !options.family || a.family === options.family);
        if (!policy.allowPrivate && found.some((a) => isPrivateAddress(a.address))) return callback(new WebhookTargetRefused(hostname), '', 0);
        if (addresses.length === 0) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
        if (options.all) return callback(null, addresses.map(({ address, family }) => ({ address, family })));
        callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
