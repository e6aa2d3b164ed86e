import { Redis } from 'ioredis';
import type { Logger } from '../log/logger.js';
import type { SharedStore } from './shared-store.js';

export interface RedisStoreOptions {
  /** `redis://[user:password@]host:port[/db]` or `rediss://…` for TLS; Valkey speaks the same protocol. */
  url: string;
  /** Prefix of every key, so several deployments can share one database. Default `opendata-mcp`. */
  namespace?: string;
  /** Longest wait for one command; past it the command fails and callers fall back. Default 250 ms. */
  commandTimeoutMs?: number;
  /** Longest wait for a connection attempt. Default 1 000 ms. */
  connectTimeoutMs?: number;
  /** Where connection trouble is reported, at debug level (the outage warning is the caller's). */
  logger?: Logger;
}

// Sets the lifetime with the first count only: the counter is a fixed window that must end.
const INCREMENT_SCRIPT = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;

/**
 * A store on a Redis or Valkey server, shared by every replica pointed at it. Commands fail fast
 * while the server is away (no offline queue, a short command timeout) and the client keeps
 * reconnecting in the background, so callers degrade to per-instance behaviour and resume sharing
 * when it returns, without a restart.
 */
export function createRedisStore(options: RedisStoreOptions): SharedStore {
  const prefix = `${options.namespace ?? 'opendata-mcp'}:`;
  const redis = new Redis(options.url, {
    keyPrefix: prefix,
    commandTimeout: options.commandTimeoutMs ?? 250,
    connectTimeout: options.connectTimeoutMs ?? 1_000,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    // Reconnects soon after an outage ends, without hammering a server that stays down.
    retryStrategy: (attempt) => Math.min(100 * attempt, 1_000),
    lazyConnect: false,
  });
  // Without a listener, a connection error would be thrown as an unhandled 'error' event.
  redis.on('error', (error: Error) =>
    options.logger?.debug('store connection error', { error: error.message }),
  );
  redis.defineCommand('countInWindow', { numberOfKeys: 1, lua: INCREMENT_SCRIPT });
  const counting = redis as Redis & { countInWindow(key: string, ttlMs: number): Promise<number> };
  const connectTimeoutMs = options.connectTimeoutMs ?? 1_000;
  // Commands wait for the first connection (a server starting beside this one); after that, an
  // outage fails them at once rather than making every tool call wait.
  let firstConnection: Promise<void> | undefined = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, connectTimeoutMs);
    timer.unref();
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  }).then(() => {
    firstConnection = undefined;
  });
  const connected = async <T>(command: () => Promise<T>): Promise<T> => {
    if (firstConnection) await firstConnection;
    return command();
  };

  return {
    kind: 'redis',
    async get(key) {
      const value = await connected(() => redis.getBuffer(key));
      return value === null ? undefined : new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
    },
    async set(key, value, ttlMs) {
      // A view of the bytes, not a copy: the client copies them into the command it writes anyway.
      const bytes = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
      await connected(() => redis.set(key, bytes, 'PX', Math.max(1, Math.round(ttlMs))));
    },
    async delete(key) {
      await connected(() => redis.del(key));
    },
    async add(key, value, ttlMs) {
      const answer = await connected(() =>
        redis.set(key, Buffer.from(value), 'PX', Math.max(1, Math.round(ttlMs)), 'NX'),
      );
      return answer === 'OK';
    },
    async increment(key, ttlMs) {
      return Number(await connected(() => counting.countInWindow(key, Math.max(1, Math.round(ttlMs)))));
    },
    async stats() {
      const [entries, memory] = await connected(() => Promise.all([redis.dbsize(), redis.info('memory')]));
      const bytes = Number(/used_memory:(\d+)/.exec(memory)?.[1] ?? Number.NaN);
      return { entries, bytes: Number.isFinite(bytes) ? bytes : 0 };
    },
    async close() {
      redis.disconnect();
    },
  };
}
