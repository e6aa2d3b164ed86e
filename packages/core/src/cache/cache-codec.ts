/** Turns a cached value into bytes for a shared store and back. */
export interface CacheCodec {
  /** The value's bytes, in parts whose concatenation is its encoding (a large body is not copied here). */
  encode(value: unknown): readonly Uint8Array[];
  decode(bytes: Uint8Array): unknown;
}

/**
 * For plain data (objects, arrays, strings, numbers, booleans, null): what adapters keep in
 * `ctx.cache`. A value JSON cannot carry (a Map, a Date, a class instance) is refused by `encode`
 * rather than read back changed, and stays in the local tier only.
 */
export const jsonCodec: CacheCodec = {
  encode(value) {
    return [Buffer.from(JSON.stringify(value, plainOnly), 'utf8')];
  },
  decode: (bytes) => JSON.parse(new TextDecoder().decode(bytes)),
};

/** A JSON replacer that refuses what would not come back the same; `holder[key]` is the value before `toJSON`. */
function plainOnly(this: Record<string, unknown>, key: string, item: unknown): unknown {
  const original = this[key];
  if (typeof original === 'object' && original !== null && !Array.isArray(original)) {
    const proto = Object.getPrototypeOf(original);
    if (proto !== Object.prototype && proto !== null) {
      throw new Error(`cannot share a ${proto?.constructor?.name ?? 'non-plain'} object through the store`);
    }
  }
  if (typeof original === 'undefined' && key !== '' && Array.isArray(this)) {
    throw new Error('cannot share an array with holes or undefined items through the store');
  }
  return item;
}
