import { setTimeout as sleep } from 'node:timers/promises';
import { OpenDataError, type ToolContext } from '@opendata-mcp/core';
import type { DataAnswer } from './fetch-sdmx.js';

// Eurostat answers a data query it cannot serve at once with HTTP 200, the content type asked for,
// and a small SOAP envelope instead of data: `syncResponse` holding `queued` with the job's `id`
// and its status. The job is then polled at the async API (`…/1.0/async/status/{id}`, beside the
// SDMX 2.1 base) until AVAILABLE, and its data read from `…/1.0/async/data/{id}`.
const QUEUED =
  /<(?:[\w.-]+:)?syncResponse\b[\s\S]*?<(?:[\w.-]+:)?queued\b[\s\S]*?<(?:[\w.-]+:)?id>\s*([A-Za-z0-9-]{1,128})\s*</;
const STATUS = /<(?:[\w.-]+:)?status>\s*([A-Z_]{2,40})\s*</g;
const WAITING = new Set(['SUBMITTED', 'PROCESSING']);
const FIRST_POLL_MS = 250;
const LONGEST_POLL_MS = 5_000;

/** The job id when the answer is a queued-extraction envelope rather than data; null otherwise. */
export function queuedExtraction(text: string): string | null {
  // The envelope is a few hundred bytes; a data message never opens with it.
  const head = text.slice(0, 4096);
  if (!head.includes('syncResponse')) return null;
  return QUEUED.exec(head)?.[1] ?? null;
}

/** The async API of a registry laid out as Eurostat's: `…/dissemination/1.0/async/` beside `…/dissemination/sdmx/2.1`. */
export function asyncApiBase(restBase: string): string {
  return new URL('../../1.0/async/', `${restBase.replace(/\/+$/, '')}/`).toString();
}

/**
 * Polls a queued extraction until its data is ready, within half the call's deadline (the rest is
 * for reading the data), and returns the data answer under the URL first asked. A job still
 * running then fails as retryable, saying to ask the same question again: the registry keeps the
 * extraction and answers the repeated query from it.
 */
export async function awaitExtraction(
  ctx: ToolContext,
  restBase: string | undefined,
  id: string,
  original: string,
  get: (url: string) => Promise<DataAnswer>,
): Promise<DataAnswer> {
  if (!restBase) throw notReady(id);
  const base = asyncApiBase(restBase);
  const started = Date.now();
  const budget = ctx.limits.callDeadlineMs / 2;
  for (let wait = FIRST_POLL_MS; ; wait = Math.min(wait * 2, LONGEST_POLL_MS)) {
    if (Date.now() - started + wait > budget) throw notReady(id);
    await sleep(wait, undefined, { signal: ctx.signal });
    const status = statusOf((await get(`${base}status/${encodeURIComponent(id)}`)).text);
    if (status === 'AVAILABLE') {
      const data = await get(`${base}data/${encodeURIComponent(id)}`);
      if (queuedExtraction(data.text)) throw notReady(id);
      return { ...data, url: original };
    }
    if (!status || !WAITING.has(status)) {
      throw new OpenDataError(
        'upstream_unavailable',
        `The registry queued this extraction (job ${id}), which then ended as ${status ?? 'an unreadable status'}.`,
        { hint: 'Ask the same question again to queue it anew, or narrow the filters or period.' },
      );
    }
  }
}

/** The job's status: the last `status` element holding a status word (the envelope nests them). */
function statusOf(text: string): string | null {
  let last: string | null = null;
  for (const match of text.slice(0, 8192).matchAll(STATUS)) last = match[1] ?? null;
  return last;
}

function notReady(id: string): OpenDataError {
  return new OpenDataError(
    'upstream_timeout',
    `The registry queued this extraction (job ${id}) instead of answering, and it was not ready within this call's time.`,
    {
      hint: 'Ask the same question again in a minute: the registry answers it from the finished extraction. Narrower filters or a shorter period are extracted faster.',
    },
  );
}
