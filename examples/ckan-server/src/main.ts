#!/usr/bin/env node
// The CKAN reference server over stdio: `opendata-mcp-ckan` (data.gov.ua), `--url <portal>`, or `--offline`.
import { createJsonLogger, startStdioServer } from '@opendata-mcp/core/server';
import { startCkanServer } from './start-ckan-server.js';

const logger = createJsonLogger({ level: 'info' });
try {
  const { server } = await startCkanServer(process.argv.slice(2), logger);
  startStdioServer(server, logger);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(2);
}
