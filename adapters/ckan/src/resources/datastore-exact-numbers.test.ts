import type { Envelope } from '@opendata-mcp/core';
import {
  CKAN_FIXTURE_DATA_DIR,
  type CkanFixture,
  startCkanFixture,
  syntheticDatastorePackage,
} from '@opendata-mcp/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cappedPortal, serverFor } from '../../e2e/datastore-portals.js';

/** The SYNTHETIC DataStore table holding 9007199254740995 (2^53 + 3), which a double rounds to …996. */
const BIG = { dataset_id: 'synthetic-datastore-big-integers', resource_id: 'synthetic-big-integers' };
const LARGEST = '9007199254740995';

const ok = (envelope: Envelope) => {
  if (!envelope.ok) throw new Error(`${envelope.error.code}: ${envelope.error.message}`);
  return envelope;
};
const accessMethod = (envelope: ReturnType<typeof ok>) =>
  (envelope.source as { access_method: string }).access_method;
const fixtureWith = (datastore: { sql?: boolean }) =>
  startCkanFixture({ datastore, extraPackages: [syntheticDatastorePackage(CKAN_FIXTURE_DATA_DIR)] });
const direct = (fixture: CkanFixture) =>
  serverFor({ origin: fixture.url, hostPort: fixture.hostPort }, fixture);

describe('DataStore integers past 2^53 stay exact', () => {
  let withSql: CkanFixture;
  let withoutSql: CkanFixture;
  beforeAll(async () => {
    withSql = await fixtureWith({ sql: true });
    withoutSql = await fixtureWith({});
  });
  afterAll(async () => {
    await withSql.close();
    await withoutSql.close();
  });

  it('pushed down: sum, min and max come back with every digit, as a local run gives them', async () => {
    const sql = 'SELECT sum(amount) AS total, min(amount) AS low, max(amount) AS high, count(*) FROM data';
    const remote = direct(withSql);
    const local = direct(withoutSql);
    try {
      const pushed = ok(await remote.callTool('query_resource', { ...BIG, sql }));
      expect(accessMethod(pushed)).toBe('datastore_sql');
      // 9007199254740995 + 4 - 4: a double would say …996 for both.
      expect(pushed.rows).toEqual([[LARGEST, -4, LARGEST, 3]]);
      const computed = ok(await local.callTool('query_resource', { ...BIG, sql }));
      expect(accessMethod(computed)).toBe('datastore_api');
      expect(computed.columns).toEqual(pushed.columns);
      expect(computed.rows).toEqual(pushed.rows);
    } finally {
      await remote.close();
      await local.close();
    }
  });

  it('loaded locally from records: int8 exact, a numeric column of big integers as BIGINT, long decimals as text', async () => {
    const server = direct(withoutSql);
    try {
      const answer = ok(
        await server.callTool('query_resource', {
          ...BIG,
          sql: 'SELECT label, amount, measure, ratio, amount - 9007199254740994 AS above FROM data ORDER BY amount DESC',
        }),
      );
      expect(accessMethod(answer)).toBe('datastore_api');
      expect(answer.columns).toEqual([
        { name: 'label', type: 'VARCHAR' },
        { name: 'amount', type: 'BIGINT' },
        { name: 'measure', type: 'BIGINT' },
        { name: 'ratio', type: 'VARCHAR' },
        { name: 'above', type: 'BIGINT' },
      ]);
      expect((answer.rows as unknown[][])[0]).toEqual([
        'largest',
        LARGEST,
        LARGEST,
        '0.10000000000000000555',
        1,
      ]);
      const schema = ok(await server.callTool('get_schema', BIG));
      expect(schema.notes).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/"ratio" holds numbers with more digits than a double/),
        ]),
      );
    } finally {
      await server.close();
    }
  });

  it('loaded through the bulk dump: the first page types the columns, the dump keeps the digits', async () => {
    const portal = await cappedPortal(withoutSql);
    const server = serverFor(portal, withoutSql);
    try {
      const answer = ok(
        await server.callTool('query_resource', {
          ...BIG,
          sql: 'SELECT max(amount) AS a, max(measure) AS m, sum(measure) AS s FROM data',
        }),
      );
      expect(accessMethod(answer)).toBe('datastore_dump');
      expect(answer.rows).toEqual([[LARGEST, LARGEST, LARGEST]]);
    } finally {
      await server.close();
      await portal.close();
    }
  });
});
