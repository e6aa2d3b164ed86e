import { createCkanAdapter } from '@opendata-mcp/ckan';
import { createOpenDataServer, type Logger, type OpenDataServer } from '@opendata-mcp/core/server';
import { createLindasAdapter } from '@opendata-mcp/lindas';

export interface PortalAddresses {
  lindas: string;
  /** Two CKAN portals, e.g. Zurich's and Ukraine's. */
  ckan: [string, string];
  /** host:port pairs allowed over plain http; only loopback test servers belong here. */
  trusted_hosts?: string[];
}

/**
 * One server over three backends. The second CKAN portal runs under a tool prefix, so its tools
 * read `ua_search_datasets`, `ua_query_resource` … next to the first portal's plain names.
 */
export function buildServer(addresses: PortalAddresses, logger?: Logger): OpenDataServer {
  const trusted_hosts = addresses.trusted_hosts ?? [];
  return createOpenDataServer({
    adapters: [
      createLindasAdapter({ url: addresses.lindas, trusted_hosts }),
      createCkanAdapter({ id: 'zurich', url: addresses.ckan[0], trusted_hosts }),
      {
        adapter: createCkanAdapter({ id: 'ukraine', url: addresses.ckan[1], trusted_hosts }),
        toolPrefix: 'ua',
      },
    ],
    ...(logger ? { logger } : {}),
  });
}
