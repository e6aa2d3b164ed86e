import { currentRequestId, newRequestId, withRequestId } from '../log/request-scope.js';
import { withDeadline } from './with-deadline.js';

/**
 * What every tool call runs inside, data or content: the request id its log lines carry (the
 * caller's, when one is set) and the call deadline, which aborts the signal handed to `run`.
 */
export function withinCall<T>(
  parent: AbortSignal | undefined,
  deadlineMs: number,
  run: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  return withRequestId(currentRequestId() ?? newRequestId(), () => withDeadline(parent, deadlineMs, run));
}
