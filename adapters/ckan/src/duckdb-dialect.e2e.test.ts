import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createOpenDataServer, type OpenDataServer, silentLogger } from '@opendata-mcp/core/server';
import { type CkanFixture, startCkanFixture } from '@opendata-mcp/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCkanAdapter } from './index.js';

// The real Sunderland bus-stop file (1,775 stops) served by the fixture portal.
const BUS = { dataset_id: 'sunderland-bus-stops', resource_id: 'da0d020d-091d-5632-bd5e-25fc4122d7e4' };

/** DuckDB conveniences an analyst writes against open data; each must be answered, not refused. */
const DIALECT: Array<[string, string]> = [
  ['TRY_CAST', 'SELECT count(TRY_CAST("NATGAZID" AS DOUBLE)) AS numeric_ids, count(*) AS n FROM data'],
  ['GROUP BY ALL', 'SELECT "DIRECTION", count(*) AS n FROM data GROUP BY ALL ORDER BY n DESC'],
  ['SELECT * EXCLUDE', 'SELECT * EXCLUDE ("NOTES", "SMSNUMBER") FROM data LIMIT 2'],
  ['COLUMNS(regex)', "SELECT max(COLUMNS('^(LAT|LON)$')) FROM data"],
  [
    'QUALIFY',
    'SELECT "TOWN", "COMMONNAME" FROM data QUALIFY row_number() OVER (PARTITION BY "TOWN" ORDER BY "OBJECTID") = 1',
  ],
  [
    'list()',
    'SELECT "DIRECTION", list("COMMONNAME" ORDER BY "COMMONNAME")[1] AS first_stop FROM data GROUP BY 1',
  ],
  ['ROLLUP', 'SELECT "TOWN", "DIRECTION", count(*) AS n FROM data GROUP BY ROLLUP ("TOWN", "DIRECTION")'],
  ['printf', 'SELECT printf(\'%.3f\', avg("LAT")) AS mean_lat FROM data'],
  [
    'integer division //',
    'SELECT "OBJECTID" // 100 AS hundred, count(*) AS n FROM data GROUP BY 1 ORDER BY 1 LIMIT 3',
  ],
  [
    'PIVOT in a SELECT',
    'SELECT * FROM (SELECT "TOWN", "DIRECTION" FROM data) PIVOT (count(*) FOR "DIRECTION" IN (\'N\', \'S\'))',
  ],
  [
    'TRY_CAST inside extract',
    'SELECT extract(year FROM TRY_CAST("LASTCHANGE" AS DATE)) AS y, count(*) AS n FROM data GROUP BY 1 ORDER BY 1 LIMIT 3',
  ],
  ['FROM-first', 'FROM data SELECT count(*) AS n'],
];

describe("DuckDB's own dialect on the fixture portal", () => {
  let fixture: CkanFixture;
  let server: OpenDataServer;
  let cacheDir: string;
  beforeAll(async () => {
    fixture = await startCkanFixture();
    cacheDir = mkdtempSync(join(tmpdir(), 'ckan-dialect-'));
    server = createOpenDataServer({
      adapters: [createCkanAdapter({ url: fixture.url, trusted_hosts: [fixture.hostPort] })],
      logger: silentLogger,
      http: { cacheDir },
    });
  });
  afterAll(async () => {
    await server.close();
    await fixture.close();
    await rm(cacheDir, { recursive: true, force: true });
  });

  it.each(DIALECT)('answers %s', async (_kind, sql) => {
    const answer = await server.callTool('query_resource', { ...BUS, sql, limit: 50 });
    expect(answer.ok ? 'ok' : JSON.stringify(answer.error)).toBe('ok');
    if (answer.ok) expect((answer.rows as unknown[]).length).toBeGreaterThan(0);
  });

  it('counts the whole file through GROUP BY ALL', async () => {
    const answer = await server.callTool('query_resource', {
      ...BUS,
      sql: 'SELECT "DIRECTION", count(*) AS n FROM data GROUP BY ALL',
      limit: 50,
    });
    expect(answer.ok).toBe(true);
    if (answer.ok)
      expect((answer.rows as Array<[string, number]>).reduce((sum, [, n]) => sum + n, 0)).toBe(1775);
  });

  it('refuses a bare PIVOT statement with a hint that gives its SELECT form', async () => {
    const answer = await server.callTool('query_resource', {
      ...BUS,
      sql: 'PIVOT data ON "DIRECTION" USING count(*)',
    });
    expect(answer.ok).toBe(false);
    if (!answer.ok) {
      expect(answer.error.code).toBe('unsafe_sql');
      expect(answer.error.hint).toMatch(/SELECT \* FROM data PIVOT/);
    }
  });
});
