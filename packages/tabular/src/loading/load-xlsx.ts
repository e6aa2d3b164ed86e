import { DEFAULT_LIMITS, OpenDataError } from '@opendata-mcp/core/errors';
import type readXlsxFile from 'read-excel-file/node';
import type { TableLimits } from '../engine/table-limits.js';
import { checkZipExpansion } from './check-zip-expansion.js';
import { sheetExtent } from './sheet-extent.js';

// The reader holds every unpacked XML part as a string at once: its memory follows the unpacked size.
const EXPANSION_FACTOR = 4;
const EXPANDED_ABSOLUTE_CAP = 256 * 1024 * 1024;

/** How far a workbook may unpack: a small multiple of the download cap, never past the absolute cap. */
export function xlsxExpansionCap(limits: Pick<TableLimits, 'maxDownloadBytes'>): number {
  const download = limits.maxDownloadBytes ?? DEFAULT_LIMITS.maxDownloadBytes;
  return Math.min(EXPANDED_ABSOLUTE_CAP, EXPANSION_FACTOR * download);
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.replace('.000Z', 'Z');
  }
  return String(value);
}

function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * Reads the first worksheet into CSV text, which then goes through the CSV path (header row
 * search, type inference) like any other file. Cell values keep Excel's own types as text. The
 * archive's unpacked size and the sheets' extent are checked first, so a decompression bomb or a
 * sheet reaching a far corner is refused before the reader lays it out.
 */
export async function xlsxToCsv(
  path: string,
  limits: Pick<TableLimits, 'maxDownloadBytes'>,
): Promise<{ text: string; notes: string[] }> {
  const extent = sheetExtent();
  await checkZipExpansion(path, xlsxExpansionCap(limits), extent.inspect);
  extent.check();
  let sheets: Awaited<ReturnType<typeof readXlsxFile>>;
  try {
    // Loaded here, not at import: most servers never open a workbook.
    const { default: readWorkbook } = await import('read-excel-file/node');
    sheets = await readWorkbook(path);
  } catch (error) {
    throw new OpenDataError('unsupported_resource', 'The XLSX workbook could not be read.', {
      hint: 'The workbook may be damaged or password-protected. Try a CSV resource of the same dataset.',
      cause: error,
    });
  }
  const first = sheets[0];
  if (!first || first.data.length === 0) {
    throw new OpenDataError('unsupported_resource', 'The XLSX workbook has no data on its first sheet.', {
      hint: 'Try a CSV resource of the same dataset.',
    });
  }
  const text = first.data.map((row) => row.map((cell) => csvField(cellText(cell))).join(',')).join('\n');
  const others = sheets.length > 1 ? ` (${sheets.length - 1} other sheet(s) not loaded)` : '';
  return { text, notes: [`XLSX: first sheet "${first.sheet}" loaded${others}.`] };
}
