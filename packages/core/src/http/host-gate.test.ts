import { describe, expect, it } from 'vitest';
import { OpenDataError } from '../errors/opendata-error.js';
import { createMemoryStore } from '../store/memory-store.js';
import type { SharedStore } from '../store/shared-store.js';
import { createHostGate, GateRefusal } from './host-gate.js';

/** A fake clock the gate's sleeps advance, so waits are observed rather than sat through. */
function clock(start = 1_000_000) {
  let now = start;
  const slept: number[] = [];
  return {
    now: () => now,
    slept,
    sleep: async (ms: number) => {
      slept.push(Math.round(ms));
      now += ms;
    },
  };
}

const never = new AbortController().signal;

describe('host gate', () => {
  it('lets the budget through, then waits for the next window', async () => {
    const time = clock();
    const gate = createHostGate({
      store: createMemoryStore(),
      budgets: { requests: 2, intervalMs: 1_000 },
      maxWaitMs: 30_000,
      sleep: time.sleep,
      now: time.now,
      random: () => 0,
    });
    for (let i = 0; i < 3; i++) await gate.pass('a.example', never, time.now() + 60_000);
    expect(time.slept).toEqual([1_000]);
  });

  it('keeps budgets per host, and a host override wins', async () => {
    const time = clock();
    const gate = createHostGate({
      store: createMemoryStore(),
      budgets: { requests: 1, intervalMs: 1_000, hosts: { 'b.example': { requests: 3, intervalMs: 1_000 } } },
      maxWaitMs: 30_000,
      sleep: time.sleep,
      now: time.now,
    });
    await gate.pass('a.example', never, time.now() + 60_000);
    for (let i = 0; i < 3; i++) await gate.pass('b.example', never, time.now() + 60_000);
    expect(time.slept).toEqual([]);
  });

  it('refuses without sending when the budget frees up only after the deadline', async () => {
    const time = clock();
    const gate = createHostGate({
      store: createMemoryStore(),
      budgets: { requests: 1, intervalMs: 10_000 },
      maxWaitMs: 30_000,
      sleep: time.sleep,
      now: time.now,
    });
    await gate.pass('a.example', never, time.now() + 5_000);
    const refusal = await gate.pass('a.example', never, time.now() + 5_000).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(GateRefusal);
    const failure = (refusal as GateRefusal).failure;
    expect(failure).toBeInstanceOf(OpenDataError);
    expect(failure.code).toBe('rate_limited');
    expect(failure.message).toMatch(/budget of 1 requests per 10000 ms/);
  });

  it("waits out another replica's back-off, and refuses one longer than it may wait", async () => {
    const time = clock();
    const store = createMemoryStore();
    const options = { store, maxWaitMs: 5_000, sleep: time.sleep, now: time.now };
    const [one, two] = [createHostGate(options), createHostGate(options)];
    await one.backOff('a.example', 2);
    await two.pass('a.example', never, time.now() + 60_000);
    expect(time.slept).toEqual([2_000]);
    await one.backOff('a.example', 10);
    const refusal = await two.pass('a.example', never, time.now() + 60_000).catch((e: unknown) => e);
    expect((refusal as GateRefusal).failure.details).toMatchObject({ host: 'a.example', retry_after_s: 10 });
  });

  it('keeps counting on its own while the store is down', async () => {
    const time = clock();
    const failing = new Proxy(createMemoryStore(), {
      get: (target, name) =>
        name === 'kind' || name === 'close'
          ? target[name as keyof SharedStore]
          : () => Promise.reject(new Error('store down')),
    }) as SharedStore;
    const gate = createHostGate({
      store: failing,
      budgets: { requests: 1, intervalMs: 1_000 },
      maxWaitMs: 30_000,
      sleep: time.sleep,
      now: time.now,
      random: () => 0,
    });
    await gate.backOff('a.example', 1);
    await gate.pass('a.example', never, time.now() + 60_000);
    await gate.pass('a.example', never, time.now() + 60_000);
    expect(time.slept.length).toBeGreaterThanOrEqual(2);
  });
});
