import { createOpenDataServer, silentLogger } from '@opendata-mcp/core/server';
import { expect, it } from 'vitest';
import { createPxwebAdapter } from './create-pxweb-adapter.js';
import { startPxwebFixture } from './fixture/start-pxweb-fixture.js';

interface Status {
  backends: Array<{
    reachable: boolean;
    count: { label: string; value: number } | null;
    error: { code: string } | null;
  }>;
}

it.each(['v1', 'v2'] as const)(
  'api_status asks the %s portal afresh: a listing in the metadata cache does not make a failing portal look up',
  async (version) => {
    const fixture = await startPxwebFixture();
    const server = createOpenDataServer({
      adapters: [
        createPxwebAdapter({
          url: version === 'v2' ? fixture.url : fixture.v1Url,
          trusted_hosts: [fixture.hostPort],
        }),
      ],
      logger: silentLogger,
      http: { retry: { retries: 0 } },
    });
    try {
      expect(await server.callTool('browse_tables', {})).toMatchObject({ ok: true });
      const up = (await server.callTool('api_status', {})) as unknown as Status;
      expect(up.backends[0]).toMatchObject({
        reachable: true,
        count: { label: version === 'v2' ? 'tables' : 'databases', value: version === 'v2' ? 2 : 1 },
      });
      fixture.setFault('unavailable');
      const down = (await server.callTool('api_status', {})) as unknown as Status;
      expect(down.backends[0]).toMatchObject({ reachable: false, error: { code: 'upstream_unavailable' } });
    } finally {
      await server.close();
      await fixture.close();
    }
  },
);
