/**
 * Stateless HTTP has no session, so a 2025-era client's `notifications/cancelled` arrives as a
 * POST of its own and would never reach the request it names. This registry lets that POST
 * abort the running request. A cancel only matches a request from the same peer address with
 * the same credentials and the same JSON-RPC id, so one client cannot cancel another's calls
 * by guessing ids.
 */
export class RequestCancellation {
  readonly #running = new Map<string, AbortController>();

  /** Registers a request's abort handle; returns the function that forgets it. */
  track(body: unknown, peer: string, controller: AbortController): () => void {
    const id = requestId(body);
    if (id === undefined) return () => undefined;
    const key = keyOf(peer, id);
    this.#running.set(key, controller);
    return () => {
      if (this.#running.get(key) === controller) this.#running.delete(key);
    };
  }

  /** Aborts the request a cancellation notification names, if it is running. */
  cancel(body: unknown, peer: string): void {
    const target = cancelledId(body);
    if (target === undefined) return;
    this.#running.get(keyOf(peer, target))?.abort(new Error('cancelled by the client'));
  }
}

type JsonRpcId = string | number;

function keyOf(peer: string, id: JsonRpcId): string {
  return `${peer}\u0000${typeof id}:${id}`;
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
