import type { LimitFunction } from 'p-limit';
import type { OpenDataError } from '../errors/opendata-error.js';
import type { Logger } from '../log/logger.js';
import { GateRefusal, type HostGate } from './host-gate.js';
import { timeoutError, toOpenDataError } from './http-errors.js';
import { type RetryPolicy, retryDelay } from './retry-policy.js';

/** The time and retry budget of one logical request. */
export interface AttemptBudget {
  host: string;
  timeoutMs: number;
  deadlineMs: number;
  retries: number;
  /** The caller's signal; its abort reason is rethrown as is. */
  signal: AbortSignal | undefined;
}

export interface RetryLoop {
  policy: RetryPolicy;
  sleep(ms: number, signal: AbortSignal): Promise<void>;
  /** The per-host concurrency slot an attempt runs in. */
  slot: LimitFunction;
  logger: Logger;
  onRetry(): void;
  /** Shared back-off and request budget, passed before every attempt (inside its slot). */
  gate?: HostGate;
}

/**
 * Runs attempts until one succeeds, the failure is not retryable, the retries are spent or the
 * deadline would pass. Each attempt gets a signal that fires on its own timeout (counted from
 * when it holds a concurrency slot), on the total deadline and on the caller's abort.
 */
export async function runWithRetries<T>(
  budget: AttemptBudget,
  loop: RetryLoop,
  attempt: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const { host, timeoutMs, deadlineMs, signal: caller } = budget;
  const deadline = AbortSignal.timeout(deadlineMs);
  const outer = caller ? AbortSignal.any([deadline, caller]) : deadline;
  const started = Date.now();
  for (let retry = 0; ; retry++) {
    let attemptTimer: AbortSignal | undefined;
    let failure: OpenDataError;
    try {
      return await loop.slot(async () => {
        await loop.gate?.pass(host, outer, started + deadlineMs);
        attemptTimer = AbortSignal.timeout(timeoutMs);
        const signal = AbortSignal.any([outer, attemptTimer]);
        signal.throwIfAborted();
        return attempt(signal);
      });
    } catch (error) {
      if (caller?.aborted) throw caller.reason;
      if (deadline.aborted) throw timeoutError(host, 'deadline', deadlineMs);
      // A stalled portal is not retried: another full timeout rarely helps the caller.
      if (attemptTimer?.aborted) throw timeoutError(host, 'attempt', timeoutMs);
      if (error instanceof GateRefusal) throw error.failure;
      failure = toOpenDataError(error, host);
    }
    const retryAfter = failure.details?.retry_after_s;
    if (loop.gate && failure.code === 'rate_limited' && typeof retryAfter === 'number') {
      await loop.gate.backOff(host, retryAfter);
    }
    if (!failure.retryable || retry >= budget.retries) throw failure;
    const wait = retryDelay(failure, retry, loop.policy);
    if (Date.now() - started + wait >= deadlineMs) throw failure;
    loop.logger.debug('retrying upstream request', { host, code: failure.code, wait_ms: Math.round(wait) });
    loop.onRetry();
    try {
      await loop.sleep(wait, outer);
    } catch {
      if (caller?.aborted) throw caller.reason;
      throw failure;
    }
  }
}
