import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTable } from '../open-table.js';
import type { TableSession } from '../table-session.js';
import { TEST_LIMITS, testData } from '../test-support.js';
import { parseCsvRecords } from './parse-csv-records.js';

let scratch: string;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'tabular-test-'));
});

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

async function withTable<T>(path: string, run: (session: TableSession) => Promise<T>, formatHint?: string) {
  const session = await openTable({ path, formatHint, limits: TEST_LIMITS });
  try {
    return await run(session);
  } finally {
    await session.close();
  }
}

async function scratchFile(name: string, content: string | Uint8Array): Promise<string> {
  const path = join(scratch, name);
  await writeFile(path, content);
  return path;
}

/** A synthetic CSV of about 10 MB (past the size where only the head's encoding is checked first). */
function largeCsv(lastLine: Buffer): Buffer {
  const lines = ['id,name,amount'];
  for (let i = 0; i < 90_000; i++) lines.push(`${i},${`name number ${i % 1000} `.repeat(6)},${i % 97}`);
  return Buffer.concat([Buffer.from(`${lines.join('\n')}\n`, 'utf8'), lastLine]);
}

describe('large files: the head decides the encoding, DuckDB checks the rest', () => {
  it('reads a large UTF-8 file in place and keeps every row', async () => {
    const path = await scratchFile(
      'large-utf8.synthetic.csv',
      largeCsv(Buffer.from('90000,Zürich,5\n', 'utf8')),
    );
    await withTable(path, async (session) => {
      expect(session.notes[0]).toBe('Encoding: UTF-8.');
      const { rows } = await session.query(
        `SELECT count(*) AS n, max(name) FILTER (WHERE id = 90000) AS last FROM data`,
        {
          limit: 1,
        },
      );
      expect(rows).toEqual([{ n: 90_001, last: 'Zürich' }]);
    });
  });

  it('a late Latin-1 byte past the head: the whole file is judged again and decoded', async () => {
    const path = await scratchFile(
      'large-late-latin1.synthetic.csv',
      largeCsv(Buffer.from('90000,Caf\xe9,5\n', 'latin1')),
    );
    await withTable(path, async (session) => {
      expect(session.notes[0]).toMatch(/not valid UTF-8 \(first invalid byte at offset \d+.*Windows-1252/);
      expect(session.notes.filter((note) => /^Encoding/.test(note))).toHaveLength(1);
      const { rows } = await session.query(`SELECT name FROM data WHERE id = 90000`, { limit: 1 });
      expect(rows).toEqual([{ name: 'Café' }]);
    });
  });
});

describe('real portal CSV files', () => {
  it('Kyiv (cp1251): numbered rows match the tidied oracle, computed without DuckDB', async () => {
    const tidied = await readFile(
      testData('ua_menr_protected_areas_kyiv_city__TIDIED_utf8_derived.csv'),
      'utf8',
    );
    const [header, ...rows] = parseCsvRecords(tidied, ',', Number.POSITIVE_INFINITY).filter(
      (r) => r.fields.length > 1,
    );
    const area = header?.fields.indexOf('area.ha') ?? -1;
    const expectedSum = rows.reduce((sum, row) => sum + Number(row.fields[area] || 0), 0);
    const result = await withTable(
      testData('ua_data-gov-ua_menr_protected_areas_kyiv_city__cp1251_semicolon.csv'),
      (session) =>
        session.query(
          `SELECT count(*) AS n, sum("Площа, га") AS area FROM data WHERE regexp_matches(trim("№ з.п."), '^[0-9]+\\.?$')`,
          { limit: 1 },
        ),
    );
    expect(result.rows[0]?.n).toBe(rows.length);
    expect(result.rows[0]?.area).toBeCloseTo(expectedSum, 6);
  });

  it('Newcastle (Latin-1, title row, CRLF): skips the title, decodes £, keeps every row', async () => {
    await withTable(
      testData('uk_thedatahub_newcastle_payments_oct2011__latin1_titlerow.csv'),
      async (session) => {
        expect(session.rowCount).toBe(230);
        expect(session.columns[0]?.name).toBe('Directorate');
        const notes = session.notes.join('\n');
        expect(notes).toMatch(/Windows-1252/);
        expect(notes).toMatch(/Header found on line 3.*Newcastle City Council Invoices over £500/s);
      },
    );
  });

  it('late invalid byte: the whole file is checked, not the first kilobytes', async () => {
    await withTable(testData('au_non_utf8_sample__cp1252.csv'), async (session) => {
      expect(session.notes[0]).toMatch(/offset 28364/);
      const { rows } = await session.query(`SELECT count(*) AS n FROM data WHERE Owner LIKE '%CAFÚ%'`, {
        limit: 1,
      });
      expect(rows).toEqual([{ n: 1 }]);
    });
  });

  it('German export: ten lines of preamble and trailing footnotes', async () => {
    await withTable(testData('de_weird_head_padding__titlerows_semicolon.csv'), async (session) => {
      expect(session.columns.map((c) => c.name).slice(0, 3)).toEqual(['column_1', '1985', '1993']);
      expect(session.rowCount).toBe(60);
      expect(session.notes.join('\n')).toMatch(/line 12.*footnotes/s);
    });
  });

  it('long column names survive and are queryable', async () => {
    await withTable(testData('ch_german_sample__semicolon_utf8.csv'), async (session) => {
      const long = session.columns[6]?.name ?? '';
      expect(long.length).toBeGreaterThan(63);
      const { rows } = await session.query(`SELECT "${long}" AS v FROM data WHERE Stadtname = 'Bern'`, {
        limit: 1,
      });
      expect(rows).toEqual([{ v: 1031 }]);
    });
  });

  it('clean UTF-8 file: types inferred, truncation reported', async () => {
    await withTable(testData('uk_data-gov-uk_sunderland_bus_stops.csv'), async (session) => {
      expect(session.rowCount).toBe(1775);
      expect(session.columns.find((c) => c.name === 'LASTCHANGE')?.type).toBe('DATE');
      const result = await session.query('SELECT OBJECTID FROM data ORDER BY OBJECTID', { limit: 3 });
      expect(result.rows).toHaveLength(3);
      expect(result.truncated).toBe(true);
    });
  });

  it('refuses a file over the row cap instead of truncating it', async () => {
    const path = testData('uk_data-gov-uk_sunderland_bus_stops.csv');
    await expect(openTable({ path, limits: { ...TEST_LIMITS, maxRows: 1000 } })).rejects.toMatchObject({
      code: 'resource_too_large',
    });
  });
});

describe('other formats', () => {
  it('XLSX: first sheet through the CSV path', async () => {
    await withTable(
      testData('go-realtime.xlsx'),
      async (session) => {
        expect(session.format).toBe('xlsx');
        expect(session.columns[1]?.name).toBe('Company name');
        expect(session.notes.join('\n')).toMatch(/Declared format "CSV".*XLSX: first sheet "Realtime"/s);
      },
      'CSV',
    );
  });

  it('Parquet and JSON (derived from the bus-stops file at test time)', async () => {
    const db = await DuckDBInstance.create(':memory:');
    const connection = await db.connect();
    const source = testData('uk_data-gov-uk_sunderland_bus_stops.csv').replaceAll("'", "''");
    const parquet = join(scratch, 'bus-stops.derived.parquet');
    const json = join(scratch, 'bus-stops.derived.json');
    const ndjson = join(scratch, 'bus-stops.derived.ndjson');
    await connection.run(`COPY (SELECT * FROM read_csv('${source}')) TO '${parquet}' (FORMAT parquet)`);
    await connection.run(
      `COPY (SELECT OBJECTID, TOWN FROM read_csv('${source}')) TO '${json}' (FORMAT json, ARRAY true)`,
    );
    await connection.run(
      `COPY (SELECT OBJECTID, TOWN FROM read_csv('${source}')) TO '${ndjson}' (FORMAT json)`,
    );
    connection.closeSync();
    db.closeSync();
    for (const [path, format] of [
      [parquet, 'parquet'],
      [json, 'json'],
      [ndjson, 'json'],
    ] as const) {
      await withTable(path, async (session) => {
        expect(session.format).toBe(format);
        expect(session.rowCount).toBe(1775);
        const { rows } = await session.query('SELECT count(DISTINCT TOWN) AS towns FROM data', { limit: 1 });
        expect(rows[0]?.towns).toBeGreaterThan(0);
      });
    }
  });

  it.each([
    ['an HTML landing page', 'page.html', '<!DOCTYPE html><html><body>Dataset</body></html>', /HTML/],
    ['a PDF', 'doc.pdf', '%PDF-1.7\n...', /PDF/],
    [
      'a ZIP archive',
      'a.zip',
      Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 0x61, 0x2e, 0x63, 0x73, 0x76]),
      /ZIP/,
    ],
    ['gzip', 'a.csv.gz', Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0]), /gzip/],
    ['legacy XLS', 'a.xls', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), /legacy Office/],
    ['binary bytes', 'a.bin', Buffer.from([0x01, 0x00, 0x02, 0x00, 0x03]), /binary/],
    ['a single JSON object', 'a.json', '{"help": "x", "success": true, "result": {}}', /single object/],
  ])('refuses %s with unsupported_resource and a hint', async (_what, name, content, message) => {
    const path = await scratchFile(name, content);
    const error = await openTable({ path, formatHint: 'CSV', limits: TEST_LIMITS }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'unsupported_resource', message: expect.stringMatching(message) });
    expect((error as { hint?: string }).hint).toBeTruthy();
  });

  it('reports progress while loading', async () => {
    const steps: number[] = [];
    const session = await openTable({
      path: testData('ch_german_sample__semicolon_utf8.csv'),
      limits: TEST_LIMITS,
      onProgress: (p) => steps.push(p.progress),
    });
    await session.close();
    expect(steps[0]).toBe(0);
    expect(steps.at(-1)).toBe(4);
  });
});
