import { createRequire } from 'node:module';
import type ipaddr from 'ipaddr.js';
import { OpenDataError } from '../errors/opendata-error.js';

interface AddressLibrary {
  ip: typeof ipaddr;
  extraBlockedV6: [ipaddr.IPv6, number][];
}

const require = createRequire(import.meta.url);
let library: AddressLibrary | undefined;

/**
 * ipaddr.js, required on the first check rather than at import: the core index exports
 * `isPublicAddress`, and a server that has not sent a request yet should not pay for it.
 */
function addressLibrary(): AddressLibrary {
  if (!library) {
    const ip = require('ipaddr.js') as typeof ipaddr;
    // Ranges ipaddr.js files under "unicast" that still reach private networks: IPv4-compatible
    // IPv6 (::a.b.c.d), the local-use NAT64 prefix, and site-local IPv6.
    const extraBlockedV6 = ['::/96', '64:ff9b:1::/48', 'fec0::/10'].map((cidr) => ip.IPv6.parseCIDR(cidr));
    library = { ip, extraBlockedV6 };
  }
  return library;
}

/** Strips the brackets URL host names put around IPv6 literals. */
export function unbracket(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

export function isIpLiteral(host: string): boolean {
  return addressLibrary().ip.isValid(unbracket(host));
}

/**
 * True only for globally routable unicast addresses. Everything ipaddr.js classifies otherwise
 * (loopback, private, link-local, CGNAT, multicast, unspecified, IPv4-mapped, NAT64, 6to4,
 * Teredo, unique-local, reserved …) is refused.
 */
export function isPublicAddress(address: string): boolean {
  const { ip, extraBlockedV6 } = addressLibrary();
  const text = unbracket(address);
  if (!ip.isValid(text)) return false;
  const parsed = ip.parse(text);
  if (parsed.range() !== 'unicast') return false;
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (extraBlockedV6.some((range) => v6.match(range))) return false;
  }
  return true;
}

export function assertPublicAddress(address: string, host: string): void {
  if (isPublicAddress(address)) return;
  throw new OpenDataError(
    'unsafe_url',
    `Refused to connect to ${host}: it resolves to a non-public address.`,
    {
      hint: 'Only public portal addresses can be reached; an operator can list a fixture host in trusted_hosts.',
      details: { host },
    },
  );
}
