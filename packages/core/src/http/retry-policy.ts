import { OpenDataError } from '../errors/opendata-error.js';

export interface RetryPolicy {
  /** Retries after the first attempt (429, 5xx, 408, 425, network errors). */
  retries: number;
  /** First backoff step; doubles per retry. */
  baseDelayMs: number;
  /** Largest backoff step. */
  maxDelayMs: number;
  /** Longest Retry-After honoured; a longer one fails at once with `rate_limited`. */
  maxRetryAfterMs: number;
  /** Source of jitter in [0, 1). */
  random: () => number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  retries: 2,
  baseDelayMs: 300,
  maxDelayMs: 5_000,
  maxRetryAfterMs: 30_000,
  random: Math.random,
};

/**
 * How long to wait before retry number `retry` (0-based) after `failure`: the portal's
 * Retry-After when it gave a positive one within the cap, otherwise an exponential step with
 * "equal jitter" (half fixed, half random) so clients do not retry in lockstep.
 */
export function retryDelay(failure: OpenDataError, retry: number, policy: RetryPolicy): number {
  const retryAfter = failure.details?.retry_after_s;
  if (typeof retryAfter === 'number') {
    const ms = retryAfter * 1000;
    if (ms > policy.maxRetryAfterMs) {
      throw new OpenDataError(failure.code, `${failure.message} It asks to wait ${retryAfter} s.`, {
        ...(failure.hint ? { hint: failure.hint } : {}),
        ...(failure.details ? { details: failure.details } : {}),
      });
    }
    return ms;
  }
  const step = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry);
  return step / 2 + policy.random() * (step / 2);
}
