import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTable } from '../open-table.js';
import { TEST_LIMITS, testData } from '../test-support.js';
import { type SyntheticEntry, syntheticZip } from '../testing/synthetic-zip.js';
import { checkZipExpansion } from './check-zip-expansion.js';
import { xlsxExpansionCap } from './load-xlsx.js';

const CONTENT_TYPES = {
  name: '[Content_Types].xml',
  data: Buffer.from(
    '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
  ),
};
const WORKBOOK = { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') };
/** 64 MB of one repeated cell: deflates to about 64 KB, the shape of a decompression bomb. */
const BOMB_SHEET = Buffer.alloc(64 * 1024 * 1024, '<c><v>0</v></c>');
/** A 1 MB download cap allows 4 MB unpacked. */
const SMALL_CAP = { ...TEST_LIMITS, maxDownloadBytes: 1024 * 1024 };

let scratch: string;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'tabular-zip-'));
});

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

async function synthetic(name: string, entries: SyntheticEntry[]): Promise<string> {
  const path = join(scratch, name);
  await writeFile(path, syntheticZip(entries));
  return path;
}

describe('XLSX decompression bombs are refused before the workbook is unpacked', () => {
  it('derives the cap from the download cap, within an absolute cap', () => {
    expect(xlsxExpansionCap({ maxDownloadBytes: 1024 * 1024 })).toBe(4 * 1024 * 1024);
    expect(xlsxExpansionCap({ maxDownloadBytes: 10 * 1024 * 1024 * 1024 })).toBe(256 * 1024 * 1024);
    expect(xlsxExpansionCap({})).toBe(256 * 1024 * 1024);
  });

  it('refuses a workbook whose declared sizes pass the cap, with a hint', async () => {
    const path = await synthetic('declared-bomb.synthetic.xlsx', [
      CONTENT_TYPES,
      WORKBOOK,
      { name: 'xl/worksheets/sheet1.xml', data: BOMB_SHEET },
    ]);
    const error = await openTable({ path, limits: SMALL_CAP }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'resource_too_large',
      message: expect.stringMatching(/declared/),
      details: { cap_bytes: 4 * 1024 * 1024 },
    });
    expect((error as { hint?: string }).hint).toMatch(/CSV or Parquet/);
  });

  it('refuses a bomb that understates its sizes, by counting what actually inflates', async () => {
    const path = await synthetic('lying-bomb.synthetic.xlsx', [
      CONTENT_TYPES,
      WORKBOOK,
      { name: 'xl/worksheets/sheet1.xml', data: BOMB_SHEET, declaredSize: 1000 },
    ]);
    await expect(openTable({ path, limits: SMALL_CAP })).rejects.toMatchObject({
      code: 'resource_too_large',
      message: expect.stringMatching(/at least/),
    });
  });

  it('refuses an understated entry even under the cap: sizes must match', async () => {
    const path = await synthetic('understated.synthetic.xlsx', [
      CONTENT_TYPES,
      { name: 'xl/workbook.xml', data: Buffer.alloc(100_000, 'a'), declaredSize: 10 },
    ]);
    await expect(checkZipExpansion(path, 4 * 1024 * 1024)).rejects.toMatchObject({
      code: 'unsupported_resource',
      message: expect.stringMatching(/declared size/),
    });
  });

  it('refuses entries hidden from the central directory (a streaming reader would unpack them)', async () => {
    const path = await synthetic('hidden-entry.synthetic.xlsx', [
      CONTENT_TYPES,
      { name: 'xl/worksheets/sheet1.xml', data: BOMB_SHEET, listed: false },
      WORKBOOK,
    ]);
    await expect(checkZipExpansion(path, 4 * 1024 * 1024)).rejects.toMatchObject({
      code: 'unsupported_resource',
      message: expect.stringMatching(/does not list/),
    });
  });

  it('refuses a truncated archive as damaged', async () => {
    const whole = syntheticZip([CONTENT_TYPES, WORKBOOK]);
    const path = join(scratch, 'truncated.synthetic.xlsx');
    await writeFile(path, whole.subarray(0, whole.length - 30));
    await expect(checkZipExpansion(path, 4 * 1024 * 1024)).rejects.toMatchObject({
      code: 'unsupported_resource',
      hint: expect.stringMatching(/CSV/),
    });
  });

  it('passes the real workbook under the default cap and refuses it under a tiny one', async () => {
    const path = testData('go-realtime.xlsx');
    await expect(checkZipExpansion(path, xlsxExpansionCap({}))).resolves.toBeUndefined();
    await expect(checkZipExpansion(path, 10_000)).rejects.toMatchObject({ code: 'resource_too_large' });
  });
});
