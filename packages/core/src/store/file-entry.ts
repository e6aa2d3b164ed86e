/**
 * One entry of the file store as bytes: a fixed header (a format mark, the expiry, the value's length)
 * and the value. The length lets a reader tell a whole file from one cut short (a crash before the
 * data reached the disk), so such a file reads as missing instead of as a shorter value.
 */
const MARK = Buffer.from('odmcp-s1', 'latin1');
export const HEADER_BYTES = 24;

export interface EntryHeader {
  /** Milliseconds since the epoch after which the entry counts as absent. */
  expiresAt: number;
  valueBytes: number;
}

export function encodeEntry(value: Uint8Array, expiresAt: number): Buffer {
  const header = Buffer.alloc(HEADER_BYTES);
  MARK.copy(header, 0);
  header.writeDoubleBE(expiresAt, 8);
  header.writeDoubleBE(value.byteLength, 16);
  return Buffer.concat([header, value]);
}

/** The header of a file of `fileBytes` bytes beginning with `start`, or undefined when it is no whole entry. */
export function decodeHeader(start: Buffer, fileBytes: number): EntryHeader | undefined {
  if (start.byteLength < HEADER_BYTES || !start.subarray(0, MARK.byteLength).equals(MARK)) return undefined;
  const expiresAt = start.readDoubleBE(8);
  const valueBytes = start.readDoubleBE(16);
  if (!Number.isFinite(expiresAt) || HEADER_BYTES + valueBytes !== fileBytes) return undefined;
  return { expiresAt, valueBytes };
}

/** The value of a whole file's bytes and when it expires, or undefined when they are no whole entry. */
export function decodeEntry(file: Buffer): { value: Uint8Array; expiresAt: number } | undefined {
  const header = decodeHeader(file, file.byteLength);
  if (!header) return undefined;
  return {
    value: new Uint8Array(file.buffer, file.byteOffset + HEADER_BYTES, header.valueBytes),
    expiresAt: header.expiresAt,
  };
}
