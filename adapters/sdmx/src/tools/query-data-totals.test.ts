import { type ColumnarTable, type Envelope, fromColumnarTable } from '@opendata-mcp/core';
import { createOpenDataServer, type OpenDataServer, silentLogger } from '@opendata-mcp/core/server';
import { type SdmxFixture, startSdmxFixture } from '@opendata-mcp/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSdmxAdapter } from '../index.js';

let fixture: SdmxFixture;
let server: OpenDataServer;

beforeAll(async () => {
  fixture = await startSdmxFixture();
  server = createOpenDataServer({
    logger: silentLogger,
    // UNICEF's profile defaults sex, wealth quintile and residence to their total.
    adapters: [
      {
        adapter: createSdmxAdapter({
          registry: 'unicef',
          url: fixture.url,
          trusted_hosts: [fixture.hostPort],
        }),
      },
    ],
  });
});
afterAll(async () => {
  await server?.close();
  await fixture?.close();
});

function rowsOf(envelope: Envelope) {
  if (!envelope.ok) throw new Error(`${envelope.error.code}: ${envelope.error.message}`);
  return fromColumnarTable(envelope as unknown as ColumnarTable);
}

describe('query_data with breakdowns left open', () => {
  const asked = {
    flow_id: 'CME',
    filters: { REF_AREA: 'BRA', INDICATOR: 'CME_MRY0T4' },
    start_period: '2020',
    end_period: '2020',
  };

  it('lists the totals first, then the rest as the registry sent them', async () => {
    const rows = rowsOf(await server.callTool('query_data', asked));
    expect(rows).toHaveLength(8);
    // The registry sends girls first; the all-sexes, all-quintiles figure leads instead.
    expect(rows[0]).toMatchObject({ SEX: '_T', WEALTH_QUINTILE: '_T' });
    expect(rows[0]?.value).toBeCloseTo(14.8719, 4);
    expect(rows.slice(1).map((r) => `${r.SEX}/${r.WEALTH_QUINTILE}`)).toEqual([
      'F/_T',
      'M/_T',
      '_T/Q1',
      '_T/Q2',
      '_T/Q3',
      '_T/Q4',
      '_T/Q5',
    ]);
  });

  it('orders by the column asked for alone when sort is given', async () => {
    const rows = rowsOf(await server.callTool('query_data', { ...asked, sort: '-value' }));
    expect(rows[0]).toMatchObject({ SEX: '_T', WEALTH_QUINTILE: 'Q1' });
  });
});
