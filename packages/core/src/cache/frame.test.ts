import { describe, expect, it } from 'vitest';
import { snapshotCodec } from '../http/snapshot-codec.js';
import { frame, frameParts, unframe } from './frame.js';

describe('frame', () => {
  it('reads back the header and the payload, given whole or in parts', () => {
    const header = { stored_at: 1_700_000_000_000, note: 'Zürich – 東京' };
    const whole = frame(header, [new Uint8Array([1, 2, 3, 4, 5])]);
    const parts = frame(header, [new Uint8Array([1, 2]), new Uint8Array([]), new Uint8Array([3, 4, 5])]);
    expect(Buffer.from(parts).equals(Buffer.from(whole))).toBe(true);
    const { header: read, payload } = unframe(whole);
    expect(read).toEqual(header);
    expect([...payload]).toEqual([1, 2, 3, 4, 5]);
  });

  it('leaves the payload uncopied in its parts, and reads a frame that sits inside a larger buffer', () => {
    const body = new Uint8Array([9, 8, 7]);
    const parts = frameParts({ a: 1 }, [body]);
    expect(parts[parts.length - 1]).toBe(body);
    // A frame may sit at an offset in a larger buffer (small buffers are cut from a shared pool, a
    // store may answer a slice of its own): its header is still found.
    const framed = frame({ a: 1 }, [body]);
    const inside = new Uint8Array(framed.byteLength + 10);
    inside.set(framed, 10);
    expect(unframe(inside.subarray(10))).toEqual({ header: { a: 1 }, payload: body });
  });

  it('refuses bytes that are not a frame', () => {
    expect(() => unframe(new Uint8Array([0, 0]))).toThrow(/too short/);
    expect(() => unframe(new Uint8Array([0, 0, 0, 9, 123]))).toThrow(/runs past/);
    expect(() => unframe(frame({}, []).fill(0x5b, 4, 6))).toThrow();
    const list = Buffer.from('[1]');
    const notObject = Buffer.concat([Buffer.from([0, 0, 0, list.length]), list]);
    expect(() => unframe(notObject)).toThrow(/not an object/);
  });
});

describe('snapshotCodec', () => {
  it('gives a cached response back as it was, its body as a copy of its own', () => {
    const snapshot = {
      status: 200,
      url: 'https://example.org/data',
      headers: { etag: '"x"' },
      body: Buffer.from('<Structure/>'),
      fetchedAt: new Date(1_700_000_000_000),
    };
    const bytes = Buffer.concat(snapshotCodec.encode(snapshot));
    const read = snapshotCodec.decode(bytes) as typeof snapshot;
    expect(read).toEqual(snapshot);
    bytes.fill(0);
    expect(read.body.toString()).toBe('<Structure/>');
  });
});
