import { fileURLToPath } from 'node:url';
import type { Logger } from '../log/logger.js';
import { createMemoryStore } from './memory-store.js';
import type { SharedStore } from './shared-store.js';
import { watchStore } from './watch-store.js';

export interface SharedStoreConfig {
  /**
   * `redis://` or `rediss://` URL of a Redis or Valkey server, or a `file://` URL of a directory the
   * processes of one machine share; without one the store is this process's memory.
   */
  url?: string;
  /** Key prefix on a shared server. Default `opendata-mcp`. */
  namespace?: string;
}

const REDIS_SCHEMES = new Set(['redis:', 'rediss:']);

/**
 * The store a server runs with: memory by default, a Redis/Valkey server or a directory when a URL is
 * given. The Redis client is imported only then, so a server without one never loads it. Outages are
 * logged once each (see `watchStore`).
 */
export async function openSharedStore(config: SharedStoreConfig, logger: Logger): Promise<SharedStore> {
  if (!config.url) return createMemoryStore();
  let scheme: string;
  try {
    scheme = new URL(config.url).protocol;
  } catch {
    throw new Error('The store URL is not a URL; expected redis://host:port or rediss://host:port.');
  }
  const storeLogger = logger.child({ component: 'store' });
  if (scheme === 'file:') {
    const { createFileStore } = await import('./file-store.js');
    return watchStore(
      createFileStore({
        dir: fileURLToPath(config.url),
        ...(config.namespace ? { namespace: config.namespace } : {}),
      }),
      storeLogger,
    );
  }
  if (!REDIS_SCHEMES.has(scheme)) {
    throw new Error(
      `The store URL must start with redis:// or rediss:// (a server) or file:// (a directory), not ${scheme}//.`,
    );
  }
  const { createRedisStore } = await import('./redis-store.js');
  return watchStore(
    createRedisStore({
      url: config.url,
      ...(config.namespace ? { namespace: config.namespace } : {}),
      logger: storeLogger,
    }),
    storeLogger,
  );
}
