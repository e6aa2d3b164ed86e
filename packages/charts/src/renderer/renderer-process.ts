import type { IsolatedProcess } from '@opendata-mcp/core';
import { OpenDataError } from '@opendata-mcp/core/errors';
import type { PreparedChart } from '../prepare-chart.js';
import type { RenderedSpecAndPng, RenderReply, RenderRequest, WireError } from './render-protocol.js';

export interface RenderOptions {
  /** Wall-clock bound from the moment the chart is handed over: past it the process is killed. */
  deadlineMs: number;
  /** The call's own signal (cancelled, or its deadline passed): the process is killed at once. */
  signal?: AbortSignal;
}

function fromWire(error: WireError): Error {
  if (!error.code) return new Error(error.message);
  return new OpenDataError(error.code as never, error.message, {
    ...(error.hint ? { hint: error.hint } : {}),
    ...(error.details ? { details: error.details } : {}),
  });
}

function timeoutError(deadlineMs: number): OpenDataError {
  return new OpenDataError(
    'query_timeout',
    `Drawing the chart took longer than ${deadlineMs} ms and was stopped.`,
    {
      hint: 'Draw fewer points or series (filter, or aggregate first with query_results), or shorter labels.',
      details: { render_timeout_ms: deadlineMs },
    },
  );
}

function crashError(exit: string): OpenDataError {
  return new OpenDataError(
    'resource_too_large',
    `Drawing the chart stopped the renderer (${exit}), most likely out of memory. The server is unaffected.`,
    {
      hint: 'Draw fewer points or series (filter, or aggregate first with query_results), or shorter labels.',
    },
  );
}

/**
 * The server's handle on one renderer process, which draws one chart at a time. The deadline is
 * timed here, in the server, so it holds whatever the renderer is doing: layout in JavaScript or a
 * native call no thread can interrupt. Past it, or on the call's abort, the process is killed.
 */
export class RendererProcess {
  private nextId = 1;
  private exitStatus: string | null = null;

  constructor(private readonly spawned: IsolatedProcess) {
    spawned.child.once('exit', (code, signal) => {
      this.exitStatus = signal ?? `exit ${code}`;
    });
    this.idle();
  }

  get alive(): boolean {
    return this.exitStatus === null && !this.spawned.child.killed;
  }

  get pid(): number | undefined {
    return this.spawned.child.pid;
  }

  kill(): void {
    if (this.exitStatus === null) this.spawned.child.kill('SIGKILL');
  }

  render(chart: PreparedChart, maxImageSide: number, options: RenderOptions): Promise<RenderedSpecAndPng> {
    const { child } = this.spawned;
    const { signal, deadlineMs } = options;
    const id = this.nextId++;
    this.busy();
    const cleanups: Array<() => void> = [];
    let settled = false;
    const reply = new Promise<RenderedSpecAndPng>((resolve, reject) => {
      const stop = (error: unknown) => {
        reject(error);
        this.kill();
      };
      if (signal) {
        const onAbort = () => stop(signal.reason ?? new Error('aborted'));
        if (signal.aborted) return onAbort();
        signal.addEventListener('abort', onAbort, { once: true });
        cleanups.push(() => signal.removeEventListener('abort', onAbort));
      }
      const onExit = () => reject(crashError(this.exitStatus ?? 'unknown'));
      if (!this.alive) return onExit();
      child.once('exit', onExit);
      const onMessage = (message: RenderReply) => {
        if (message.id !== id) return;
        if (message.ok) resolve(message.value);
        else reject(fromWire(message.error));
      };
      child.on('message', onMessage);
      cleanups.push(() => {
        child.off('exit', onExit);
        child.off('message', onMessage);
      });
      // Sent once the modules are loaded: a message sent earlier could arrive before the listener.
      // The deadline runs from then: booting is not the chart's cost, and the call's own deadline
      // (its signal) bounds it.
      void this.spawned.ready.then(() => {
        if (!this.alive || settled) return;
        const timer = setTimeout(() => stop(timeoutError(deadlineMs)), deadlineMs);
        cleanups.push(() => clearTimeout(timer));
        child.send({ id, chart, maxImageSide } satisfies RenderRequest);
      });
    });
    return reply.finally(() => {
      settled = true;
      for (const cleanup of cleanups) cleanup();
      this.idle();
    });
  }

  /** An idle process must not keep the server alive; a busy one must. */
  private idle(): void {
    this.spawned.child.unref();
    this.spawned.child.channel?.unref();
  }

  private busy(): void {
    this.spawned.child.ref();
    this.spawned.child.channel?.ref();
  }
}
