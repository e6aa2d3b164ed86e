import { describe, expect, it } from 'vitest';
import { RequestCancellation } from './request-cancellation.js';

const call = (id: string | number) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'x' } });
const cancel = (requestId: unknown) => ({
  jsonrpc: '2.0',
  method: 'notifications/cancelled',
  params: { requestId },
});

describe('RequestCancellation', () => {
  it('aborts the running request a cancellation names, from the same session', () => {
    const registry = new RequestCancellation();
    const controller = new AbortController();
    registry.track(call(7), 'session-a', controller);
    registry.cancel(cancel(7), 'session-a');
    expect(controller.signal.aborted).toBe(true);
  });

  it('ignores a cancellation from another session or for another id or id type', () => {
    const registry = new RequestCancellation();
    const controller = new AbortController();
    registry.track(call(7), 'session-a', controller);
    registry.cancel(cancel(7), 'session-b');
    registry.cancel(cancel(8), 'session-a');
    registry.cancel(cancel('7'), 'session-a');
    registry.cancel({ method: 'notifications/cancelled' }, 'session-a');
    registry.cancel('garbage', 'session-a');
    expect(controller.signal.aborted).toBe(false);
  });

  it('ignores a cancellation without a session, even for a request without one', () => {
    const registry = new RequestCancellation();
    const bound = new AbortController();
    const unbound = new AbortController();
    registry.track(call(1), 'session-a', bound);
    registry.track(call(2), undefined, unbound);
    registry.cancel(cancel(1), undefined);
    registry.cancel(cancel(2), undefined);
    registry.cancel(cancel(2), 'session-a');
    expect(bound.signal.aborted).toBe(false);
    expect(unbound.signal.aborted).toBe(false);
  });

  it('forgets a request once it has finished', () => {
    const registry = new RequestCancellation();
    const controller = new AbortController();
    const forget = registry.track(call(1), 'session-a', controller);
    forget();
    registry.cancel(cancel(1), 'session-a');
    expect(controller.signal.aborted).toBe(false);
  });

  it('does not track notifications, responses or batches', () => {
    const registry = new RequestCancellation();
    const controller = new AbortController();
    registry.track({ jsonrpc: '2.0', method: 'notifications/initialized' }, 's', controller);
    registry.track({ jsonrpc: '2.0', id: 2, result: {} }, 's', controller);
    registry.track([call(3)], 's', controller);
    for (const id of [2, 3]) registry.cancel(cancel(id), 's');
    expect(controller.signal.aborted).toBe(false);
  });
});
