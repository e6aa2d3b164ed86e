import { readFile } from 'node:fs/promises';
import { createInflateRaw } from 'node:zlib';
import { OpenDataError } from '@opendata-mcp/core/errors';

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  declaredSize: number;
  localOffset: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const LOCAL_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const ZIP64_MARK = 0xffffffff;

function damaged(reason: string): OpenDataError {
  return new OpenDataError(
    'unsupported_resource',
    `The XLSX workbook is not a readable ZIP archive: ${reason}.`,
    {
      hint: 'The file may be damaged or truncated. Try a CSV resource of the same dataset.',
    },
  );
}

function tooLarge(bytes: number, cap: number, how: string): OpenDataError {
  return new OpenDataError(
    'resource_too_large',
    `The XLSX workbook would expand to ${how} ${bytes} bytes, over the ${cap}-byte cap for unpacked workbooks.`,
    {
      hint: 'Workbooks are unpacked in memory, so a highly compressed one is refused before it is opened. Pick a CSV or Parquet resource of the same dataset.',
      details: { expanded_bytes: bytes, cap_bytes: cap },
    },
  );
}

function findEndOfDirectory(zip: Buffer): number {
  // The end record sits in the last 22 bytes plus a comment of at most 65 535 bytes.
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at--) {
    if (zip.readUInt32LE(at) === EOCD) return at;
  }
  throw damaged('no central directory');
}

function readDirectory(zip: Buffer): { entries: ZipEntry[]; directoryStart: number } {
  const end = findEndOfDirectory(zip);
  const count = zip.readUInt16LE(end + 10);
  const directoryStart = zip.readUInt32LE(end + 16);
  if (count === 0xffff || directoryStart === ZIP64_MARK) throw damaged('ZIP64 archives are not read');
  const entries: ZipEntry[] = [];
  let at = directoryStart;
  for (let index = 0; index < count; index++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL) throw damaged('broken directory entry');
    const nameLength = zip.readUInt16LE(at + 28);
    const entry: ZipEntry = {
      method: zip.readUInt16LE(at + 10),
      compressedSize: zip.readUInt32LE(at + 20),
      declaredSize: zip.readUInt32LE(at + 24),
      localOffset: zip.readUInt32LE(at + 42),
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
    };
    // Sizes too large for 32 bits live in a ZIP64 extra field; no workbook within our caps needs one.
    if (
      entry.declaredSize === ZIP64_MARK ||
      entry.compressedSize === ZIP64_MARK ||
      entry.localOffset === ZIP64_MARK
    ) {
      throw damaged(`entry "${entry.name}" uses ZIP64 sizes`);
    }
    entries.push(entry);
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return { entries, directoryStart };
}

function dataStart(zip: Buffer, entry: ZipEntry): number {
  const at = entry.localOffset;
  if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL)
    throw damaged(`no local header for "${entry.name}"`);
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  if (start + entry.compressedSize > zip.length) throw damaged(`entry "${entry.name}" runs past the end`);
  return start;
}

/** Sees each entry's unpacked bytes as they come out, chunk by chunk, none kept. */
export type EntryInspector = (name: string, chunk: Buffer) => void;

/** Inflates without keeping the output; stops as soon as more than `max` bytes came out. */
async function inflatedSize(
  compressed: Buffer,
  max: number,
  onChunk?: (chunk: Buffer) => void,
): Promise<number> {
  const inflater = createInflateRaw();
  inflater.end(compressed);
  let total = 0;
  try {
    for await (const chunk of inflater) {
      total += (chunk as Buffer).length;
      if (total > max) break;
      onChunk?.(chunk as Buffer);
    }
  } catch {
    throw damaged('an entry does not inflate');
  } finally {
    inflater.destroy();
  }
  return total;
}

/**
 * The workbook reader streams the archive entry by entry, trusting neither directory: entries
 * hidden between listed ones would be unpacked too. Any local header outside the listed data is refused.
 */
function assertNoHiddenEntries(zip: Buffer, spans: Array<[number, number]>, directoryStart: number): void {
  let position = 0;
  for (const [start, end] of [...spans].sort((a, b) => a[0] - b[0])) {
    if (start > position && zip.subarray(position, start).includes(LOCAL_SIGNATURE)) {
      throw damaged('it holds entries its directory does not list');
    }
    position = Math.max(position, end);
  }
  if (directoryStart > position && zip.subarray(position, directoryStart).includes(LOCAL_SIGNATURE)) {
    throw damaged('it holds entries its directory does not list');
  }
}

/**
 * Refuses a ZIP (XLSX) whose entries expand past `capBytes`, before any reader unpacks it: first by
 * the sizes the central directory declares, then by inflating each entry with a counter (a bomb can
 * declare small sizes and still inflate to gigabytes). Memory stays flat: the output is discarded,
 * after `inspect` (if given) has seen it.
 */
export async function checkZipExpansion(
  path: string,
  capBytes: number,
  inspect?: EntryInspector,
): Promise<void> {
  const zip = await readFile(path);
  const { entries, directoryStart } = readDirectory(zip);
  const declared = entries.reduce((sum, entry) => sum + entry.declaredSize, 0);
  if (declared > capBytes) throw tooLarge(declared, capBytes, 'a declared');
  const spans: Array<[number, number]> = [];
  let expanded = 0;
  for (const entry of entries) {
    const start = dataStart(zip, entry);
    spans.push([entry.localOffset, start + entry.compressedSize]);
    const data = zip.subarray(start, start + entry.compressedSize);
    const onChunk = inspect ? (chunk: Buffer) => inspect(entry.name, chunk) : undefined;
    let size = entry.compressedSize;
    if (entry.method === 8) size = await inflatedSize(data, capBytes - expanded, onChunk);
    else onChunk?.(data);
    expanded += size;
    if (expanded > capBytes) throw tooLarge(expanded, capBytes, 'at least');
    if (size !== entry.declaredSize) throw damaged(`entry "${entry.name}" does not match its declared size`);
  }
  assertNoHiddenEntries(zip, spans, directoryStart);
}
