import type { PreparedChart } from '../prepare-chart.js';
import type { RenderedSpecAndPng } from './render-protocol.js';
import { RendererProcess, type RenderOptions } from './renderer-process.js';
import { spawnRenderer } from './spawn-renderer.js';

/**
 * Charts drawn at once, each in a process of its own; more wait their turn under their call's
 * signal. Two keep a slow chart from holding up every other, without a process per client.
 */
const MAX_RENDERERS = 2;

let spare: RendererProcess | undefined;
let running = 0;
const waiting: Array<() => void> = [];

function takeSlot(signal: AbortSignal | undefined): Promise<void> {
  if (running < MAX_RENDERERS && waiting.length === 0) {
    running += 1;
    return Promise.resolve();
  }
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => {
      waiting.splice(waiting.indexOf(enter), 1);
      reject(signal?.reason ?? new Error('aborted'));
    };
    const enter = () => {
      signal?.removeEventListener('abort', onAbort);
      running += 1;
      resolve();
    };
    if (signal?.aborted) return reject(signal.reason);
    waiting.push(enter);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function releaseSlot(): void {
  running -= 1;
  waiting.shift()?.();
}

/**
 * Lays out and draws a chart in a renderer process, under a deadline and the call's signal. A
 * process that drew its chart is kept as the spare for the next one (starting one costs a few
 * hundred milliseconds of a core); one that was killed is replaced by a fresh spare.
 */
export async function renderIsolated(
  chart: PreparedChart,
  maxImageSide: number,
  options: RenderOptions,
): Promise<RenderedSpecAndPng> {
  await takeSlot(options.signal);
  const renderer = spare?.alive ? spare : new RendererProcess(spawnRenderer());
  if (renderer === spare) spare = undefined;
  try {
    return await renderer.render(chart, maxImageSide, options);
  } finally {
    if (renderer.alive && !spare?.alive) spare = renderer;
    else renderer.kill();
    warmRenderer();
    releaseSlot();
  }
}

/** Starts the spare renderer now, so the first chart does not wait for a process to boot. */
export function warmRenderer(): void {
  if (!spare?.alive) spare = new RendererProcess(spawnRenderer());
}

/** The spare renderer's process id, if one is started. */
export function spareRendererPid(): number | undefined {
  return spare?.alive ? spare.pid : undefined;
}
