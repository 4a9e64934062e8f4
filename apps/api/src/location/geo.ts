/** Which country an address is in: private and loopback addresses are "here"; public ones come from a CIDR table. */
import { BlockList, isIP } from 'node:net';
import { readFileSync } from 'node:fs';
import type { Country } from '../config';

export const UNKNOWN_COUNTRY: Country = { country: 'Unknown', country_code: 'ZZ' };

const LOCAL_RANGES: [string, number, 'ipv4' | 'ipv6'][] = [
  ['127.0.0.0', 8, 'ipv4'],
  ['10.0.0.0', 8, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'],
  ['0.0.0.0', 8, 'ipv4'],
  ['::1', 128, 'ipv6'],
  ['fc00::', 7, 'ipv6'],
  ['fe80::', 10, 'ipv6'],
];

const local = new BlockList();
for (const [address, prefix, family] of LOCAL_RANGES) local.addSubnet(address, prefix, family);

/** Strips the IPv4-mapped IPv6 prefix (::ffff:1.2.3.4) that dual-stack sockets report. */
export function canonicalIp(ip: string): string {
  return ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
}

export function isLocalAddress(ip: string): boolean {
  const address = canonicalIp(ip);
  const family = isIP(address);
  return family !== 0 && local.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

type Range = { list: BlockList; country: Country };

/** Reads `cidr,country_code,country` lines; blank lines and `#` comments are skipped. */
export function parseCidrTable(text: string): Range[] {
  const ranges: Range[] = [];
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith('#')) continue;
    const [cidr = '', code = '', ...name] = trimmed.split(',');
    const [address = '', prefix = ''] = cidr.split('/');
    const family = isIP(address);
    if (!family || !/^\d+$/.test(prefix) || !/^[A-Z]{2}$/.test(code)) throw new Error(`Bad GeoIP line: ${trimmed}`);
    const list = new BlockList();
    list.addSubnet(address, Number(prefix), family === 4 ? 'ipv4' : 'ipv6');
    ranges.push({ list, country: { country_code: code, country: name.join(',').trim() || code } });
  }
  return ranges;
}

export function createCountryResolver(localCountry: Country, cidrFile?: string) {
  const ranges = cidrFile ? parseCidrTable(readFileSync(cidrFile, 'utf8')) : [];
  return (ip: string): Country => {
    const address = canonicalIp(ip);
    const family = isIP(address);
    if (!family) return UNKNOWN_COUNTRY;
    if (isLocalAddress(address)) return localCountry;
    const kind = family === 4 ? 'ipv4' : 'ipv6';
    return ranges.find((range) => range.list.check(address, kind))?.country ?? UNKNOWN_COUNTRY;
  };
}
