import { mkdtemp, rm } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
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
    // A relative cache_dir in the file means the same folder wherever the command is started, like `module`.
    const fileCacheDir =
      config.cache_dir && path ? { cache_dir: resolve(dirname(resolve(path)), config.cache_dir) } : {};
    const withEnv = applyEnv({ ...config, ...fileCacheDir }, deps.env);
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
    resultsBase = config.cache_dir,
  ) => {
    // Checked before anything is served, so a folder another user owns stops the command with its name.
    for (const dir of new Set([config.cache_dir, resultsBase])) {
      if (!dir) continue;
      await preparePrivateDirectory(dir, { label: 'cache directory' }).catch((error: Error) => {
        throw new ConfigError(error.message);
      });
    }
    return openRuntime(config, registry, onClose, {
      metrics: servesHttp && config.http?.metrics !== false,
      ...(resultsOnDisk && resultsBase ? { resultsDir: callResultsDir(resultsBase) } : {}),
      ...(originNames ? { originNames } : {}),
    });
  };
  if (!offline) return open(finish(parseConfig(raw ?? DEFAULT_CONFIG, registry, origin)));
  // What the fixtures serve is cached for this run only, in a folder of its own (made private by
  // mkdtemp) removed at the end: kept under a loopback address, it could later answer another service
  // on that port, and after a port fallback it would be a copy nobody reads again. Results `call`
  // keeps stay in the user's cache folder, where the next call finds them. Made first, so that a
  // folder it cannot make leaves no fixture running.
  const runCache = await mkdtemp(join((deps.account ?? currentAccount()).tmpdir, 'opendata-mcp-offline-'));
  let online: Awaited<ReturnType<typeof goOffline>>;
  try {
    online = await goOffline(shape, registry, deps.fixtures);
  } catch (error) {
    await rm(runCache, { recursive: true, force: true });
    throw error;
  }
  const closeOffline = async () => {
    await online.close();
    await rm(runCache, { recursive: true, force: true });
  };
  try {
    const config = finish(parseConfig(online.config, registry, origin));
    return await open({ ...config, cache_dir: runCache }, closeOffline, online.originNames, config.cache_dir);
  } catch (error) {
    await closeOffline();
    throw error;
  }
}

function currentAccount(): Omit<CacheRootInputs, 'env'> {
  return { homedir: homedir(), platform: process.platform, uid: process.getuid?.(), tmpdir: tmpdir() };
}
