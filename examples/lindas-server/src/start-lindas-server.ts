import { createOpenDataServer, type Logger, type OpenDataServer } from '@opendata-mcp/core/server';
import { createLindasAdapter, DEFAULT_LINDAS_ENDPOINT } from '@opendata-mcp/lindas';

export interface LindasServerHandle {
  server: OpenDataServer;
  /** The SPARQL endpoint the server talks to. */
  endpoint: string;
  offline: boolean;
  close(): Promise<void>;
}

const USAGE = 'usage: opendata-mcp-lindas [--offline] [--endpoint <sparql url>]';

/**
 * Builds the LINDAS-only server from command-line arguments: the live endpoint by default,
 * `--endpoint` for another store, `--offline` for the loopback fixture loaded with recorded data.
 */
export async function startLindasServer(args: string[], logger: Logger): Promise<LindasServerHandle> {
  const offline = args.includes('--offline');
  const endpointFlag = args.indexOf('--endpoint');
  const endpointValue = endpointFlag >= 0 ? endpointFlag + 1 : -1;
  const unknown = args.filter((a, i) => a !== '--offline' && a !== '--endpoint' && i !== endpointValue);
  if (
    unknown.length > 0 ||
    (endpointFlag >= 0 && !args[endpointFlag + 1]) ||
    (offline && endpointFlag >= 0)
  ) {
    throw new Error(USAGE);
  }
  // The fixture loads its recordings on import: only --offline pays for that.
  const fixture = offline ? await (await import('@opendata-mcp/fixtures')).startLindasFixture() : null;
  const endpoint = fixture?.url ?? args[endpointFlag + 1] ?? DEFAULT_LINDAS_ENDPOINT;
  const server = createOpenDataServer({
    logger,
    adapters: [
      createLindasAdapter({ url: endpoint, ...(fixture ? { trusted_hosts: [fixture.hostPort] } : {}) }),
    ],
  });
  logger.info('LINDAS server ready', { endpoint, offline });
  return {
    server,
    endpoint,
    offline,
    async close() {
      await server.close();
      await fixture?.close();
    },
  };
}
