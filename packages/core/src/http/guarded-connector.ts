import { Agent, buildConnector } from 'undici';
import { OpenDataError } from '../errors/opendata-error.js';
import { assertPublicAddress, isIpLiteral, unbracket } from './address-guard.js';
import { type CompiledPolicy, defaultPort } from './network-policy.js';
import type { Resolver } from './resolver.js';

async function pickAddress(hostname: string, trusted: boolean, resolver: Resolver): Promise<string> {
  if (isIpLiteral(hostname)) {
    const literal = unbracket(hostname);
    if (!trusted) assertPublicAddress(literal, hostname);
    return literal;
  }
  const answers = await resolver(hostname);
  const first = answers[0];
  if (first === undefined) {
    throw new OpenDataError('upstream_unavailable', `The host ${hostname} did not resolve.`, {
      details: { host: hostname },
    });
  }
  // Every answer is checked, not just the one used: a mixed answer is treated as hostile.
  if (!trusted) for (const address of answers) assertPublicAddress(address, hostname);
  return first;
}

/**
 * An undici Agent whose sockets connect to the very address that was resolved and checked for
 * this connection: the host name is replaced by that address before the socket opens, so a
 * second DNS answer can never be used. TLS still verifies the certificate against the name.
 */
export function createGuardedAgent(
  policy: CompiledPolicy,
  resolver: Resolver,
  options: { connectTimeoutMs: number; connections: number },
): Agent {
  const base = buildConnector({ timeout: options.connectTimeoutMs });
  return new Agent({
    connections: options.connections,
    connect: (opts, callback) => {
      const trusted = policy.isTrusted(opts.hostname, opts.port || defaultPort(opts.protocol));
      pickAddress(opts.hostname, trusted, resolver).then(
        (address) => {
          const named = !isIpLiteral(opts.hostname);
          base({ ...opts, hostname: address, ...(named ? { servername: opts.hostname } : {}) }, callback);
        },
        (error: Error) => callback(error, null),
      );
    },
  });
}
