import { readFile } from 'node:fs/promises';
import type { OfflineFixture } from '@opendata-mcp/core';
import { startLoopbackServer } from '@opendata-mcp/core/testing';

const documentPath = new URL('../test-data/population__synthetic.json', import.meta.url);

/** Serves the synthetic population file on loopback, the way the publisher's endpoint would. */
export async function startPopulationFixture(): Promise<OfflineFixture> {
  const body = await readFile(documentPath, 'utf8');
  const server = await startLoopbackServer((req, res) => {
    if (req.url !== '/population.json') return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/json' }).end(body);
  });
  return { url: server.origin, hostPort: server.hostPort, close: () => server.close() };
}
