import { type CkanFixture, startCkanFixture } from '@opendata-mcp/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectStdio, type StdioSession } from '../e2e/stdio-client.js';

const KYIV = { dataset_id: 'pzf-kyiv-city', resource_id: 'fefc392b-d1ae-5706-939b-521da2cdd35f' };
const BUS = { dataset_id: 'sunderland-bus-stops', resource_id: 'da0d020d-091d-5632-bd5e-25fc4122d7e4' };
const DATASTORE = { dataset_id: 'frictionless', resource_id: '711069ae-b409-4584-843a-3d6f5a47e129' };

describe('CKAN resource tools over stdio', () => {
  let fixture: CkanFixture;
  let session: StdioSession;

  beforeAll(async () => {
    fixture = await startCkanFixture();
    session = await connectStdio([fixture]);
  });
  afterAll(async () => {
    await session?.close();
    await fixture?.close();
  });

  it('get_schema loads the Windows-1251 Kyiv file and says what it did', async () => {
    const { body, isError } = await session.call('get_schema', { dataset_id: KYIV.dataset_id });
    expect(isError).toBe(false);
    expect(body.resource_id).toBe(KYIV.resource_id);
    expect(body.schema_source).toBe('inferred_from_file');
    expect(body.authoritative).toBe(false);
    expect(body.table_name).toBe('data');
    expect(body.columns).toContain('Площа, га');
    expect(body.column_types[body.columns.indexOf('Площа, га')]).toBe('DOUBLE');
    expect(body.row_count).toBe(198);
    expect(body.sample_rows).toHaveLength(3);
    expect(body.notes.join(' ')).toMatch(/1251/);
    expect(body.source.access_method).toBe('download');
    expect(body.source.source_modified_at).toBe('2019-06-05T11:19:31.000Z');
  });

  it('get_schema reads DataStore types from the portal as authoritative', async () => {
    const { body } = await session.call('get_schema', DATASTORE);
    expect(body.schema_source).toBe('datastore_metadata');
    expect(body.authoritative).toBe(true);
    expect(body.columns).toEqual(['id', 'name']);
    expect(body.column_types).toEqual(['int4', 'text']);
    expect(body.row_count).toBe(2);
    expect(body.source.access_method).toBe('datastore_api');
  });

  it('query_resource aggregates over the whole resource with SQL provenance', async () => {
    const sql =
      'SELECT lower(trim("Категорія")) AS category, count(*) AS n FROM data ' +
      `WHERE regexp_matches("№ з.п.", '^[0-9]') GROUP BY 1 ORDER BY n DESC, category`;
    const { body, isError } = await session.call('query_resource', { ...KYIV, sql, limit: 3 });
    expect(isError, JSON.stringify(body.error)).toBe(false);
    expect(body.rows[0]).toEqual(['пам`ятка природи', 123]);
    expect(body.returned).toBe(3);
    expect(body.truncated).toBe(true);
    expect(body.rows_in_resource).toBe(198);
    expect(body.source.query.language).toBe('sql');
    expect(body.source.query.text).toBe(body.sql);
    expect(body.citation).toContain('Міністерство енергетики та захисту довкілля України');
  });

  it('query_resource says when total rows are counted among the data, and how to leave them out', async () => {
    const { body } = await session.call('query_resource', { ...KYIV, sql: 'SELECT count(*) AS n FROM data' });
    expect(body.rows).toEqual([[198]]);
    const note = (body.notes as string[]).find((n) => n.includes('look like totals'));
    expect(note).toMatch(
      /^24 row\(s\) look like totals or subtotals .* before counting or summing, e\.g\. (WHERE .*)\.$/,
    );
    // The filter the note gives, run as given, leaves out exactly the rows it counted.
    const filter = /e\.g\. (WHERE .*)\.$/.exec(note as string)?.[1] as string;
    const { body: areas } = await session.call('query_resource', {
      ...KYIV,
      sql: `SELECT count(*) AS n FROM data ${filter}`,
    });
    expect(areas.rows).toEqual([[198 - 24]]);
    // The two section headings are named too; leaving both kinds out counts the areas themselves,
    // 172, the file's own grand total.
    const headings = (body.notes as string[]).find((n) => n.includes('section headings'));
    expect(headings).toMatch(/^2 row\(s\) hold text in one cell and nothing else .* e\.g\. (WHERE .*)\.$/);
    const both = `${filter} AND ${/e\.g\. WHERE (.*)\.$/.exec(headings as string)?.[1]}`;
    const { body: items } = await session.call('query_resource', {
      ...KYIV,
      sql: `SELECT count(*) AS n FROM data ${both}`,
    });
    expect(items.rows).toEqual([[172]]);
  });

  it('query_resource pages a long result with offset and next_offset, and finds a lone resource itself', async () => {
    const sql = 'SELECT "№ з.п." AS n, "Площа, га" AS ha FROM data ORDER BY n, ha';
    const whole = await session.call('query_resource', { ...KYIV, sql, limit: 100 });
    const first = await session.call('query_resource', { ...KYIV, sql, limit: 30 });
    expect(first.body).toMatchObject({ returned: 30, truncated: true, next_offset: 30 });
    const second = await session.call('query_resource', {
      ...KYIV,
      sql,
      limit: 30,
      offset: first.body.next_offset,
    });
    expect([...first.body.rows, ...second.body.rows]).toEqual(whole.body.rows.slice(0, 60));
    const { resource_id: _resource, ...withoutResource } = KYIV;
    const lone = await session.call('query_resource', {
      ...withoutResource,
      sql: 'SELECT count(*) AS n FROM data',
    });
    expect(lone.body.rows).toEqual([[198]]);
  });

  it('a repeated query within the metadata TTL reuses the loaded table without asking the portal', async () => {
    const sql = 'SELECT count(*) AS n FROM data';
    const first = await session.call('query_resource', { ...BUS, sql });
    expect(first.body.rows).toEqual([[1775]]);
    const fileRequestsBefore = fixture.requests.filter((r) => r.path.startsWith('/files/')).length;
    const second = await session.call('query_resource', {
      ...BUS,
      sql: 'SELECT max("LAT") AS lat FROM data',
    });
    expect(second.body.source.cache).toMatchObject({ hit: true, revalidated: false });
    expect(fixture.requests.filter((r) => r.path.startsWith('/files/')).length).toBe(fileRequestsBefore);
  });

  it('refuses unsafe SQL with a hint', async () => {
    for (const sql of ["SELECT * FROM read_csv('/etc/passwd')", 'DROP TABLE data', 'SELECT 1; SELECT 2']) {
      const { body, isError } = await session.call('query_resource', { ...BUS, sql });
      expect(isError).toBe(true);
      expect(body.error.code, sql).toBe('unsafe_sql');
      expect(body.error.hint).toBeTruthy();
    }
  });

  it('names the existing columns when a column is missing', async () => {
    const { body } = await session.call('query_resource', { ...BUS, sql: 'SELECT nosuchcolumn FROM data' });
    expect(body.error.code).toBe('query_error');
    expect(JSON.stringify(body.error)).toContain('COMMONNAME');
  });

  it('refuses a non-tabular resource without downloading it', async () => {
    const { body } = await session.call('query_resource', {
      dataset_id: 'go-transit-realtime',
      resource_id: 'a939c5eb-0fc5-52db-871b-b6b90656ed04',
      sql: 'SELECT 1',
    });
    expect(body.error.code).toBe('unsupported_resource');
    const none = await session.call('get_schema', { dataset_id: 'bolsa-familia-pagamentos' });
    expect(none.body.error.code).toBe('unsupported_resource');
  });

  it('asks for a resource id when several resources are queryable, and rejects unknown ones', async () => {
    const many = await session.call('get_schema', { dataset_id: 'taxation-statistics-2011-12' });
    expect(many.body.error.code).toBe('invalid_input');
    expect(many.body.error.hint).toMatch(/resource_id/);
    const unknown = await session.call('query_resource', { ...KYIV, resource_id: 'nope', sql: 'SELECT 1' });
    expect(unknown.body.error.code).toBe('not_found');
  });

  it('loads an XLSX resource with a JS reader', async () => {
    const { body } = await session.call('get_schema', {
      dataset_id: 'go-transit-realtime',
      resource_id: 'b51a6875-fa66-51d3-8e53-4dcdb1756c0e',
    });
    expect(body.format).toBe('xlsx');
    expect(body.row_count).toBe(50);
  });

  it('queries a DataStore table paged in through the API', async () => {
    const { body } = await session.call('query_resource', {
      ...DATASTORE,
      sql: 'SELECT name FROM data WHERE id = 2',
    });
    expect(body.rows).toEqual([['中国人']]);
  });
});

