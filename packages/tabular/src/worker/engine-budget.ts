import { OpenDataError } from '@opendata-mcp/core/errors';
import type { EngineProcess } from './engine-process.js';

export interface Budget {
  /** Engine processes alive at once, the spare included. */
  engines: number;
  /** The sum of their memory ceilings, in bytes. */
  memoryBytes: number;
}

interface Holder {
  engine: EngineProcess;
  ceilingBytes: number;
}

const GIB = 1024 * 1024 * 1024;

/**
 * The engine processes of this server, whichever table or caller they serve: each holds up to its
 * memory ceiling, so the server bounds how many run and the sum of their ceilings. A load past the
 * budget unloads the least recently used idle table (its caller loads it again on next use), or
 * waits for an engine to become idle or end, and is refused if none does in time.
 */
export class EngineBudget {
  private readonly live = new Set<Holder>();
  /** Ceilings of processes admitted and not yet held: counted, so two loads cannot take one place. */
  private readonly admitted: number[] = [];
  private waiters: Array<() => void> = [];

  /** Processes alive (tables loaded or loading), the spare not included. */
  get size(): number {
    return this.live.size + this.admitted.length;
  }

  /** Waits until a process with this ceiling may start, and counts it from then on: `hold` it next. */
  async admit(ceilingBytes: number, budget: Budget, waitMs: number, signal?: AbortSignal): Promise<void> {
    const until = Date.now() + waitMs;
    for (;;) {
      signal?.throwIfAborted();
      if (this.fits(ceilingBytes, budget)) {
        this.admitted.push(ceilingBytes);
        return;
      }
      const idle = this.leastRecentlyUsedIdle();
      if (idle) {
        await idle.engine.stop('evicted');
        continue;
      }
      const left = until - Date.now();
      if (left <= 0) throw busy(budget, this.live.size);
      await this.change(left, signal);
    }
  }

  /** Counts an admitted process until it exits. */
  hold(engine: EngineProcess, ceilingBytes: number): void {
    this.cancel(ceilingBytes);
    const holder = { engine, ceilingBytes };
    this.live.add(holder);
    engine.onIdle(() => this.notify());
    void engine.exited.then(() => {
      this.live.delete(holder);
      this.notify();
    });
  }

  /** Gives back an admission whose process was not started after all. */
  cancel(ceilingBytes: number): void {
    const index = this.admitted.indexOf(ceilingBytes);
    if (index >= 0) this.admitted.splice(index, 1);
  }

  private fits(ceilingBytes: number, budget: Budget): boolean {
    const count = this.live.size + this.admitted.length;
    if (count === 0) return true;
    if (count + 1 > budget.engines) return false;
    let held = this.admitted.reduce((sum, bytes) => sum + bytes, 0);
    for (const holder of this.live) held += holder.ceilingBytes;
    return held + ceilingBytes <= budget.memoryBytes;
  }

  private leastRecentlyUsedIdle(): Holder | undefined {
    let oldest: Holder | undefined;
    for (const holder of this.live) {
      const since = holder.engine.idleSince;
      if (since === null || !holder.engine.alive) continue;
      if (!oldest || since < (oldest.engine.idleSince ?? 0)) oldest = holder;
    }
    return oldest;
  }

  private change(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        this.waiters = this.waiters.filter((waiter) => waiter !== done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal?.addEventListener('abort', done, { once: true });
      this.waiters.push(done);
    });
  }

  private notify(): void {
    for (const waiter of [...this.waiters]) waiter();
  }
}

function busy(budget: Budget, running: number): OpenDataError {
  return new OpenDataError(
    'rate_limited',
    `The server is running ${running} query engine(s) for other queries (its budget: ${budget.engines} engines, ${(budget.memoryBytes / GIB).toFixed(1)} GiB between them) and none became free in time to load this table.`,
    {
      hint: 'Try the same call again in a few seconds; nothing is wrong with the request.',
      details: { max_engines: budget.engines, max_engine_memory_bytes: budget.memoryBytes },
    },
  );
}
