/**
 * Who the visitor is, as the storefront tells the API: the connection's own address, or, when the storefront sits
 * behind reverse proxies it trusts (TRUST_PROXY), the address the last trusted hop names. A browser's own
 * X-Forwarded-For is never believed (docs/security.md).
 */
import { BlockList, isIP } from 'node:net';
import path from 'node:path';

/** Plain IPv4 for an IPv4-mapped IPv6 address (`::ffff:127.0.0.1`). */
const plain = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
const family = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

export type TrustedHop = (address: string, hop: number) => boolean;

/**
 * `TRUST_PROXY`: unset or `none` trusts no hop; a number trusts that many hops; otherwise addresses and CIDR ranges
 * separated by commas, `loopback` meaning this machine. Returns whether the hop at `address`, `hop` steps from the
 * storefront, may name who came before it.
 */
export function trustedHops(setting: string | undefined): TrustedHop {
  const text = setting?.trim() || 'none';
  if (text === 'none' || text === 'false') return () => false;
  if (/^\d+$/.test(text)) return (_address: string, hop: number) => hop < Number(text);
  const trusted = new BlockList();
  for (const entry of text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    if (entry === 'loopback') {
      trusted.addSubnet('127.0.0.0', 8, 'ipv4');
      trusted.addAddress('::1', 'ipv6');
      continue;
    }
    const [network = '', prefix] = entry.split('/');
    if (!isIP(network)) throw new Error(`TRUST_PROXY: ${entry} is not an address or a CIDR range`);
    if (prefix === undefined) trusted.addAddress(network, family(network));
    else trusted.addSubnet(network, Number(prefix), family(network));
  }
  return (address: string) => isIP(address) !== 0 && trusted.check(address, family(address));
}

/**
 * The client's address: walks from the connection back through X-Forwarded-For (right to left) while each hop is
 * trusted; the first untrusted hop, or the last well-formed address named, is the client.
 */
export function clientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  isTrusted: TrustedHop,
): string {
  const named = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? ''))
    .split(',')
    .map((part) => plain(part.trim()))
    .reverse();
  let client = plain(socketAddress ?? '');
  for (let hop = 0; hop < named.length && isTrusted(client, hop); hop++) {
    const previous = named[hop]!;
    if (!isIP(previous)) break;
    client = previous;
  }
  return client;
}

/**
 * The development outbox (`/api/dev/…`) is for requests made to the API on its own machine, never through the
 * storefront, however the path is spelled (`/api/%64ev/`, `//api/dev/`, `/api/./dev/`).
 */
export function isDevelopmentPath(url: string | undefined): boolean {
  const pathname = (url ?? '/').split('?')[0]!;
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  const segments = path.posix
    .normalize(`/${decoded.replaceAll('\\', '/')}`)
    .toLowerCase()
    .split('/')
    .filter(Boolean);
  return segments[0] === 'api' && segments[1] === 'dev';
}
