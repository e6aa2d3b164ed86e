import { breathe } from '../registry/breathe.js';

/** How long a decode runs before the event loop gets a turn: short enough for another client's call. */
const TURN_MS = 10;
/** Items between two looks at the clock: reading it per item would cost more than the items. */
const CHECK_EVERY = 64;

/**
 * Gives the event loop a turn (and checks the call's signal) every TURN_MS of decoding, measured
 * rather than counted in items: items differ a hundredfold in cost between messages, time does not.
 */
export class Pace {
  private items = 0;
  private since = performance.now();
  /** Once due, due until the turn is taken (a caller may return before it awaits). */
  private late = false;

  constructor(private readonly signal: AbortSignal | undefined) {}

  /** True when the caller should `await turn()` now. */
  due(): boolean {
    if (this.late) return true;
    if (++this.items % CHECK_EVERY !== 0) return false;
    this.late = performance.now() - this.since >= TURN_MS;
    return this.late;
  }

  async turn(): Promise<void> {
    await breathe(this.signal);
    this.since = performance.now();
    this.late = false;
  }
}
