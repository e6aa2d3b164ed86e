// A LINDAS-only MCP server over stdio for the end-to-end tests: `<endpoint url> <host:port>`.
import { createJsonLogger, createOpenDataServer, startStdioServer } from '@opendata-mcp/core/server';
import { createLindasAdapter } from '../src/index.js';

const [url, hostPort] = process.argv.slice(2);
if (!url || !hostPort) throw new Error('usage: lindas-stdio-server.ts <endpoint url> <host:port>');
const logger = createJsonLogger({ level: 'warn' });
const server = createOpenDataServer({
  logger,
  limits: { requestTimeoutMs: 2_000, callDeadlineMs: 10_000 },
  adapters: [createLindasAdapter({ url, trusted_hosts: [hostPort] })],
});
startStdioServer(server, logger);
