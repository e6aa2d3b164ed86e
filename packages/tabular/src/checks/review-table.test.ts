import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsvRecords } from '../loading/parse-csv-records.js';
import { openTable } from '../open-table.js';
import type { TableSession } from '../table-session.js';
import { TEST_LIMITS, testData } from '../test-support.js';

const NEWCASTLE = 'uk_thedatahub_newcastle_payments_oct2011__latin1_titlerow.csv';
const KYIV = 'ua_data-gov-ua_menr_protected_areas_kyiv_city__cp1251_semicolon.csv';
const GERMAN = 'de_weird_head_padding__titlerows_semicolon.csv';

let scratch: string;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'tabular-review-'));
});

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

async function withTable<T>(path: string, run: (session: TableSession) => Promise<T>): Promise<T> {
  const session = await openTable({ path, limits: TEST_LIMITS });
  try {
    return await run(session);
  } finally {
    await session.close();
  }
}

async function withCsv<T>(name: string, text: string, run: (session: TableSession) => Promise<T>) {
  const path = join(scratch, `${name}.synthetic.csv`);
  await writeFile(path, text);
  return withTable(path, run);
}

const typeOf = (session: TableSession, name: string) => session.columns.find((c) => c.name === name)?.type;
const notesOf = async (session: TableSession) =>
  [...session.notes, ...(await session.checkNotes())].join('\n');

