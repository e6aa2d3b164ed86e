import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CkanFixture, type CkanPackage, startCkanFixture } from '@opendata-mcp/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectStdio, type StdioSession } from '../e2e/stdio-client.js';

const DATASET = 'synthetic-empty-files';
const EMPTY = '5e7e0000-0000-4000-8000-00000000e001';
const HEADER_ONLY = '5e7e0000-0000-4000-8000-00000000e002';

/** SYNTHETIC: two files a portal could publish by mistake, written by this test. */
function emptyFilesPackage(dir: string): CkanPackage {
  writeFileSync(join(dir, 'synthetic-empty.csv'), '');
  writeFileSync(join(dir, 'synthetic-header-only.csv'), 'station,year,count\n');
  const resource = (id: string, name: string, file: string) => ({
    id,
    name,
    format: 'CSV',
    file: join(dir, file),
    mimetype: 'text/csv',
    last_modified: null,
    datastore_active: false,
  });
  return {
    id: '5e7e0000-0000-4000-8000-00000000e000',
    name: DATASET,
    title: 'Synthetic empty files',
    notes: 'SYNTHETIC: a 0-byte file and a header-only CSV, for tests.',
    organization: { id: 'synthetic', name: 'synthetic', title: 'Synthetic data (tests)' },
    tags: [{ name: 'synthetic' }],
    resources: [
      resource(EMPTY, 'Empty download', 'synthetic-empty.csv'),
      resource(HEADER_ONLY, 'Header only', 'synthetic-header-only.csv'),
    ],
  };
}

describe('CKAN resources without rows over stdio', () => {
  let dir: string;
  let fixture: CkanFixture;
  let session: StdioSession;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ckan-empty-files-'));
    fixture = await startCkanFixture({ extraPackages: [emptyFilesPackage(dir)] });
    session = await connectStdio([fixture]);
  });
  afterAll(async () => {
    await session?.close();
    await fixture?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a 0-byte download as unsupported_resource naming the resource, never as 0 rows', async () => {
    for (const tool of ['query_resource', 'get_schema']) {
      const { body, isError } = await session.call(tool, {
        dataset_id: DATASET,
        resource_id: EMPTY,
        ...(tool === 'query_resource' ? { sql: 'SELECT count(*) AS n FROM data' } : {}),
      });
      expect(isError, tool).toBe(true);
      expect(body.ok).toBe(false);
      expect(body.error.code).toBe('unsupported_resource');
      expect(body.error.retryable).toBe(false);
      expect(body.error.message).toContain(EMPTY);
      expect(body.error.hint).toMatch(/another resource/i);
      expect(body).not.toHaveProperty('rows');
      expect(body).not.toHaveProperty('columns');
    }
    expect(fixture.requests.some((r) => r.path === '/files/synthetic-empty.csv' && r.status === 200)).toBe(
      true,
    );
  });

  it('answers a header-only CSV with 0 rows and a note that the file has a header and no rows', async () => {
    const { body, isError } = await session.call('query_resource', {
      dataset_id: DATASET,
      resource_id: HEADER_ONLY,
      sql: 'SELECT count(*) AS n FROM data',
    });
    expect(isError, JSON.stringify(body.error)).toBe(false);
    expect(body.rows).toEqual([[0]]);
    expect(body.rows_in_resource).toBe(0);
    expect(body.notes).toEqual([expect.stringMatching(/header and no rows/)]);
    const all = await session.call('query_resource', {
      dataset_id: DATASET,
      resource_id: HEADER_ONLY,
      sql: 'SELECT * FROM data',
    });
    expect(all.body.columns.map((c: { name: string }) => c.name)).toEqual(['station', 'year', 'count']);
    expect(all.body.returned).toBe(0);
    expect(all.body.notes.join(' ')).toMatch(/header and no rows/);
  });

  it('says the same in get_schema', async () => {
    const { body } = await session.call('get_schema', { dataset_id: DATASET, resource_id: HEADER_ONLY });
    expect(body.row_count).toBe(0);
    expect(body.notes.join(' ')).toMatch(/header and no rows/);
  });
});
