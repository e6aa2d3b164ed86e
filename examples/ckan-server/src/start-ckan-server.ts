import { createCkanAdapter } from '@opendata-mcp/ckan';
import { createOpenDataServer, type Logger, type OpenDataServer } from '@opendata-mcp/core/server';

export const DEFAULT_CKAN_PORTAL = 'https://data.gov.ua';

export interface CkanServerHandle {
  server: OpenDataServer;
  /** The portal the server talks to. */
  url: string;
  offline: boolean;
  close(): Promise<void>;
}

const USAGE = 'usage: opendata-mcp-ckan [--offline] [--url <ckan portal url>]';

/**
 * Builds the single-portal CKAN server from command-line arguments: data.gov.ua by default, `--url`
 * for another CKAN portal, `--offline` for the loopback fixture portal with recorded data and real files.
 */
export async function startCkanServer(args: string[], logger: Logger): Promise<CkanServerHandle> {
  const offline = args.includes('--offline');
  const urlFlag = args.indexOf('--url');
  const unknown = args.filter(
    (a, i) => a !== '--offline' && a !== '--url' && !(urlFlag >= 0 && i === urlFlag + 1),
  );
  if (unknown.length > 0 || (urlFlag >= 0 && !args[urlFlag + 1]) || (offline && urlFlag >= 0)) {
    throw new Error(USAGE);
  }
  // The fixture loads its recordings on import: only --offline pays for that.
  const fixture = offline ? await (await import('@opendata-mcp/fixtures')).startCkanFixture() : null;
  const url = fixture?.url ?? args[urlFlag + 1] ?? DEFAULT_CKAN_PORTAL;
  const server = createOpenDataServer({
    logger,
    adapters: [createCkanAdapter({ url, ...(fixture ? { trusted_hosts: [fixture.hostPort] } : {}) })],
  });
  logger.info('CKAN server ready', { url, offline });
  return {
    server,
    url,
    offline,
    async close() {
      await server.close();
      await fixture?.close();
    },
  };
}
