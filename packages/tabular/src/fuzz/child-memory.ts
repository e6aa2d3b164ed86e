import { readFileSync } from 'node:fs';

function residentOf(pid: string): number {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return Number(match?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/**
 * Samples the resident memory of this process's children (the engine processes) every few
 * milliseconds and keeps the largest value seen: an observer that shares no code with the
 * server's own watchdog. Linux only; elsewhere it reports 0.
 */
export function watchChildMemory(intervalMs = 10): { stop(): number } {
  let peak = 0;
  const sample = () => {
    let children: string[] = [];
    try {
      children = readFileSync(`/proc/self/task/${process.pid}/children`, 'utf8').trim().split(/\s+/);
    } catch {
      return;
    }
    for (const pid of children) if (pid) peak = Math.max(peak, residentOf(pid));
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
