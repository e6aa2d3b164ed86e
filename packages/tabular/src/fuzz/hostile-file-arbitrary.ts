import fc from 'fast-check';
import { syntheticZip } from '../testing/synthetic-zip.js';

/** One generated file and the format label a portal might (wrongly) declare for it. */
export interface HostileFile {
  label: string;
  format: 'csv' | 'json' | 'xlsx' | 'parquet';
  bytes: Buffer;
}

const BOMS = [Buffer.alloc(0), Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from([0xff, 0xfe])];
const CELL_PIECES = ['a', '"', '""', ',', ';', '\t', '\r', '\n', '\u0000', 'é', '\u{1F600}', '1,5', '-', ' '];

/** Flips, cuts and splices bytes: what a truncated download or a hostile publisher produces. */
function mutate(bytes: Buffer, edits: Array<[number, number]>, cut: number | null): Buffer {
  const copy = Buffer.from(bytes);
  for (const [at, value] of edits) if (copy.length > 0) copy[at % copy.length] = value;
  return cut === null || copy.length === 0 ? copy : copy.subarray(0, cut % copy.length);
}

const edits = fc.array(fc.tuple(fc.nat(), fc.nat({ max: 255 })), { maxLength: 8 });
const cut = fc.option(fc.nat(), { nil: null });

const csv: fc.Arbitrary<HostileFile> = fc
  .record({
    bom: fc.constantFrom(...BOMS),
    columns: fc.constantFrom(1, 3, 200, 5_000),
    rows: fc.constantFrom(0, 1, 50, 2_000),
    cell: fc.array(fc.constantFrom(...CELL_PIECES), { minLength: 0, maxLength: 6 }).map((p) => p.join('')),
    longCell: fc.constantFrom(0, 10_000, 1_000_000),
    edits,
    cut,
  })
  .map(({ bom, columns, rows, cell, longCell, edits: e, cut: c }) => {
    const header = Array.from({ length: columns }, (_, i) => `c${i}`).join(',');
    const row = Array.from({ length: columns }, () => cell).join(',');
    const body = [header, ...Array.from({ length: rows }, () => row), 'x'.repeat(longCell)].join('\n');
    return {
      label: `csv ${columns}x${rows}`,
      format: 'csv',
      bytes: mutate(Buffer.concat([bom, Buffer.from(body)]), e, c),
    };
  });

const json: fc.Arbitrary<HostileFile> = fc
  .record({
    depth: fc.constantFrom(1, 10, 63, 65, 500, 5_000, 60_000),
    shape: fc.constantFrom('array', 'object', 'mixed'),
    keys: fc.constantFrom(1, 100, 10_000),
    records: fc.constantFrom(0, 1, 500),
    ndjson: fc.boolean(),
    edits,
    cut,
  })
  .map(({ depth, shape, keys, records, ndjson, edits: e, cut: c }) => {
    const open =
      shape === 'array'
        ? '['.repeat(depth)
        : shape === 'object'
          ? '{"k":'.repeat(depth)
          : '[{"k":'.repeat(depth >> 1);
    const close =
      shape === 'array'
        ? ']'.repeat(depth)
        : shape === 'object'
          ? '}'.repeat(depth)
          : '}]'.repeat(depth >> 1);
    const record = `{${Array.from({ length: keys }, (_, i) => `"k${i}":${i % 3 ? '"v"' : '1e400'}`).join(',')},"deep":${open}1${close}}`;
    const all = Array.from({ length: records }, () => record);
    const text = ndjson ? all.join('\n') : `[${all.join(',')}]`;
    return { label: `json depth ${depth} ${shape}`, format: 'json', bytes: mutate(Buffer.from(text), e, c) };
  });

const CONTENT_TYPES =
  '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>';
const WORKBOOK =
  '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>';
const RELS =
  '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>';

const xlsx: fc.Arbitrary<HostileFile> = fc
  .record({
    rows: fc.constantFrom(1, 100, 20_000),
    nesting: fc.constantFrom(0, 1_000, 100_000),
    text: fc.constantFrom('x', 'é'.repeat(10_000), '&amp;&lt;', '<![CDATA[x]]>'),
    edits,
    cut,
  })
  .map(({ rows, nesting, text, edits: e, cut: c }) => {
    const cells = Array.from(
      { length: rows },
      (_, i) => `<row r="${i + 1}"><c r="A${i + 1}" t="inlineStr"><is><t>${text}</t></is></c></row>`,
    );
    const deep = `${'<x>'.repeat(nesting)}${'</x>'.repeat(nesting)}`;
    const sheet = `<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${cells.join('')}${deep}</sheetData></worksheet>`;
    const zip = syntheticZip([
      { name: '[Content_Types].xml', data: Buffer.from(CONTENT_TYPES) },
      { name: 'xl/workbook.xml', data: Buffer.from(WORKBOOK) },
      { name: 'xl/_rels/workbook.xml.rels', data: Buffer.from(RELS) },
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.from(sheet) },
    ]);
    return { label: `xlsx ${rows} rows, nesting ${nesting}`, format: 'xlsx', bytes: mutate(zip, e, c) };
  });

/** Parquet files are written by DuckDB in the test's set-up; the property picks one and damages it. */
export function parquetArbitrary(bases: Array<{ label: string; bytes: Buffer }>): fc.Arbitrary<HostileFile> {
  return fc.record({ base: fc.constantFrom(...bases), edits, cut }).map(({ base, edits: e, cut: c }) => ({
    label: `parquet ${base.label}`,
    format: 'parquet',
    bytes: mutate(base.bytes, e, c),
  }));
}

export const textualHostileFile = fc.oneof(csv, json, xlsx);