// The push-down check once ran a backtracking regular expression over the raw SQL on the main
// thread: 4,000 spaces held every client for seconds, the schema's 20,000 characters for half an hour.
describe('a hostile DataStore query does not hold other clients', () => {
  let fixture: CkanFixture;
  let session: StdioSession;

  beforeAll(async () => {
    // SQL search on, so the push-down is never switched off and every query is inspected.
    fixture = await startCkanFixture({ datastore: { sql: true } });
    session = await connectStdio([fixture]);
    // Processes booted, the table loaded and both datasets' metadata cached before anything is timed.
    await session.call('query_resource', { ...DATASTORE, sql: 'SELECT name FROM data WHERE id = 1' });
    await session.call('get_dataset', { dataset_id: KYIV.dataset_id });
  });
  afterAll(async () => {
    await session?.close();
    await fixture?.close();
  });

  it.each([4_000, 19_993])(
    'answers another client within a second while a select padded with %i spaces runs on a DataStore table',
    async (spaces) => {
      const started = Date.now();
      const hostile = session
        .call('query_resource', { ...DATASTORE, sql: `select${' '.repeat(spaces)}x` })
        .then((answer) => ({ ...answer, ms: Date.now() - started }));
      await new Promise((resolve) => setTimeout(resolve, 50));
      const asked = Date.now();
      const other = await session.call('get_dataset', { dataset_id: KYIV.dataset_id });
      const waited = Date.now() - asked;
      expect(other.isError).toBe(false);
      expect(waited).toBeLessThan(1_000);
      const { body, isError, ms } = await hostile;
      expect(isError).toBe(true);
      expect(body.error.code).toBe('query_error');
      expect(body.error.message).toMatch(/"x"/);
      // Well inside the server's 10 s query deadline.
      expect(ms).toBeLessThan(10_000);
    },
  );
});
