import { readFile } from 'node:fs/promises';

const VM_RSS = /^VmRSS:\s+(\d+)\s+kB/m;

/**
 * Resident memory of another process in bytes, read from /proc (Linux). Null where /proc is not
 * available: there the engine's own memory limit and the deadline are the bounds.
 */
export async function residentBytes(pid: number): Promise<number | null> {
  try {
    const match = VM_RSS.exec(await readFile(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}
