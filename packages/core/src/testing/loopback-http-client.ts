import { DEFAULT_LIMITS } from '../contract/limits.js';
import { createHttpClient } from '../http/create-http-client.js';
import type { HttpClientOptions } from '../http/http-client-options.js';
import type { HttpClient } from '../http/http-types.js';
import { silentLogger } from '../log/logger.js';

/**
 * A guarded client that trusts one loopback test server (`host:port`) and resolves no names, so a
 * test exercises the real client without ever leaving the machine.
 */
export function createLoopbackHttpClient(
  hostPort: string,
  options: Partial<HttpClientOptions> = {},
): HttpClient {
  return createHttpClient({
    limits: DEFAULT_LIMITS,
    logger: silentLogger,
    policy: { trustedHosts: [hostPort] },
    resolver: async () => [],
    ...options,
  });
}
