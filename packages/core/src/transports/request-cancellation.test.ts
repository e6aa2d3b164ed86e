import { describe, expect, it } from 'vitest';
import { RequestCancellation } from './request-cancellation.js';

const call = (id: string | number) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'x' } });
const cancel = (requestId: unknown) => ({
  jsonrpc: '2.0',
  method: 'notifications/cancelled',
  params: { requestId },
});

describe('RequestCancellation', () => {
  it('aborts the running request a cancellation names, from the same peer', () => {
    const registry = new RequestCancellation();
    const controller = new AbortController();
    registry.track(call(7), 'peer-a', controller);
    registry.cancel(cancel(7), 'peer-a');
    expect(controller.signal.aborted).toBe(true);
  });

  it('ignores a cancellation from another peer or for another id or id type', () => {
    const registry = new RequestCancellation();
    const controller = new AbortController();
    registry.track(call(7), 'peer-a', controller);
    registry.cancel(cancel(7), 'peer-b');
    registry.cancel(cancel(8), 'peer-a');
    registry.cancel(cancel('7'), 'peer-a');
    registry.cancel({ method: 'notifications/cancelled' }, 'peer-a');
    registry.cancel('garbage', 'peer-a');
    expect(controller.signal.aborted).toBe(false);
  });

  it('forgets a request once it has finished', () => {
    const registry = new RequestCancellation();
    const controller = new AbortController();
    const forget = registry.track(call(1), 'peer-a', controller);
    forget();
    registry.cancel(cancel(1), 'peer-a');
    expect(controller.signal.aborted).toBe(false);
  });

  it('does not track notifications, responses or batches', () => {
    const registry = new RequestCancellation();
    const controller = new AbortController();
    registry.track({ jsonrpc: '2.0', method: 'notifications/initialized' }, 'p', controller);
    registry.track({ jsonrpc: '2.0', id: 2, result: {} }, 'p', controller);
    registry.track([call(3)], 'p', controller);
    for (const id of [2, 3]) registry.cancel(cancel(id), 'p');
    expect(controller.signal.aborted).toBe(false);
  });
});
