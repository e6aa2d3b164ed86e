import { setImmediate as nextMacrotask } from 'node:timers/promises';

/**
 * How much of a message is read before the event loop gets a turn: about 1 to 3 ms of parsing on
 * a slow core, so one large answer never holds up another client's call for longer.
 */
export const SLICE_CHARS = 128 * 1024;

/**
 * Gives the event loop a turn (a macrotask, so timers and sockets run, not only promises), then
 * stops the parse if the call was cancelled or ran past its deadline.
 */
export async function breathe(signal: AbortSignal | undefined): Promise<void> {
  await nextMacrotask();
  signal?.throwIfAborted();
}
