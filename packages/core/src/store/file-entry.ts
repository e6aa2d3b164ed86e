import { createHash } from 'node:crypto';

/**
 * One entry of the file store as bytes: a fixed header (a format mark, when it was written, when it
 * expires, the value's length and SHA-256) and the value. The length lets a reader tell a whole file
 * from one cut short (a crash before the data reached the disk), and the digest one whose bytes
 * changed since the store wrote them, so either reads as missing instead of as another value.
 */
const MARK = Buffer.from('odmcp-s2', 'latin1');
const DIGEST_AT = 32;
export const HEADER_BYTES = DIGEST_AT + 32;

export interface EntryHeader {
  /** Milliseconds since the epoch when the store wrote the entry. */
  writtenAt: number;
  /** Milliseconds since the epoch after which the entry counts as absent. */
  expiresAt: number;
  valueBytes: number;
}

const digestOf = (value: Uint8Array) => createHash('sha256').update(value).digest();

export function encodeEntry(value: Uint8Array, writtenAt: number, expiresAt: number): Buffer {
  const header = Buffer.alloc(HEADER_BYTES);
  MARK.copy(header, 0);
  header.writeDoubleBE(writtenAt, 8);
  header.writeDoubleBE(expiresAt, 16);
  header.writeDoubleBE(value.byteLength, 24);
  digestOf(value).copy(header, DIGEST_AT);
  return Buffer.concat([header, value]);
}

/**
 * The header of a file of `fileBytes` bytes beginning with `start`, or undefined when it is no whole
 * entry or says it was written after `now`: the store's own clock decides, not a date read back.
 */
export function decodeHeader(start: Buffer, fileBytes: number, now: number): EntryHeader | undefined {
  if (start.byteLength < HEADER_BYTES || !start.subarray(0, MARK.byteLength).equals(MARK)) return undefined;
  const writtenAt = start.readDoubleBE(8);
  const expiresAt = start.readDoubleBE(16);
  const valueBytes = start.readDoubleBE(24);
  if (!Number.isFinite(writtenAt) || !Number.isFinite(expiresAt) || writtenAt > now) return undefined;
  if (HEADER_BYTES + valueBytes !== fileBytes) return undefined;
  return { writtenAt, expiresAt, valueBytes };
}

/** The value of a whole file's bytes and when it expires, or undefined when they are no whole, intact entry. */
export function decodeEntry(file: Buffer, now: number): { value: Uint8Array; expiresAt: number } | undefined {
  const header = decodeHeader(file, file.byteLength, now);
  if (!header) return undefined;
  const value = new Uint8Array(file.buffer, file.byteOffset + HEADER_BYTES, header.valueBytes);
  if (!digestOf(value).equals(file.subarray(DIGEST_AT, HEADER_BYTES))) return undefined;
  return { value, expiresAt: header.expiresAt };
}
