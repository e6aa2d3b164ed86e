import { crc32, deflateRawSync } from 'node:zlib';

export interface SyntheticEntry {
  name: string;
  data: Buffer;
  /** The size the headers claim (a bomb may understate it); the true size by default. */
  declaredSize?: number;
  /** False: the entry is in the archive but not in its central directory. */
  listed?: boolean;
}

/** A minimal deflate ZIP written by hand, so the tests can make headers lie. */
export function syntheticZip(entries: SyntheticEntry[]): Buffer {
  const parts: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const compressed = deflateRawSync(entry.data);
    const sizes = Buffer.alloc(12);
    sizes.writeUInt32LE(crc32(entry.data), 0);
    sizes.writeUInt32LE(compressed.length, 4);
    sizes.writeUInt32LE(entry.declaredSize ?? entry.data.length, 8);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    sizes.copy(local, 14);
    local.writeUInt16LE(name.length, 26);
    if (entry.listed !== false) {
      const central = Buffer.alloc(46);
      central.writeUInt32LE(0x02014b50, 0);
      central.writeUInt16LE(20, 4);
      central.writeUInt16LE(20, 6);
      central.writeUInt16LE(8, 10);
      sizes.copy(central, 16);
      central.writeUInt16LE(name.length, 28);
      central.writeUInt32LE(offset, 42);
      directory.push(central, name);
    }
    parts.push(local, name, compressed);
    offset += local.length + name.length + compressed.length;
  }
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  const listed = entries.filter((entry) => entry.listed !== false).length;
  end.writeUInt16LE(listed, 8);
  end.writeUInt16LE(listed, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directoryBytes, end]);
}
