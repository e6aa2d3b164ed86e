import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { workSlicer } from '@opendata-mcp/core';
import type { Role } from '../resolution/dimension-roles.js';
import type { DiscoveryData } from './discovery-data.js';
import { indexLines, readIndexLines } from './index-lines.js';
import { type SearchableIndex, searchableIndex } from './searchable-index.js';

/**
 * The discovery index as the metadata cache keeps it: its JSON lines (`indexLines`), gzipped, in
 * base64. Names repeat across thousands of flows and codes, so this is several times smaller than
 * the JSON: a shared store answers it within its command timeout, and each process holds one
 * compact copy. The lines stream through the compressor (which runs off the main thread) both
 * ways, so the index's tens of megabytes of JSON are never one buffer to fill or copy.
 */
export const PACKED_FORMAT = 4;

export interface PackedIndex {
  format: typeof PACKED_FORMAT;
  gzip_base64: string;
}

export interface UnpackedIndex {
  data: DiscoveryData;
  index: SearchableIndex;
}

const unpacking = new WeakMap<PackedIndex, Promise<UnpackedIndex>>();
const unpacked = new WeakMap<PackedIndex, UnpackedIndex>();

export async function packIndex(data: DiscoveryData, signal?: AbortSignal): Promise<PackedIndex> {
  const packed: Buffer[] = [];
  await pipeline(indexLines(data, workSlicer(signal)), createGzip({ level: 6 }), async (gzipped) => {
    for await (const chunk of gzipped as AsyncIterable<Buffer>) packed.push(chunk);
  });
  return { format: PACKED_FORMAT, gzip_base64: Buffer.concat(packed).toString('base64') };
}

/**
 * The searchable index of a packed one, unpacked once per process and packed value, in time
 * slices (the gunzip runs off the main thread, the JSON is read a line at a time as it comes out of
 * it). Stops when the signal aborts; the next caller then starts again.
 */
export function unpackIndex(
  packed: PackedIndex,
  overrides: Record<string, Role>,
  signal?: AbortSignal,
): Promise<UnpackedIndex> {
  let pending = unpacking.get(packed);
  if (!pending) {
    pending = (async () => {
      const gunzip = createGunzip();
      gunzip.end(Buffer.from(packed.gzip_base64, 'base64'));
      const data = await readIndexLines(gunzip, workSlicer(signal));
      const done = { data, index: await searchableIndex(data, overrides, signal) };
      unpacked.set(packed, done);
      return done;
    })();
    const started = pending;
    started.catch(() => {
      if (unpacking.get(packed) === started) unpacking.delete(packed);
    });
    unpacking.set(packed, pending);
  }
  return pending;
}

/** The unpacked index when this process has unpacked it already. */
export function alreadyUnpacked(packed: PackedIndex): UnpackedIndex | undefined {
  return unpacked.get(packed);
}
