import { setImmediate as nextMacrotask } from 'node:timers/promises';

/** How long work runs on the main thread before the event loop gets a turn. */
export const SLICE_MS = 10;

/**
 * Paces long work on the main thread: `await slicer.tick()` after each small step gives the event
 * loop a turn (a macrotask, so timers and sockets run, not only promises) once about `sliceMs` of
 * work has passed since the last turn, then stops the work if the signal was aborted. Checking the
 * clock per step costs far less than the steps it paces.
 */
export interface WorkSlicer {
  tick(): Promise<void>;
}

export function workSlicer(signal?: AbortSignal, sliceMs = SLICE_MS): WorkSlicer {
  signal?.throwIfAborted();
  let since = performance.now();
  return {
    async tick() {
      if (performance.now() - since < sliceMs) return;
      await nextMacrotask();
      signal?.throwIfAborted();
      since = performance.now();
    },
  };
}
