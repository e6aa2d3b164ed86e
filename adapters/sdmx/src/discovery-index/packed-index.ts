import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import type { Role } from '../resolution/dimension-roles.js';
import type { DiscoveryData } from './discovery-data.js';
import { type SearchableIndex, searchableIndex } from './searchable-index.js';

/**
 * The discovery index as the metadata cache keeps it: its JSON, gzipped, in base64. Names repeat
 * across thousands of flows and codes, so this is several times smaller than the JSON: a shared
 * store answers it within its command timeout, and each process holds one compact copy.
 */
export interface PackedIndex {
  format: 2;
  gzip_base64: string;
}

export interface UnpackedIndex {
  data: DiscoveryData;
  index: SearchableIndex;
}

const zip = promisify(gzip);
const unzip = promisify(gunzip);
const unpacking = new WeakMap<PackedIndex, Promise<UnpackedIndex>>();
const unpacked = new WeakMap<PackedIndex, UnpackedIndex>();

export async function packIndex(data: DiscoveryData): Promise<PackedIndex> {
  const bytes = await zip(JSON.stringify(data), { level: 6 });
  return { format: 2, gzip_base64: bytes.toString('base64') };
}

/** The searchable index of a packed one, unpacked once per process and packed value. */
export function unpackIndex(packed: PackedIndex, overrides: Record<string, Role>): Promise<UnpackedIndex> {
  let pending = unpacking.get(packed);
  if (!pending) {
    pending = unzip(Buffer.from(packed.gzip_base64, 'base64')).then((bytes) => {
      const data = JSON.parse(bytes.toString('utf8')) as DiscoveryData;
      const done = { data, index: searchableIndex(data, overrides) };
      unpacked.set(packed, done);
      return done;
    });
    unpacking.set(packed, pending);
  }
  return pending;
}

/** The unpacked index when this process has unpacked it already. */
export function alreadyUnpacked(packed: PackedIndex): UnpackedIndex | undefined {
  return unpacked.get(packed);
}
