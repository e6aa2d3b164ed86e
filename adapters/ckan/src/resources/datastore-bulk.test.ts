import type { Envelope } from '@opendata-mcp/core';
import { type CkanFixture, startCkanFixture } from '@opendata-mcp/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cappedPortal, DATASTORE, serverFor } from '../../e2e/datastore-portals.js';

/** The fixture's requests made while `run` ran, as "path status" lines (action name or dump path). */
async function requestsDuring(fixture: CkanFixture, run: () => Promise<void>): Promise<string[]> {
  const before = fixture.requests.length;
  await run();
  return fixture.requests.slice(before).map((r) => `${r.path.replace(/^.*\/action\//, '')} ${r.status}`);
}

const ok = (envelope: Envelope) => {
  if (!envelope.ok) throw new Error(`${envelope.error.code}: ${envelope.error.message}`);
  return envelope;
};

describe('DataStore tables larger than one page: the bulk dump instead of paging', () => {
  it('reads the rest of the table in one dump request, with the DataStore types', async () => {
    const fixture = await startCkanFixture();
    const portal = await cappedPortal(fixture);
    const server = serverFor(portal, fixture);
    try {
      let answer: Envelope | undefined;
      const requests = await requestsDuring(fixture, async () => {
        answer = await server.callTool('query_resource', {
          ...DATASTORE,
          sql: 'SELECT id, name FROM data ORDER BY id',
        });
      });
      const result = ok(answer as Envelope);
      expect(result.rows).toEqual([
        [1, 'english'],
        [2, '中国人'],
      ]);
      expect(result.columns).toEqual([
        { name: 'id', type: 'BIGINT' },
        { name: 'name', type: 'VARCHAR' },
      ]);
      expect((result.source as { access_method: string }).access_method).toBe('datastore_dump');
      // The first page (one record of two, as the portal caps pages) and then the dump: nothing else.
      expect(requests.filter((r) => /datastore_search /.test(r))).toHaveLength(1);
      expect(requests.filter((r) => r.startsWith('/datastore/dump/'))).toEqual([
        `/datastore/dump/${DATASTORE.resource_id} 200`,
      ]);
      const schema = ok(await server.callTool('get_schema', DATASTORE));
      expect(schema.notes).toEqual(expect.arrayContaining([expect.stringMatching(/DataStore dump/)]));
      expect(schema.column_types).toEqual(['int4', 'text']);
    } finally {
      await server.close();
      await portal.close();
      await fixture.close();
    }
  });

  it('pages through datastore_search where the portal has no dump', async () => {
    const fixture = await startCkanFixture({ datastore: { dump: false } });
    const portal = await cappedPortal(fixture);
    const server = serverFor(portal, fixture);
    try {
      let answer: Envelope | undefined;
      const requests = await requestsDuring(fixture, async () => {
        answer = await server.callTool('query_resource', {
          ...DATASTORE,
          sql: 'SELECT count(*) AS n FROM data',
        });
      });
      expect(ok(answer as Envelope).rows).toEqual([[2]]);
      expect((ok(answer as Envelope).source as { access_method: string }).access_method).toBe(
        'datastore_api',
      );
      expect(requests.filter((r) => r.startsWith('/datastore/dump/'))).toEqual([
        `/datastore/dump/${DATASTORE.resource_id} 404`,
      ]);
      // Two pages of one record each: the whole table, each record once.
      expect(requests.filter((r) => /datastore_search /.test(r))).toHaveLength(2);
    } finally {
      await server.close();
      await portal.close();
      await fixture.close();
    }
  });
});

describe('whole-table aggregates pushed down to datastore_search_sql', () => {
  let withSql: CkanFixture;
  let withoutSql: CkanFixture;
  beforeAll(async () => {
    withSql = await startCkanFixture({ datastore: { sql: true } });
    withoutSql = await startCkanFixture();
  });
  afterAll(async () => {
    await withSql.close();
    await withoutSql.close();
  });

  const server = (fixture: CkanFixture) =>
    serverFor(
      { origin: fixture.url, hostPort: fixture.hostPort, close: async () => undefined } as never,
      fixture,
    );

  it('answers a count and integer aggregates with one SQL request, the same answer as a local run', async () => {
    const sql = 'SELECT count(*), count(name) AS named, sum(id) AS total, max("id") AS top FROM data';
    const remote = server(withSql);
    const local = server(withoutSql);
    try {
      let pushed: Envelope | undefined;
      const requests = await requestsDuring(withSql, async () => {
        pushed = await remote.callTool('query_resource', { ...DATASTORE, sql });
      });
      const answer = ok(pushed as Envelope);
      expect(requests.filter((r) => !r.startsWith('package_show'))).toEqual(['datastore_search_sql 200']);
      expect((answer.source as { access_method: string }).access_method).toBe('datastore_sql');
      expect(answer.sql).toBe(
        `SELECT count(*) AS "rows", count(*) AS "a0", count("name") AS "a1", sum("id") AS "a2", max("id") AS "a3", min("id") AS "t2" FROM "${DATASTORE.resource_id}"`,
      );
      const computed = ok(await local.callTool('query_resource', { ...DATASTORE, sql }));
      expect((computed.source as { access_method: string }).access_method).toBe('datastore_api');
      expect(answer.columns).toEqual(computed.columns);
      expect(JSON.stringify(answer.rows)).toBe(JSON.stringify(computed.rows));
      expect(answer.rows_in_resource).toBe(computed.rows_in_resource);
    } finally {
      await remote.close();
      await local.close();
    }
  });

  it('computes locally what the portal would answer differently (extremes of text) or cannot translate', async () => {
    const remote = server(withSql);
    try {
      let textMax: Envelope | undefined;
      const requests = await requestsDuring(withSql, async () => {
        textMax = await remote.callTool('query_resource', {
          ...DATASTORE,
          sql: 'SELECT max(name) AS top FROM data',
        });
      });
      // Asked, but text ordering differs between the databases: the loaded table answers.
      expect(requests).toContain('datastore_search_sql 200');
      expect((ok(textMax as Envelope).source as { access_method: string }).access_method).not.toBe(
        'datastore_sql',
      );
      const filtered = await requestsDuring(withSql, async () => {
        ok(
          await remote.callTool('query_resource', {
            ...DATASTORE,
            sql: 'SELECT count(*) FROM data WHERE id > 1',
          }),
        );
      });
      expect(filtered.some((r) => r.startsWith('datastore_search_sql'))).toBe(false);
    } finally {
      await remote.close();
    }
  });

  it('remembers a portal with SQL search off: one refused attempt, then local answers', async () => {
    const local = server(withoutSql);
    try {
      const requests = await requestsDuring(withoutSql, async () => {
        for (const sql of ['SELECT count(*) FROM data', 'SELECT count(*) AS n FROM data']) {
          const answer = ok(await local.callTool('query_resource', { ...DATASTORE, sql }));
          expect(answer.rows).toEqual([[2]]);
          expect((answer.source as { access_method: string }).access_method).toBe('datastore_api');
        }
      });
      expect(requests.filter((r) => r.startsWith('datastore_search_sql'))).toEqual([
        'datastore_search_sql 400',
      ]);
    } finally {
      await local.close();
    }
  });
});
