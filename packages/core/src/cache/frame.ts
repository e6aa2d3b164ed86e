/**
 * Packs a small JSON header and a binary payload into one byte string: a 4-byte big-endian header
 * length, the header as UTF-8 JSON, then the payload untouched (no base64 growth for large bodies).
 */
export function frame(header: Record<string, unknown>, payload: Uint8Array): Uint8Array {
  const head = new TextEncoder().encode(JSON.stringify(header));
  const out = new Uint8Array(4 + head.byteLength + payload.byteLength);
  new DataView(out.buffer).setUint32(0, head.byteLength);
  out.set(head, 4);
  out.set(payload, 4 + head.byteLength);
  return out;
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
