import { readFileSync } from 'node:fs';
import { residentBytes } from '../worker/resident-memory.js';

/** Pids of a process's direct children (its engine processes), from /proc (Linux); [] elsewhere. */
export function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/** Resident memory of a process's children together, in bytes. */
export function childrenResidentBytes(pid: number): number {
  return childPids(pid).reduce((sum, child) => sum + (residentBytes(child) ?? 0), 0);
}

/**
 * Samples the resident memory of this process's children (the engine processes) every few
 * milliseconds and keeps the largest value seen: an observer that shares no code with the
 * server's own watchdog but the /proc reading. Linux only; elsewhere it reports 0.
 */
export function watchChildMemory(intervalMs = 10): { stop(): number } {
  let peak = 0;
  const sample = () => {
    for (const pid of childPids(process.pid)) peak = Math.max(peak, residentBytes(pid) ?? 0);
  };
  const timer = setInterval(sample, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return peak;
    },
  };
}
