/**
 * Where a tenant's webhook may go. Anyone can sign up and write a rule, so a webhook must not become a
 * way into the server's own network: the address a host name resolves to is checked as the connection
 * is made (a DNS lookup hook, so a name that resolves to a public address first and to an internal one
 * at connect time, DNS rebinding, is caught too). `WEBHOOK_NETWORKS`: `public` (default) refuses
 * loopback, link-local (cloud metadata), private, shared, unique-local, multicast and unspecified
 * addresses; `private` allows private networks (an on-premises plant posting to its own systems);
 * `any` allows everything (development and tests).
 */
import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

export const WEBHOOK_NETWORK_MODES = ['public', 'private', 'any'] as const;
export type WebhookNetworks = (typeof WEBHOOK_NETWORK_MODES)[number];

function blockList(ranges: [string, number, 'ipv4' | 'ipv6'][]): BlockList {
  const list = new BlockList();
  for (const [network, prefix, family] of ranges) list.addSubnet(network, prefix, family);
  return list;
}

/** Never reachable from a tenant's webhook unless `any`: the machine itself and its metadata service. */
const LOCAL = blockList([
  ['0.0.0.0', 8, 'ipv4'],
  ['127.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'],
  ['224.0.0.0', 3, 'ipv4'],
  ['::', 128, 'ipv6'],
  ['::1', 128, 'ipv6'],
  ['fe80::', 10, 'ipv6'],
  ['ff00::', 8, 'ipv6'],
]);
/** Reachable with `private`: the organization's own networks. */
const PRIVATE = blockList([
  ['10.0.0.0', 8, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'],
  ['fc00::', 7, 'ipv6'],
]);

/** Why a webhook may not reach this address, or null when it may. */
export function refusedAddress(address: string, networks: WebhookNetworks): string | null {
  if (networks === 'any') return null;
  const family: 'ipv4' | 'ipv6' = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  // An IPv4 address written as IPv6 (::ffff:127.0.0.1) is checked as what it is.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const checked = mapped ?? address;
  const checkedFamily = mapped ? 'ipv4' : family;
  if (LOCAL.check(checked, checkedFamily)) return `${address} is this machine or its local network`;
  if (networks === 'public' && PRIVATE.check(checked, checkedFamily))
    return `${address} is a private address (WEBHOOK_NETWORKS=private allows it)`;
  return null;
}

/** A DNS lookup for node:http that fails the connection when the resolved address is refused. */
export function guardedLookup(networks: WebhookNetworks): LookupFunction {
  return (hostname, options, callback) => {
    const all: LookupAllOptions = { ...options, all: true };
    dnsLookup(hostname, all, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, []);
      for (const { address } of addresses) {
        const refusal = refusedAddress(address, networks);
        if (refusal) return callback(Object.assign(new Error(refusal), { code: 'EREFUSEDADDRESS' }), []);
      }
      if (options.all) return callback(null, addresses);
      const [first] = addresses;
      if (!first) return callback(new Error(`${hostname} has no address`), []);
      callback(null, first.address, first.family);
    });
  };
}
