import { homedir, tmpdir } from 'node:os';
import { dirname, resolve } from 'node:path';
import {
  type CacheRootInputs,
  defaultCacheRoot,
  preparePrivateDirectory,
  resourceCacheDir,
} from '@opendata-mcp/core/server';
import type { Runtime } from './build-runtime.js';
import { callResultsDir } from './call-results-dir.js';
import type { CliDeps } from './cli-deps.js';
import { applyEnv } from './config/apply-env.js';
import { ConfigError } from './config/config-error.js';
import type { Config } from './config/config-schema.js';
import { DEFAULT_CONFIG, readConfigDocument } from './config/load-config.js';
import { parseConfig, parseConfigShape } from './config/parse-config.js';
import { goOffline } from './offline.js';
import { openRuntime } from './open-runtime.js';
import { loadPlugins } from './plugins/load-plugins.js';

export interface RuntimeOptions {
  /** `--config`; else `OPENDATA_MCP_CONFIG`; else the built-in default. */
  configPath?: string | undefined;
  /** Point the adapters at loopback fixture backends started for this runtime. */
  offline: boolean;
  /** Log warnings and errors only, unless the configuration sets a level. */
  quiet?: boolean;
  servesHttp?: boolean;
  /** Keep results where the next process finds them (see `callResultsDir`). */
  resultsOnDisk?: boolean;
}

/**
 * Opens the configured server (and its fixtures when offline), hands it to `use`, and closes it
 * whatever `use` answers or throws: every command runs inside one.
 */
export async function withRuntime<T>(
  deps: CliDeps,
  options: RuntimeOptions,
  use: (runtime: Runtime) => Promise<T>,
): Promise<T> {
  const runtime = await prepare(deps, options);
  try {
    return await use(runtime);
  } finally {
    await runtime.close();
  }
}

async function prepare(
  deps: CliDeps,
  { configPath, offline, quiet = false, servesHttp = false, resultsOnDisk = false }: RuntimeOptions,
): Promise<Runtime> {
  const path = configPath ?? deps.env.OPENDATA_MCP_CONFIG;
  const origin = path ?? 'built-in default';
  const raw = path ? await readConfigDocument(path) : undefined;
  const shape = raw === undefined ? undefined : parseConfigShape(raw, origin);
  // Plugins named in the file join the registry before any entry is checked against it.
  const registry =
    shape && path ? await loadPlugins(shape, deps.registry, dirname(resolve(path)), origin) : deps.registry;
  const finish = (config: Config) => {
    const withEnv = applyEnv(config, deps.env);
    // The user's own cache folder unless one is configured: never a folder other users share.
    const cache_dir =
      withEnv.cache_dir ??
      resourceCacheDir(defaultCacheRoot({ env: deps.env, ...(deps.account ?? currentAccount()) }));
    return {
      ...withEnv,
      cache_dir,
      ...(quiet && !withEnv.log_level ? { log_level: 'warn' as const } : {}),
    };
  };
  const open = async (
    config: Config,
    onClose?: () => Promise<void>,
    originNames?: Record<string, string>,
  ) => {
    // Checked before anything is served, so a folder another user owns stops the command with its name.
    if (config.cache_dir) {
      await preparePrivateDirectory(config.cache_dir, { label: 'cache directory' }).catch((error: Error) => {
        throw new ConfigError(error.message);
      });
    }
    return openRuntime(config, registry, onClose, {
      metrics: servesHttp && config.http?.metrics !== false,
      ...(resultsOnDisk && config.cache_dir ? { resultsDir: callResultsDir(config.cache_dir) } : {}),
      ...(originNames ? { originNames } : {}),
    });
  };
  if (!offline) return open(finish(parseConfig(raw ?? DEFAULT_CONFIG, registry, origin)));
  const online = await goOffline(shape, registry, deps.fixtures);
  try {
    return await open(finish(parseConfig(online.config, registry, origin)), online.close, online.originNames);
  } catch (error) {
    await online.close();
    throw error;
  }
}

function currentAccount(): Omit<CacheRootInputs, 'env'> {
  return { homedir: homedir(), platform: process.platform, uid: process.getuid?.(), tmpdir: tmpdir() };
}
