import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTable } from '../open-table.js';
import { TEST_LIMITS, testData } from '../test-support.js';
import { syntheticZip } from '../testing/synthetic-zip.js';
import { checkZipExpansion } from './check-zip-expansion.js';
import { sheetExtent } from './sheet-extent.js';

const CONTENT_TYPES = {
  name: '[Content_Types].xml',
  data: Buffer.from(
    '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
  ),
};
const WORKBOOK = { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') };
const sheet = (cells: string, dimension: string) =>
  Buffer.from(
    `<?xml version="1.0"?><worksheet><dimension ref="${dimension}"/><sheetData>${cells}</sheetData></worksheet>`,
  );

let scratch: string;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'tabular-sheet-'));
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

describe('the extent of a workbook is bounded before it is read', () => {
  it('refuses a sheet whose single cell is XFD1048576, at once', async () => {
    const path = join(scratch, 'far-corner.synthetic.xlsx');
    const far = sheet('<row r="1048576"><c r="XFD1048576"><v>1</v></c></row>', 'XFD1048576');
    await writeFile(
      path,
      syntheticZip([CONTENT_TYPES, WORKBOOK, { name: 'xl/worksheets/sheet1.xml', data: far }]),
    );
    await expect(openTable({ path, limits: TEST_LIMITS })).rejects.toMatchObject({
      code: 'resource_too_large',
      message: expect.stringMatching(/reaches cell XFD1048576: 16,384 columns by 1,048,576 rows/),
      hint: expect.stringMatching(/CSV or Parquet/),
    });
  });

  it('reads a reference split between two unpacked chunks', () => {
    const extent = sheetExtent();
    extent.inspect('xl/worksheets/sheet1.xml', Buffer.from('<row r="9"><c r="AB'));
    extent.inspect('xl/worksheets/sheet1.xml', Buffer.from('C1048576"><v>1</v></c></row>'));
    expect(() => extent.check()).toThrow(/reaches cell ABC1048576/);
  });

  it('counts every sheet, and only worksheets', () => {
    const extent = sheetExtent();
    const cells = '<c r="CV50000"><v>1</v></c>';
    extent.inspect('xl/worksheets/sheet1.xml', Buffer.from(cells));
    extent.inspect('xl/sharedStrings.xml', Buffer.from('<c r="XFD1048576"/>'));
    expect(() => extent.check()).not.toThrow();
    extent.inspect('xl/worksheets/sheet2.xml', Buffer.from(cells));
    extent.inspect('xl/worksheets/sheet3.xml', Buffer.from(cells));
    expect(() => extent.check()).toThrow(/spans 15,000,000 cells/);
  });

  it('passes the real workbook', async () => {
    const extent = sheetExtent();
    await checkZipExpansion(testData('go-realtime.xlsx'), 256 * 1024 * 1024, extent.inspect);
    expect(() => extent.check()).not.toThrow();
  });
});
