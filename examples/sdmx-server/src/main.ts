#!/usr/bin/env node
// The SDMX reference server over stdio: `opendata-mcp-sdmx` (UNICEF), `--url <rest base> --agency <id>`, or `--offline`.
import { createJsonLogger, startStdioServer } from '@opendata-mcp/core/server';
import { startSdmxServer } from './start-sdmx-server.js';

const logger = createJsonLogger({ level: 'info' });
try {
  const { server } = await startSdmxServer(process.argv.slice(2), logger);
  startStdioServer(server, logger);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(2);
}
