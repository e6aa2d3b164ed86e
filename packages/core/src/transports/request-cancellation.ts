/**
 * Stateless HTTP serves each POST on its own, so a 2025-era client's `notifications/cancelled`
 * arrives as a POST of its own and would never reach the request it names. This registry lets
 * that POST abort the running request, but only within one session: both must carry the same
 * session id the server issued (see SessionIds). JSON-RPC ids are small counters and the peer
 * address and token are shared by every local client, so nothing short of a secret only the
 * original client holds may decide whose call is cancelled. Without a session there is no such
 * secret and the notification is ignored; closing the request's response still aborts the call,
 * which is also how the 2026-07-28 revision cancels over HTTP.
 */
export class RequestCancellation {
  readonly #running = new Map<string, AbortController>();

  /** Registers a request's abort handle; returns the function that forgets it. */
  track(body: unknown, session: string | undefined, controller: AbortController): () => void {
    const id = requestId(body);
    if (session === undefined || id === undefined) return () => undefined;
    const key = keyOf(session, id);
    this.#running.set(key, controller);
    return () => {
      if (this.#running.get(key) === controller) this.#running.delete(key);
    };
  }

  /** Aborts the request a cancellation notification names, if it runs in the same session. */
  cancel(body: unknown, session: string | undefined): void {
    const target = cancelledId(body);
    if (session === undefined || target === undefined) return;
    this.#running.get(keyOf(session, target))?.abort(new Error('cancelled by the client'));
  }
}

type JsonRpcId = string | number;

function keyOf(session: string, id: JsonRpcId): string {
  return `${session}\u0000${typeof id}:${id}`;
}

function requestId(body: unknown): JsonRpcId | undefined {
  if (!isObject(body) || typeof body.method !== 'string') return undefined;
  return typeof body.id === 'string' || typeof body.id === 'number' ? body.id : undefined;
}

function cancelledId(body: unknown): JsonRpcId | undefined {
  if (!isObject(body) || body.method !== 'notifications/cancelled' || !isObject(body.params))
    return undefined;
  const id = body.params.requestId;
  return typeof id === 'string' || typeof id === 'number' ? id : undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
