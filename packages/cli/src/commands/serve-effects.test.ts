import { describe, expect, it, vi } from 'vitest';
import { processServeEffects } from './serve-effects.js';

describe('processServeEffects.onStopSignal', () => {
  it('stops once on the first SIGINT or SIGTERM and leaves no listener behind', () => {
    const before = [process.listenerCount('SIGINT'), process.listenerCount('SIGTERM')];
    const stop = vi.fn();
    processServeEffects.onStopSignal(stop);
    expect([process.listenerCount('SIGINT'), process.listenerCount('SIGTERM')]).toEqual(
      before.map((n) => n + 1),
    );
    process.emit('SIGTERM');
    process.emit('SIGINT');
    expect(stop).toHaveBeenCalledTimes(1);
    expect([process.listenerCount('SIGINT'), process.listenerCount('SIGTERM')]).toEqual(before);
  });

  it('stops listening when asked, without stopping', () => {
    const before = process.listenerCount('SIGINT');
    const stop = vi.fn();
    const forget = processServeEffects.onStopSignal(stop);
    forget();
    expect(process.listenerCount('SIGINT')).toBe(before);
    expect(stop).not.toHaveBeenCalled();
  });
});
