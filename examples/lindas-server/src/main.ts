#!/usr/bin/env node
// The LINDAS reference server over stdio: `opendata-mcp-lindas` (live) or `opendata-mcp-lindas --offline`.
import { createJsonLogger, startStdioServer } from '@opendata-mcp/core/server';
import { startLindasServer } from './start-lindas-server.js';

const logger = createJsonLogger({ level: 'info' });
try {
  const { server } = await startLindasServer(process.argv.slice(2), logger);
  startStdioServer(server, logger);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(2);
}
