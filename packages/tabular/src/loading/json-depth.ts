const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * How deeply arrays and objects nest in UTF-8 JSON text, stopping as soon as `stopAbove` is
 * passed. One linear pass over the bytes, brackets inside strings ignored; it measures only, the
 * engine still does the parsing. DuckDB's reader slows down steeply with depth and crashes on
 * extreme depth, so this runs before the engine sees the file.
 */
export function jsonNestingDepth(bytes: Uint8Array, stopAbove: number): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < bytes.length; index++) {
    const byte = bytes[index];
    if (inString) {
      if (byte === BACKSLASH) index++;
      else if (byte === QUOTE) inString = false;
      continue;
    }
    if (byte === QUOTE) inString = true;
    else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > stopAbove) return deepest;
    } else if ((byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) && depth > 0) depth--;
  }
  return deepest;
}
