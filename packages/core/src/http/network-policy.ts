import type { NetworkPolicy } from '../contract/adapter.js';
import { OpenDataError } from '../errors/opendata-error.js';
import { assertPublicAddress, isIpLiteral } from './address-guard.js';

/** A NetworkPolicy normalised for exact, case-insensitive look-ups. */
export interface CompiledPolicy {
  isTrusted(hostname: string, port: string): boolean;
  allowedHosts: ReadonlySet<string> | null;
}

export function compilePolicy(policy: NetworkPolicy = {}): CompiledPolicy {
  const trusted = new Set((policy.trustedHosts ?? []).map((entry) => entry.toLowerCase()));
  const allowed = policy.allowedHosts ? new Set(policy.allowedHosts.map((h) => h.toLowerCase())) : null;
  return {
    isTrusted: (hostname, port) => trusted.has(`${hostname.toLowerCase()}:${port}`),
    allowedHosts: allowed,
  };
}

export function defaultPort(protocol: string): string {
  return protocol === 'https:' ? '443' : '80';
}

// Said to the agent and to the operator reading the log: the first plain-http call to a loopback
// test server lands here, and the fix is a configuration key, not a code change.
export const UNSAFE_URL_HINT =
  'Only https URLs on default ports taken from the portal metadata can be fetched. An operator allows ' +
  "plain http or another port for one test server by listing its host:port in the adapter's " +
  'trusted_hosts option (network.trustedHosts in code); allowed_hosts restricts which hosts may be asked.';

function refuse(message: string, host: string | null): never {
  throw new OpenDataError('unsafe_url', message, { hint: UNSAFE_URL_HINT, details: { host } });
}

/**
 * Checks a URL before any connection: scheme, port, embedded credentials, the host allow-list
 * and literal IP addresses (the WHATWG parser has already turned decimal, octal, hex and short
 * IPv4 notations into dotted form). Names are checked again on every DNS answer at connect time.
 */
export function checkUrl(raw: string, policy: CompiledPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refuse('Refused a URL that does not parse.', null);
  }
  const { hostname, protocol } = url;
  if (protocol !== 'https:' && protocol !== 'http:') refuse(`Refused the ${protocol} scheme.`, hostname);
  if (url.username || url.password) refuse('Refused a URL with embedded credentials.', hostname);
  // Trust lifts the scheme, port and address rules only: an allow-list, when set, binds every host.
  if (policy.allowedHosts && !policy.allowedHosts.has(hostname.toLowerCase())) {
    refuse(`Refused ${hostname}: it is not in this adapter's host allow-list.`, hostname);
  }
  if (policy.isTrusted(hostname, url.port || defaultPort(protocol))) return url;
  if (protocol !== 'https:') refuse(`Refused plain http to ${hostname}: only https is allowed.`, hostname);
  if (url.port)
    refuse(`Refused port ${url.port} on ${hostname}: only the default port is allowed.`, hostname);
  if (isIpLiteral(hostname)) assertPublicAddress(hostname, hostname);
  return url;
}
