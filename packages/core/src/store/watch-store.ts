import type { Logger } from '../log/logger.js';
import type { SharedStore } from './shared-store.js';

/**
 * Reports a store's outages once each: one warning when it stops answering, one note when it answers
 * again. Failures still reject, so each caller picks its own per-instance fallback; the log is not
 * flooded with one line per failed command while the store is away.
 */
export function watchStore(store: SharedStore, logger: Logger): SharedStore {
  let down = false;
  async function watched<T>(operation: () => Promise<T>): Promise<T> {
    try {
      const result = await operation();
      if (down) {
        down = false;
        logger.info('shared store reachable again; replicas share caches and budgets again', {
          store: store.kind,
        });
      }
      return result;
    } catch (error) {
      if (!down) {
        down = true;
        logger.warn(
          'shared store unreachable; each instance caches and budgets on its own until it returns',
          {
            store: store.kind,
            error: error instanceof Error ? error.message : String(error),
          },
        );
      }
      throw error;
    }
  }
  return {
    kind: store.kind,
    get: (key) => watched(() => store.get(key)),
    set: (key, value, ttlMs) => watched(() => store.set(key, value, ttlMs)),
    delete: (key) => watched(() => store.delete(key)),
    add: (key, value, ttlMs) => watched(() => store.add(key, value, ttlMs)),
    increment: (key, ttlMs) => watched(() => store.increment(key, ttlMs)),
    stats: () => watched(() => store.stats()),
    close: () => store.close(),
  };
}
