import { OpenDataError } from '../errors/opendata-error.js';

/**
 * Runs `run` with a signal that aborts when the caller cancels or when the call deadline passes,
 * whichever comes first; the deadline's reason is an `upstream_timeout` the agent can act on.
 */
export async function withDeadline<T>(
  parent: AbortSignal | undefined,
  deadlineMs: number,
  run: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => {
    controller.abort(
      new OpenDataError('upstream_timeout', `The call ran past its ${deadlineMs} ms deadline.`, {
        hint: 'Narrow the request (fewer rows, a filter) or try again later.',
      }),
    );
  }, deadlineMs);
  const onAbort = () => controller.abort(parent?.reason);
  parent?.addEventListener('abort', onAbort, { once: true });
  if (parent?.aborted) onAbort();
  try {
    return await run(controller.signal);
  } finally {
    clearTimeout(timer);
    parent?.removeEventListener('abort', onAbort);
  }
}
