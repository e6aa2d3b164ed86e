import type { IsolatedProcess } from '@opendata-mcp/core';
import { OpenDataError } from '@opendata-mcp/core/errors';
import pLimit, { type LimitFunction } from 'p-limit';
import type { LoadProgress } from '../local/open-local-table.js';
import { type Phase, type StopReason, stopError } from './engine-stop.js';
import type { WireError, WorkerReady, WorkerReply, WorkerRequest } from './protocol.js';
import { residentBytes } from './resident-memory.js';

type Request = Exclude<WorkerRequest, { op: 'interrupt' }>;
export type RequestBody = Request extends infer R ? (R extends Request ? Omit<R, 'id'> : never) : never;

export interface RequestOptions {
  phase: Phase;
  /** Wall-clock bound: past it the process is killed and the caller gets `query_timeout`. */
  deadlineMs: number;
  /** The limit the error message states, when the hard deadline adds a grace period to it. */
  statedLimitMs?: number;
  signal?: AbortSignal;
  onProgress?: (progress: LoadProgress) => void;
}

/** How often the resident memory of a busy process is read. */
const MEMORY_POLL_MS = 25;
/** After an abort, how long a query may take to notice its interrupt before the process is killed. */
const ABORT_GRACE_MS = 1_000;

function fromWire(error: WireError): Error {
  if (!error.code) return new Error(error.message);
  return new OpenDataError(error.code as never, error.message, {
    ...(error.hint ? { hint: error.hint } : {}),
    ...(error.details ? { details: error.details } : {}),
  });
}

/**
 * The server's handle on one engine process. At most `concurrency` requests run at once (one per
 * connection the engine holds); while any runs, the process's resident memory is watched against
 * its ceiling, and each request's deadline is timed here, in the server, so neither depends on the
 * engine being responsive. Crossing either kills the process.
 */
export class EngineProcess {
  private nextId = 1;
  private readonly limit: LimitFunction;
  private inFlight = 0;
  private memoryWatch: NodeJS.Timeout | undefined;
  private exitStatus: string | null = null;
  private stopReason: StopReason | null = null;
  private lastIdle: number | null = null;
  private readonly idleListeners: Array<() => void> = [];
  /** Settles once the process has ended. */
  readonly exited: Promise<void>;

  constructor(
    private readonly engine: IsolatedProcess,
    private readonly ceilingBytes: number,
    concurrency: number,
  ) {
    this.limit = pLimit(concurrency);
    const { child } = engine;
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        this.exitStatus = signal ?? `exit ${code}`;
        resolve();
      });
    });
    this.idle();
    // Not idle in the budget's eyes before its first request (its load) has run.
    this.lastIdle = null;
  }

  get alive(): boolean {
    return this.exitStatus === null && this.stopReason === null;
  }

  /** When the last request ended, if none is running now (null while one runs). */
  get idleSince(): number | null {
    return this.inFlight > 0 ? null : this.lastIdle;
  }

  /** Called each time the last running request ends. */
  onIdle(listener: () => void): void {
    this.idleListeners.push(listener);
  }

  /**
   * Sends one request as soon as a connection is free. The slot is held until the engine has
   * answered (or died), even when the caller stopped waiting after an abort.
   */
  request<T>(body: RequestBody, options: RequestOptions): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      void this.limit(async () => {
        const outcome = this.run<T>(body, options);
        outcome.result.then(resolve, reject);
        await outcome.done;
      });
    });
  }

  /** Ends the process; a request still running fails with `reason`. */
  stop(reason: StopReason = 'closed'): Promise<void> {
    this.stopReason ??= reason;
    if (this.exitStatus === null) {
      // Referenced again, so a caller awaiting the exit is not left behind by a server that exits.
      this.engine.child.ref();
      this.engine.child.kill('SIGKILL');
    }
    return this.exited;
  }

  private run<T>(body: RequestBody, options: RequestOptions): { result: Promise<T>; done: Promise<void> } {
    if (!this.alive) {
      // It never started: whatever stopped the process, this request did not cause it.
      const error = stopError(this.context(this.stopReason === 'evicted' ? 'evicted' : 'closed', options));
      return { result: Promise.reject<T>(error), done: Promise.resolve() };
    }
    const id = this.nextId++;
    const { child } = this.engine;
    this.busy();
    let timer: NodeJS.Timeout | undefined;
    let graceTimer: NodeJS.Timeout | undefined;
    let onMessage: ((reply: WorkerReply | WorkerReady) => void) | undefined;
    let onAbort: (() => void) | undefined;

    const reply = new Promise<T>((resolve, reject) => {
      onMessage = (message: WorkerReply | WorkerReady) => {
        if (!('id' in message) || message.id !== id) return;
        if ('progress' in message) return options.onProgress?.(message.progress);
        if (message.ok) resolve(message.value as T);
        else reject(fromWire(message.error));
      };
      child.on('message', onMessage);
      this.exited.then(() => reject(stopError(this.context(this.stopReason ?? 'crashed', options))));
      timer = setTimeout(() => void this.stop('deadline'), options.deadlineMs);
      child.send({ id, ...body } as Request);
    });

    // The caller hears of an abort at once; the process gets a moment to interrupt the query and
    // keep its table, and is killed if it does not. A load has nothing worth keeping.
    const aborted = new Promise<never>((_, reject) => {
      const { signal } = options;
      if (!signal) return;
      onAbort = () => {
        reject(signal.reason ?? new Error('aborted'));
        if (options.phase === 'load') void this.stop('deadline');
        else {
          child.send({ op: 'interrupt', id } satisfies WorkerRequest);
          graceTimer = setTimeout(() => void this.stop('deadline'), ABORT_GRACE_MS);
        }
      };
      if (signal.aborted) onAbort();
      else signal.addEventListener('abort', onAbort, { once: true });
    });

    const done = reply.then(
      () => undefined,
      () => undefined,
    );
    void done.finally(() => {
      clearTimeout(timer);
      clearTimeout(graceTimer);
      if (onMessage) child.off('message', onMessage);
      if (onAbort) options.signal?.removeEventListener('abort', onAbort);
      this.idle();
    });
    aborted.catch(() => undefined);
    return { result: Promise.race([reply, aborted]), done };
  }

  private watchMemory(): NodeJS.Timeout | undefined {
    const pid = this.engine.child.pid;
    if (pid === undefined) return undefined;
    return setInterval(() => {
      const bytes = residentBytes(pid);
      if (bytes !== null && bytes > this.ceilingBytes) void this.stop('memory');
    }, MEMORY_POLL_MS);
  }

  private context(reason: StopReason, options: RequestOptions) {
    return {
      reason,
      phase: options.phase,
      ceilingBytes: this.ceilingBytes,
      deadlineMs: options.statedLimitMs ?? options.deadlineMs,
      exit: this.exitStatus ?? 'unknown',
    };
  }

  /** An idle process must not keep the server alive, nor be watched; a busy one must be both. */
  private idle(): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    if (this.inFlight > 0) return;
    this.lastIdle = performance.now();
    for (const listener of this.idleListeners) listener();
    clearInterval(this.memoryWatch);
    this.memoryWatch = undefined;
    this.engine.child.unref();
    this.engine.child.channel?.unref();
  }

  private busy(): void {
    if (this.inFlight++ > 0) return;
    this.engine.child.ref();
    this.engine.child.channel?.ref();
    this.memoryWatch = this.watchMemory();
  }
}
