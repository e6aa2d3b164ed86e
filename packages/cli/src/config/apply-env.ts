import { ConfigError } from './config-error.js';
import type { Config } from './config-schema.js';

/** Environment variables that mirror the HTTP options; they override the config file. */
export const ENV_VARIABLES = {
  OPENDATA_MCP_HOST: 'http.host',
  OPENDATA_MCP_PORT: 'http.port',
  OPENDATA_MCP_ALLOWED_HOSTS: 'http.allowed_hosts (comma-separated)',
  OPENDATA_MCP_ALLOWED_ORIGINS: 'http.allowed_origins (comma-separated)',
  OPENDATA_MCP_MAX_BODY_BYTES: 'http.max_body_bytes',
  OPENDATA_MCP_BEARER_TOKEN: 'http.bearer_token',
  OPENDATA_MCP_REQUEST_STATE_KEY: 'http.request_state_key',
  OPENDATA_MCP_LOG_LEVEL: 'log_level',
  OPENDATA_MCP_CACHE_DIR: 'cache_dir',
  OPENDATA_MCP_STORE_URL: 'store.url',
  OPENDATA_MCP_STORE_NAMESPACE: 'store.namespace',
} as const;

export function applyEnv(config: Config, env: Readonly<Record<string, string | undefined>>): Config {
  const http = { ...config.http };
  const list = (value: string) =>
    value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  const integer = (name: string, value: string) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 0)
      throw new ConfigError(`${name} must be a non-negative integer, got "${value}".`);
    return n;
  };
  if (env.OPENDATA_MCP_HOST) http.host = env.OPENDATA_MCP_HOST;
  if (env.OPENDATA_MCP_PORT) http.port = integer('OPENDATA_MCP_PORT', env.OPENDATA_MCP_PORT);
  if (env.OPENDATA_MCP_ALLOWED_HOSTS) http.allowed_hosts = list(env.OPENDATA_MCP_ALLOWED_HOSTS);
  if (env.OPENDATA_MCP_ALLOWED_ORIGINS) http.allowed_origins = list(env.OPENDATA_MCP_ALLOWED_ORIGINS);
  if (env.OPENDATA_MCP_MAX_BODY_BYTES) {
    http.max_body_bytes = integer('OPENDATA_MCP_MAX_BODY_BYTES', env.OPENDATA_MCP_MAX_BODY_BYTES);
  }
  if (env.OPENDATA_MCP_BEARER_TOKEN) http.bearer_token = env.OPENDATA_MCP_BEARER_TOKEN;
  if (env.OPENDATA_MCP_REQUEST_STATE_KEY) http.request_state_key = env.OPENDATA_MCP_REQUEST_STATE_KEY;
  const level = env.OPENDATA_MCP_LOG_LEVEL;
  if (level && !['debug', 'info', 'warn', 'error', 'silent'].includes(level)) {
    throw new ConfigError(
      `OPENDATA_MCP_LOG_LEVEL must be debug, info, warn, error or silent, got "${level}".`,
    );
  }
  const storeUrl = env.OPENDATA_MCP_STORE_URL ?? config.store?.url;
  const namespace = env.OPENDATA_MCP_STORE_NAMESPACE ?? config.store?.namespace;
  if (env.OPENDATA_MCP_STORE_NAMESPACE && !storeUrl) {
    throw new ConfigError(
      'OPENDATA_MCP_STORE_NAMESPACE needs a store URL (OPENDATA_MCP_STORE_URL or store.url).',
    );
  }
  if (env.OPENDATA_MCP_STORE_NAMESPACE && !/^[A-Za-z0-9_.:-]{1,64}$/.test(env.OPENDATA_MCP_STORE_NAMESPACE)) {
    throw new ConfigError('OPENDATA_MCP_STORE_NAMESPACE may hold 1 to 64 letters, digits and _ . : - only.');
  }
  if (env.OPENDATA_MCP_STORE_URL && !/^rediss?:\/\/\S+$/.test(env.OPENDATA_MCP_STORE_URL)) {
    throw new ConfigError('OPENDATA_MCP_STORE_URL must be a redis:// or rediss:// URL.');
  }
  return {
    ...config,
    http,
    ...(storeUrl ? { store: { url: storeUrl, ...(namespace ? { namespace } : {}) } } : {}),
    ...(level ? { log_level: level as Config['log_level'] } : {}),
    ...(env.OPENDATA_MCP_CACHE_DIR ? { cache_dir: env.OPENDATA_MCP_CACHE_DIR } : {}),
  };
}
