import { open, readFile } from 'node:fs/promises';

/** A file on disk whose ends are read at once and whose whole content only when a loader needs it. */
export interface FileBytes {
  path: string;
  size: number;
  /** The first `sampleBytes` bytes (the whole file when it is smaller). */
  head: Buffer;
  /** The last `sampleBytes` bytes (the whole file when it is smaller). */
  tail: Buffer;
  /** Every byte of the file, read once and kept. */
  all(): Promise<Buffer>;
}

async function readRange(path: string, position: number, length: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, position);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export async function readFileBytes(path: string, size: number, sampleBytes: number): Promise<FileBytes> {
  let whole: Promise<Buffer> | undefined;
  const all = () => {
    whole ??= readFile(path);
    return whole;
  };
  if (size <= sampleBytes * 2) {
    const bytes = await all();
    return { path, size: bytes.length, head: bytes.subarray(0, sampleBytes), tail: bytes, all };
  }
  const [head, tail] = await Promise.all([
    readRange(path, 0, sampleBytes),
    readRange(path, size - sampleBytes, sampleBytes),
  ]);
  return { path, size, head, tail, all };
}
