import { isUtf8 } from 'node:buffer';

export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1251' | 'windows-1252';

export interface DetectedEncoding {
  encoding: TextEncoding;
  /** Bytes of byte-order mark to skip. */
  bomBytes: number;
  /** One sentence for the loading notes. */
  note: string;
}

/** Offset of the first byte that breaks UTF-8 (only called once the whole buffer failed the check). */
function firstInvalidUtf8(bytes: Uint8Array): number {
  let index = 0;
  while (index < bytes.length) {
    const byte = bytes[index] as number;
    const length = byte < 0x80 ? 1 : byte >= 0xc2 && byte <= 0xdf ? 2 : byte >= 0xe0 && byte <= 0xef ? 3 : 4;
    if (byte >= 0xf5 || (byte >= 0x80 && byte < 0xc2)) return index;
    if (!isUtf8(bytes.subarray(index, index + length))) return index;
    index += length;
  }
  return -1;
}

/**
 * In Windows-1251 text whole words are high bytes, so high bytes sit next to each other; in
 * Western European text (Windows-1252 / Latin-1) accented letters and symbols such as £ sit alone
 * between ASCII letters.
 */
function looksCyrillic(bytes: Uint8Array): boolean {
  let high = 0;
  let paired = 0;
  for (let index = 0; index < bytes.length; index++) {
    if ((bytes[index] as number) < 0xc0) continue;
    high++;
    if ((bytes[index - 1] ?? 0) >= 0xc0 || (bytes[index + 1] ?? 0) >= 0xc0) paired++;
  }
  return high >= 4 && paired / high > 0.6;
}

/** Decides the encoding over the whole file: a late invalid byte must not be missed. */
export function detectEncoding(bytes: Uint8Array): DetectedEncoding {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { encoding: 'utf-8', bomBytes: 3, note: 'Encoding: UTF-8 (with byte-order mark).' };
  }
  if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    return {
      encoding: 'utf-16le',
      bomBytes: 2,
      note: 'Encoding: UTF-16 LE (byte-order mark), converted to UTF-8.',
    };
  }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    return {
      encoding: 'utf-16be',
      bomBytes: 2,
      note: 'Encoding: UTF-16 BE (byte-order mark), converted to UTF-8.',
    };
  }
  if (isUtf8(bytes)) return { encoding: 'utf-8', bomBytes: 0, note: 'Encoding: UTF-8.' };
  const offset = firstInvalidUtf8(bytes);
  const why = `not valid UTF-8 (first invalid byte at offset ${offset} of ${bytes.length})`;
  if (looksCyrillic(bytes)) {
    return {
      encoding: 'windows-1251',
      bomBytes: 0,
      note: `Encoding: ${why}; read as Windows-1251 (Cyrillic).`,
    };
  }
  return {
    encoding: 'windows-1252',
    bomBytes: 0,
    note: `Encoding: ${why}; read as Windows-1252 (Western European, a superset of Latin-1).`,
  };
}
