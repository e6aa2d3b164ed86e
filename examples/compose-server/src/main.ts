// Serves the composed server over stdio against the live portals:
//   node examples/compose-server/dist/main.js
import { createJsonLogger, startStdioServer } from '@opendata-mcp/core/server';
import { buildServer } from './build-server.js';

const server = buildServer({
  lindas: 'https://lindas.admin.ch/query',
  ckan: ['https://data.stadt-zuerich.ch', 'https://data.gov.ua'],
});
startStdioServer(server, createJsonLogger({ level: 'info' }));
