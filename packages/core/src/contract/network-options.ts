import { z } from 'zod';
import type { NetworkPolicy } from './adapter.js';

const HOST_PORT = /^[a-z0-9.-]+:\d{1,5}$|^\[[0-9a-f:]+\]:\d{1,5}$/i;

/**
 * The configuration keys every adapter shares for its outbound policy, so a config file reads the
 * same whatever the backend; spread into an adapter's options schema.
 */
export const networkOptionsShape = {
  trusted_hosts: z
    .array(z.string().regex(HOST_PORT, 'expected "host:port"'))
    .optional()
    .describe(
      'Exact host:port pairs reachable over plain http on any port (loopback fixtures and tests only).',
    ),
  allowed_hosts: z
    .array(z.string().min(1))
    .optional()
    .describe('When set, the only host names this instance may contact (exact names, no suffix matching).'),
};

/** The guarded client's policy from the shared configuration keys. */
export function networkPolicyOf(options: {
  trusted_hosts?: string[];
  allowed_hosts?: string[];
}): NetworkPolicy {
  return {
    ...(options.trusted_hosts ? { trustedHosts: options.trusted_hosts } : {}),
    ...(options.allowed_hosts ? { allowedHosts: options.allowed_hosts } : {}),
  };
}
