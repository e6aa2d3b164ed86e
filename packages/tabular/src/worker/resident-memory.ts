import { readFileSync } from 'node:fs';

const VM_RSS = /^VmRSS:\s+(\d+)\s+kB/m;

/**
 * Resident memory of a process in bytes, read from /proc (Linux): a small in-memory file, so a
 * synchronous read costs microseconds. Null where /proc is not available or the process is gone:
 * there the engine's own memory limit and the deadline are the bounds.
 */
export function residentBytes(pid: number): number | null {
  try {
    const match = VM_RSS.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}
