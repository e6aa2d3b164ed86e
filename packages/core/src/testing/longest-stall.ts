/**
 * The longest the event loop went without a turn while `work` ran: a timer due every 5 ms notes the
 * gaps between its turns (the main-thread stall another client's call would have waited). For
 * liveness tests and benchmarks.
 */
export async function longestStall<T>(work: () => T | Promise<T>): Promise<{ value: T; stallMs: number }> {
  let last = performance.now();
  let longest = 0;
  const probe = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 5);
  try {
    const value = await work();
    return { value, stallMs: Math.round(Math.max(longest, performance.now() - last)) };
  } finally {
    clearInterval(probe);
  }
}
