/**
 * Packs a small JSON header and a binary payload into one byte string: a 4-byte big-endian header
 * length, the header as UTF-8 JSON, then the payload untouched (no base64 growth for large bodies).
 * The payload comes in parts (as a codec encodes it); they are copied once, into the value the
 * store is handed.
 */
export function frame(header: Record<string, unknown>, payload: readonly Uint8Array[]): Uint8Array {
  return Buffer.concat(frameParts(header, payload));
}

/**
 * `frame`'s output as parts, none of the payload's copied: for a value framed again inside another
 * (a cached response inside a shared-cache entry), so that a body of tens of megabytes is copied
 * once on its way to the store rather than at each layer, each copy a stall of the event loop.
 */
export function frameParts(header: Record<string, unknown>, payload: readonly Uint8Array[]): Uint8Array[] {
  const head = Buffer.from(JSON.stringify(header), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(head.byteLength, 0);
  return [length, head, ...payload];
}

/** The header and payload of `frame`'s output; throws on bytes that are not one. */
export function unframe(bytes: Uint8Array): { header: Record<string, unknown>; payload: Uint8Array } {
  if (bytes.byteLength < 4) throw new Error('framed value too short');
  const length = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0);
  if (4 + length > bytes.byteLength) throw new Error('framed header runs past the value');
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + length))) as unknown;
  if (typeof header !== 'object' || header === null || Array.isArray(header)) {
    throw new Error('framed header is not an object');
  }
  return { header: header as Record<string, unknown>, payload: bytes.subarray(4 + length) };
}
