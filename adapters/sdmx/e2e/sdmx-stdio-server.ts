// An MCP server over stdio with the UNICEF and BIS fixture registries, spawned by the end-to-end tests.
// Usage: sdmx-stdio-server.ts <unicef url> <bis url> <host:port>
import { createJsonLogger, createOpenDataServer, startStdioServer } from '@opendata-mcp/core/server';
import { createSdmxAdapter } from '../src/index.js';

const [unicefUrl, bisUrl, hostPort] = process.argv.slice(2);
if (!unicefUrl || !bisUrl || !hostPort) {
  process.stderr.write('usage: sdmx-stdio-server.ts <unicef url> <bis url> <host:port>\n');
  process.exit(2);
}
const logger = createJsonLogger({ level: 'warn' });
const server = createOpenDataServer({
  logger,
  adapters: [
    {
      adapter: createSdmxAdapter({
        url: unicefUrl,
        agency: 'UNICEF',
        title: 'UNICEF',
        trusted_hosts: [hostPort],
      }),
    },
    {
      adapter: createSdmxAdapter({
        id: 'bis',
        url: bisUrl,
        agency: 'BIS',
        title: 'BIS',
        structure_references: 'descendants',
        trusted_hosts: [hostPort],
      }),
      toolPrefix: 'bis',
    },
  ],
  // Short backoff and timeout so fault tests do not wait for production delays.
  http: { retry: { retries: 1, baseDelayMs: 10, maxDelayMs: 20 } },
  limits: { requestTimeoutMs: 2_000, callDeadlineMs: 10_000 },
});
startStdioServer(server, logger);
