import type { Worker } from 'node:worker_threads';
import { type ErrorCode, OpenDataError } from '@opendata-mcp/core/errors';
import type { GuardReply } from './guard-worker.js';
import type { GuardedQuery } from './sparql-guard.js';
import { spawnGuardWorker } from './spawn-guard-worker.js';

/**
 * How long a query may take to parse and check once a thread has it. Within the length and depth
 * caps the worst shapes measured take a few hundred milliseconds on a busy machine; a query that
 * takes longer is refused rather than allowed to hold a thread.
 */
export const CHECK_BUDGET_MS = 3000;
/** Threads kept started between calls: enough for a few calls at once without a start each. */
const IDLE_KEPT = 2;

interface Thread {
  worker: Worker;
  ready: Promise<void>;
}

const idle: Thread[] = [];
let nextId = 0;

function startThread(): Thread {
  const worker = spawnGuardWorker();
  const ready = new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
    worker.once('exit', () => reject(new Error('the checking thread exited while starting')));
  });
  // A failed start is reported to the call that waits on it; nobody else listens.
  ready.catch(() => undefined);
  return { worker, ready };
}

function release(thread: Thread): void {
  thread.worker.removeAllListeners('message').removeAllListeners('error').removeAllListeners('exit');
  if (idle.length >= IDLE_KEPT) {
    void thread.worker.terminate();
    return;
  }
  // An idle thread does not keep the process alive.
  thread.worker.unref();
  idle.push(thread);
}

function refusal(code: string, message: string, hint?: string): OpenDataError {
  return new OpenDataError(code as ErrorCode, message, { hint });
}

/**
 * guardSparql on a worker thread: sparqljs's parse time grows with the query's shape, and the
 * server's main thread must stay free for other calls. The check gets `budgetMs` once its
 * thread has started, and never outlives the call: past either, the thread is terminated.
 */
export async function guardSparqlInWorker(
  text: string,
  rowCap: number,
  signal: AbortSignal,
  budgetMs = CHECK_BUDGET_MS,
): Promise<GuardedQuery> {
  const thread = idle.pop() ?? startThread();
  thread.worker.ref();
  let settled = false;
  const kill = () => {
    settled = true;
    void thread.worker.terminate();
  };
  try {
    const aborted = new Promise<never>((_, reject) => {
      const onAbort = () =>
        reject(new OpenDataError('query_timeout', 'The call ended before the query was checked.'));
      if (signal.aborted) onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
    });
    await Promise.race([thread.ready, aborted]);
    const id = nextId++;
    const answer = new Promise<GuardReply>((resolve, reject) => {
      thread.worker.on('message', (reply: GuardReply) => {
        if (reply.id === id) resolve(reply);
      });
      thread.worker.once('error', reject);
      thread.worker.once('exit', () => reject(new Error('the checking thread exited')));
      thread.worker.postMessage({ id, text, rowCap });
    });
    let timer: NodeJS.Timeout | undefined;
    const overBudget = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            refusal(
              'unsafe_sparql',
              `The query could not be checked within ${budgetMs} ms.`,
              'Write a shorter query with fewer nested groups, paths and alternatives.',
            ),
          ),
        budgetMs,
      );
    });
    try {
      const reply = await Promise.race([answer, overBudget, aborted]);
      settled = true;
      release(thread);
      if ('guarded' in reply) return reply.guarded;
      if ('refusal' in reply) throw refusal(reply.refusal.code, reply.refusal.message, reply.refusal.hint);
      throw new Error(`The query check failed: ${reply.crash}`);
    } finally {
      clearTimeout(timer);
    }
  } finally {
    if (!settled) kill();
  }
}
