import { OpenDataError } from '../errors/opendata-error.js';
import { createMemoryStore } from '../store/memory-store.js';
import type { SharedStore } from '../store/shared-store.js';
import { budgetFor, type UpstreamBudgets } from './upstream-budget.js';

/**
 * What every request to a host passes first: a back-off a 429 asked for (on any replica) and the
 * host's request budget (counted by all replicas). Both live in the shared store; while it is
 * unreachable, this process keeps them for itself.
 */
export interface HostGate {
  /** Resolves when one request may go to `host`; throws `rate_limited` when that would be after `deadlineAt`. */
  pass(host: string, signal: AbortSignal, deadlineAt: number): Promise<void>;
  /** Makes every replica hold requests to `host` for `seconds`, as its 429 asked. */
  backOff(host: string, seconds: number): Promise<void>;
}

export interface HostGateOptions {
  store: SharedStore;
  budgets?: UpstreamBudgets;
  /** Longest back-off waited out; a longer one fails at once (the retry policy's `maxRetryAfterMs`). */
  maxWaitMs: number;
  sleep(ms: number, signal: AbortSignal): Promise<void>;
  now?: () => number;
  random?: () => number;
}

/** Refusal by the gate itself: no request was sent, so the retry loop must not try again. */
export class GateRefusal extends Error {
  constructor(readonly failure: OpenDataError) {
    super(failure.message);
  }
}

export function createHostGate(options: HostGateOptions): HostGate {
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const local = createMemoryStore({ maxEntries: 10_000 });
  // The shared store when it answers, this process's own otherwise: never a failed call.
  const onStore = async <T>(operation: (store: SharedStore) => Promise<T>): Promise<T> => {
    try {
      return await operation(options.store);
    } catch {
      return operation(local);
    }
  };
  const encode = (value: number) => new TextEncoder().encode(String(value));

  async function backOffUntil(host: string): Promise<number> {
    const value = await onStore((store) => store.get(`backoff:${host}`));
    return value ? Number(new TextDecoder().decode(value)) : 0;
  }

  function refuse(host: string, waitMs: number, why: string): never {
    throw new GateRefusal(
      new OpenDataError('rate_limited', `${host} ${why}; no request was sent.`, {
        hint: `Wait about ${Math.ceil(waitMs / 1000)} s before calling again, or make fewer calls.`,
        details: { host, retry_after_s: Math.max(1, Math.ceil(waitMs / 1000)) },
      }),
    );
  }

  return {
    async pass(host, signal, deadlineAt) {
      for (;;) {
        const until = await backOffUntil(host);
        const held = until - now();
        if (held > 0) {
          if (held > options.maxWaitMs || now() + held >= deadlineAt) {
            refuse(host, held, 'asked every client of this server to wait (HTTP 429)');
          }
          await options.sleep(held, signal);
          continue;
        }
        const budget = budgetFor(options.budgets, host);
        if (!budget) return;
        const window = Math.floor(now() / budget.intervalMs);
        const key = `budget:${host}:${budget.intervalMs}:${window}`;
        const count = await onStore((store) => store.increment(key, budget.intervalMs * 2));
        if (count <= budget.requests) return;
        // Wakes just after the window turns, spread a little so waiters do not all ask at once.
        const wait =
          (window + 1) * budget.intervalMs - now() + random() * Math.min(50, budget.intervalMs / 10);
        if (now() + wait >= deadlineAt) {
          refuse(
            host,
            wait,
            `has used its budget of ${budget.requests} requests per ${budget.intervalMs} ms`,
          );
        }
        await options.sleep(wait, signal);
      }
    },
    async backOff(host, seconds) {
      const ms = seconds * 1000;
      await onStore((store) => store.set(`backoff:${host}`, encode(now() + ms), ms));
    },
  };
}
