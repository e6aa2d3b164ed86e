import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';

const scope = new AsyncLocalStorage<string>();

/** Ids a client may hand in (`X-Request-Id`) are kept only when short and plain, so logs stay clean. */
const SAFE_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** A fresh request id: 16 hex characters, enough to tell apart the requests of a long day. */
export function newRequestId(): string {
  return randomBytes(8).toString('hex');
}

/** The given id when it is safe to log and echo, else a fresh one. */
export function acceptRequestId(given: string | undefined): string {
  return given && SAFE_ID.test(given) ? given : newRequestId();
}

/**
 * Runs `work` with `requestId` as the current request: every log line written inside it, however
 * deep (HTTP client retries, store warnings), carries the id.
 */
export function withRequestId<T>(requestId: string, work: () => T): T {
  return scope.run(requestId, work);
}

/** The id of the request being served, when there is one. */
export function currentRequestId(): string | undefined {
  return scope.getStore();
}
