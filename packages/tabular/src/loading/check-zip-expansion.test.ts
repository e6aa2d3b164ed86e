import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTable } from '../open-table.js';
import { TEST_LIMITS, testData } from '../test-support.js';
import { checkZipExpansion } from './check-zip-expansion.js';
import { xlsxExpansionCap } from './load-xlsx.js';

interface SyntheticEntry {
  name: string;
  data: Buffer;
  /** The size the headers claim (a bomb may understate it); the true size by default. */
  declaredSize?: number;
  /** False: the entry is in the archive but not in its central directory. */
  listed?: boolean;
}

/** A minimal deflate ZIP written by hand, so the tests can make headers lie. */
function syntheticZip(entries: SyntheticEntry[]): Buffer {
  const parts: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const compressed = deflateRawSync(entry.data);
    const sizes = Buffer.alloc(12);
    sizes.writeUInt32LE(crc32(entry.data), 0);
    sizes.writeUInt32LE(compressed.length, 4);
    sizes.writeUInt32LE(entry.declaredSize ?? entry.data.length, 8);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    sizes.copy(local, 14);
    local.writeUInt16LE(name.length, 26);
    if (entry.listed !== false) {
      const central = Buffer.alloc(46);
      central.writeUInt32LE(0x02014b50, 0);
      central.writeUInt16LE(20, 4);
      central.writeUInt16LE(20, 6);
      central.writeUInt16LE(8, 10);
      sizes.copy(central, 16);
      central.writeUInt16LE(name.length, 28);
      central.writeUInt32LE(offset, 42);
      directory.push(central, name);
    }
    parts.push(local, name, compressed);
    offset += local.length + name.length + compressed.length;
  }
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  const listed = entries.filter((entry) => entry.listed !== false).length;
  end.writeUInt16LE(listed, 8);
  end.writeUInt16LE(listed, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directoryBytes, end]);
}

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