describe('Newcastle payments (real file): thousands separators, trailing empty rows, padded keys', () => {
  it('reads "6,200.00" as a number; the total matches a sum computed without DuckDB', async () => {
    const text = iconv.decode(await readFile(testData(NEWCASTLE)), 'win1252');
    const records = parseCsvRecords(text, ',', Number.POSITIVE_INFINITY).slice(3);
    const amounts = records.map((r) => r.fields[9] ?? '').filter((value) => value.trim() !== '');
    const expected = amounts.reduce((sum, value) => sum + Number(value.replaceAll(',', '')), 0);
    expect(amounts).toContain('6,200.00');
    await withTable(testData(NEWCASTLE), async (session) => {
      expect(typeOf(session, 'Grand Total')).toBe('DOUBLE');
      expect(await notesOf(session)).toMatch(
        /thousands separators.*"Grand Total" \(comma thousands, dot decimals/,
      );
      const { rows } = await session.query(
        `SELECT sum("Grand Total") AS total, count("Grand Total") AS n, max("Grand Total") AS top FROM data`,
        { limit: 1 },
      );
      expect(rows[0]?.n).toBe(amounts.length);
      expect(rows[0]?.total).toBeCloseTo(expected, 2);
      expect(rows[0]?.top).toBeGreaterThan(1000);
    });
  });

  it('keeps the 21 empty rows at the end, counts them and names a filter that excludes exactly them', async () => {
    await withTable(testData(NEWCASTLE), async (session) => {
      expect(session.rowCount).toBe(230);
      const note =
        [...session.notes, ...(await session.checkNotes())].find((n) => /entirely empty/.test(n)) ?? '';
      expect(note).toMatch(/^21 row\(s\) are entirely empty .*all at the end/);
      const filter = /WHERE (.+)\.$/.exec(note)?.[1] ?? '';
      expect(filter).toBe(`trim("Directorate") <> ''`);
      const { rows } = await session.query(`SELECT count(*) AS n FROM data WHERE ${filter}`, { limit: 1 });
      expect(rows).toEqual([{ n: 209 }]);
    });
  });

  it('notes the space-padded "Service Area" values without changing them', async () => {
    await withTable(testData(NEWCASTLE), async (session) => {
      expect(await notesOf(session)).toMatch(
        /Leading\/trailing spaces.*"Service Area" \(209 of 209 values.*trim\(/,
      );
      const { rows } = await session.query(
        `SELECT count(*) FILTER (WHERE "Service Area" = 'Adult Serv Finance') AS exact,
                count(*) FILTER (WHERE trim("Service Area") = 'Adult Serv Finance') AS trimmed FROM data`,
        { limit: 1 },
      );
      expect(rows[0]?.exact).toBe(0);
      expect(rows[0]?.trimmed).toBeGreaterThan(0);
    });
  });
});

describe('other real files', () => {
  it('Kyiv: "8. " is named as a padded key value that trim() merges with the rest', async () => {
    await withTable(testData(KYIV), async (session) => {
      expect(await notesOf(session)).toMatch(
        /"№ з\.п\." \(1 of \d+ values, e\.g\. "8\. "; trimming merges 1 value/,
      );
      const { rows } = await session.query(
        `SELECT count(*) FILTER (WHERE "№ з.п." = '8.') AS exact, count(*) FILTER (WHERE trim("№ з.п.") = '8.') AS trimmed FROM data`,
        { limit: 1 },
      );
      expect(rows[0]?.trimmed).toBe(Number(rows[0]?.exact) + 1);
    });
  });

  it('German statistics: "1.613" next to "379" is ambiguous, so those columns stay text with a note', async () => {
    await withTable(testData(GERMAN), async (session) => {
      expect(typeOf(session, '1993')).toBe('VARCHAR');
      expect(await notesOf(session)).toMatch(
        /Kept as text because the separators could be thousands or decimal marks: "1993" \(e\.g\. "1\.\d{3}"\).*dot thousands/,
      );
      // Cells holding only spaces are blanks, not padded values.
      expect(await notesOf(session)).not.toMatch(/"1993" \(\d+ of/);
    });
  });
});

describe('digit-grouped numbers (synthetic inline files)', () => {
  it.each([
    ['dot thousands, comma decimals', 'id;amount\n1;1.234,5\n2;12,25\n3;7\n', 'DOUBLE', [1234.5, 12.25, 7]],
    [
      'several comma groups decide it',
      'id,amount\n1,"1,234,567"\n2,12\n3,"4,500"\n',
      'BIGINT',
      [1234567, 12, 4500],
    ],
    [
      'dot groups settled by a second group',
      'id;amount\n1;1.230\n2;379\n3;1.234.567\n',
      'BIGINT',
      [1230, 379, 1234567],
    ],
    ['space thousands', 'id;amount\n1;12 500\n2;1 000 000\n3;999\n', 'BIGINT', [12500, 1000000, 999]],
    ['no-break space thousands', 'id;amount\n1;12\u00a0500,5\n2;3,25\n', 'DOUBLE', [12500.5, 3.25]],
    [
      'apostrophe thousands (Swiss)',
      "id;amount\n1;1'234.50\n2;-12'000\n3;0.5\n",
      'DOUBLE',
      [1234.5, -12000, 0.5],
    ],
  ])('%s: read as numbers', async (label, text, type, values) => {
    await withCsv(label.replaceAll(/\W+/g, '-'), text, async (session) => {
      expect(typeOf(session, 'amount')).toBe(type);
      expect(await notesOf(session)).toMatch(/thousands separators were read as numbers: "amount"/);
      const { rows } = await session.query('SELECT amount FROM data ORDER BY id', { limit: 10 });
      expect(rows.map((row) => row.amount)).toEqual(values);
    });
  });

  it.each([
    ['comma groups only: 1,234 could be 1.234', 'id,amount\n1,"1,234"\n2,12\n3,"5,600"\n'],
    ['dot groups only: 1.230 could be 1.23', 'id;amount\n1;1.230\n2;379\n'],
    ['space groups with both decimal marks', 'id;amount\n1;1 234,5\n2;1 234.5\n'],
  ])('%s: stays text with a note', async (label, text) => {
    await withCsv(label.replaceAll(/\W+/g, '-'), text, async (session) => {
      expect(typeOf(session, 'amount')).toBe('VARCHAR');
      expect(await notesOf(session)).toMatch(/Kept as text because the separators could be.*"amount"/);
    });
  });

  it('codes with leading zeros and dates are left alone, without a note', async () => {
    const text = 'code;day;n\n01.110;01.02.2020;1\n02.300;03.04.2021;2\n';
    await withCsv('codes', text, async (session) => {
      expect(typeOf(session, 'code')).toBe('VARCHAR');
      expect(await notesOf(session)).not.toMatch(/thousands/);
    });
  });
});

describe('empty rows and padded values (synthetic inline files)', () => {
  it('counts scattered empty rows; no note when there are none', async () => {
    await withCsv('scattered-empty', 'a,b\nx,1\n,\ny,2\n , \nz,3\n', async (session) => {
      expect(session.rowCount).toBe(5);
      expect(await notesOf(session)).toMatch(
        /2 row\(s\) are entirely empty .*scattered.*WHERE trim\("a"\) <> ''/,
      );
    });
    await withCsv('no-empty', 'a,b\nx,1\ny,2\n', async (session) => {
      expect(await notesOf(session)).not.toMatch(/empty/);
    });
  });

  it('names section headings (text alone in a row) among items, not rows that are the data’s shape', async () => {
    const items = Array.from({ length: 30 }, (_, i) => `${i + 1},Item ${i + 1},${i * 10}`);
    const sections = `no,name,area\nNational sites,,\n${items.slice(0, 15).join('\n')}\nLocal sites,,\n${items.slice(15).join('\n')}\n`;
    await withCsv('headings', sections, async (session) => {
      const note = (await session.checkNotes()).find((n) => n.includes('section headings'));
      expect(note).toMatch(/^2 row\(s\) hold text in one cell and nothing else \(e\.g\. "Local sites"\)/);
      const filter = /e\.g\. (WHERE .*)\.$/.exec(note as string)?.[1];
      const { rows } = await session.query(`SELECT count(*) AS n FROM data ${filter}`, { limit: 1 });
      expect(Number(rows[0]?.n)).toBe(30);
    });
    // A list where most rows fill one cell only is shaped so: no note.
    const sparse = Array.from({ length: 12 }, (_, i) => (i % 4 === 0 ? `${i},x,1` : `name ${i},,`));
    await withCsv('sparse', `a,b,c\n${sparse.join('\n')}\n`, async (session) => {
      expect(await notesOf(session)).not.toMatch(/section headings/);
    });
  });

  it('a few padded values in long free text are not worth a note', async () => {
    const long = 'a description that is clearly longer than any code or category would be';
    const rows = Array.from({ length: 20 }, (_, i) => `${i},"${long} ${i}${i === 3 ? ' ' : ''}"`);
    await withCsv('free-text', `id,text\n${rows.join('\n')}\n`, async (session) => {
      expect(await notesOf(session)).not.toMatch(/Leading\/trailing spaces/);
    });
  });
});
