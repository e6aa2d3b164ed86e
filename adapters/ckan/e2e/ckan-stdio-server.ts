// A stdio MCP server over one or two CKAN portals, spawned by the end-to-end tests.
// Usage: ckan-stdio-server.ts <cache-dir> <url> <host:port> [<second-url> <second-host:port>]
import {
  type AdapterEntry,
  createJsonLogger,
  createOpenDataServer,
  startStdioServer,
} from '@opendata-mcp/core/server';
import { createCkanAdapter } from '../src/index.js';

const [cacheDir, url, hostPort, secondUrl, secondHostPort] = process.argv.slice(2);
if (!cacheDir || !url || !hostPort) {
  process.stderr.write('usage: ckan-stdio-server.ts <cache-dir> <url> <host:port> [<url> <host:port>]\n');
  process.exit(2);
}
const logger = createJsonLogger({ level: 'warn' });
const adapters: AdapterEntry[] = [{ adapter: createCkanAdapter({ url, trusted_hosts: [hostPort] }) }];
if (secondUrl && secondHostPort) {
  adapters.push({
    adapter: createCkanAdapter({ id: 'second', url: secondUrl, trusted_hosts: [secondHostPort] }),
    toolPrefix: 'second',
  });
}
const server = createOpenDataServer({
  adapters,
  logger,
  // Short backoff so fault tests do not wait for production delays.
  http: { cacheDir, retry: { retries: 1, baseDelayMs: 10, maxDelayMs: 20 } },
  // A short request timeout lets the slow-portal fault end quickly.
  limits: { queryTimeoutMs: 10_000, requestTimeoutMs: 2_000 },
});
startStdioServer(server, logger);
