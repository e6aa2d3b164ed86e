// CPU time (user + system) of a process from /proc (Linux); 0 where it cannot be read.
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

/** Clock ticks per second of /proc's counters (USER_HZ; 100 on every common Linux build). */
const TICKS = 100;

export function cpuSeconds(pid: number): number {
  try {
    // Fields after the parenthesised command name: utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return 0;
  }
}

export const CORES = availableParallelism();
