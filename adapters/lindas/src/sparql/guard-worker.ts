import { parentPort } from 'node:worker_threads';
import { isOpenDataError } from '@opendata-mcp/core/errors';
import { guardSparql } from './sparql-guard.js';

/** One job: the query text and the row cap, answered under the same id. */
export interface GuardJob {
  id: number;
  text: string;
  rowCap: number;
}

export type GuardReply =
  | { id: number; guarded: ReturnType<typeof guardSparql> }
  | { id: number; refusal: { code: string; message: string; hint?: string } }
  | { id: number; crash: string };

// The entry of the thread that parses and checks queries, away from the server's protocol work.
parentPort?.on('message', (job: GuardJob) => {
  let reply: GuardReply;
  try {
    reply = { id: job.id, guarded: guardSparql(job.text, job.rowCap) };
  } catch (error) {
    reply = isOpenDataError(error)
      ? { id: job.id, refusal: { code: error.code, message: error.message, hint: error.hint } }
      : { id: job.id, crash: String((error as Error)?.message ?? error).slice(0, 200) };
  }
  parentPort?.postMessage(reply);
});
parentPort?.postMessage({ ready: true });
