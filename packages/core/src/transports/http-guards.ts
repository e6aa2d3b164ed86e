import { timingSafeEqual } from 'node:crypto';

/** Host names a loopback-bound server always answers to, on any port. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

export function isLoopbackBind(host: string): boolean {
  return LOOPBACK_HOSTS.has(host) || host.startsWith('127.');
}

/** The host name part of a Host header, lowercased, without the port. */
export function hostnameOf(hostHeader: string): string | null {
  const value = hostHeader.trim().toLowerCase();
  if (value === '') return null;
  if (value.startsWith('[')) {
    const end = value.indexOf(']');
    return end === -1 ? null : value.slice(0, end + 1);
  }
  const colon = value.indexOf(':');
  return colon === -1 ? value : value.slice(0, colon);
}

/** Guards DNS rebinding: the Host header must name this server. */
export function isAllowedHost(hostHeader: string | undefined, allowedHosts: ReadonlyArray<string>): boolean {
  if (!hostHeader) return false;
  const name = hostnameOf(hostHeader);
  if (name === null) return false;
  return LOOPBACK_HOSTS.has(name) || allowedHosts.map((h) => h.toLowerCase()).includes(name);
}

/**
 * Browsers always send Origin on cross-site requests; other clients usually send none.
 * No Origin passes; a present Origin must be listed exactly (scheme, host and port), or be this
 * server's own origin: the Host check has already vouched for that name, and a page of that
 * origin could only come from this server, which serves none.
 */
export function isAllowedOrigin(
  origin: string | undefined,
  allowedOrigins: ReadonlyArray<string>,
  hostHeader?: string,
): boolean {
  if (origin === undefined) return true;
  const value = origin.toLowerCase();
  if (allowedOrigins.includes(value)) return true;
  if (!hostHeader) return false;
  const host = hostHeader.trim().toLowerCase();
  return value === `http://${host}` || value === `https://${host}`;
}

export function hasBearerToken(authorization: string | undefined, token: string): boolean {
  if (!authorization?.startsWith('Bearer ')) return false;
  const given = Buffer.from(authorization.slice('Bearer '.length).trim());
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Rejects configurations that would open the server to any web page. */
export function validateOrigins(origins: ReadonlyArray<string>): string[] {
  return origins.map((origin) => {
    if (origin.includes('*')) {
      throw new Error(
        'allowed_origins must list exact origins; a wildcard ("*") would let any web page call the server.',
      );
    }
    let parsed: URL;
    try {
      parsed = new URL(origin);
    } catch {
      throw new Error(`allowed_origins entry "${origin}" is not an origin like "https://app.example.org".`);
    }
    if (parsed.origin !== origin.replace(/\/$/, '').toLowerCase()) {
      throw new Error(
        `allowed_origins entry "${origin}" must be an origin only (scheme, host, port), no path.`,
      );
    }
    return parsed.origin;
  });
}
