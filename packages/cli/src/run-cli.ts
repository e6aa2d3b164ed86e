import { writeFile } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  type CacheRootInputs,
  defaultCacheRoot,
  preparePrivateDirectory,
  resourceCacheDir,
  startHttpServer,
  startStdioServer,
  toolDefinitionJson,
} from '@opendata-mcp/core/server';
import type { Runtime } from './build-runtime.js';
import { callResultsDir } from './call-results-dir.js';
import { callTool } from './commands/call-tool.js';
import { createProgressLine } from './commands/progress-line.js';
import { runDemo } from './commands/run-demo.js';
import { applyEnv } from './config/apply-env.js';
import { ConfigError } from './config/config-error.js';
import type { Config } from './config/config-schema.js';
import { DEFAULT_CONFIG, readConfigDocument } from './config/load-config.js';
import { parseConfig, parseConfigShape } from './config/parse-config.js';
import { type FixtureStarters, goOffline } from './offline.js';
import { openRuntime } from './open-runtime.js';
import { loadPlugins } from './plugins/load-plugins.js';
import type { AdapterRegistry } from './registry.js';
import { resultsAndChartJourney } from './server-journeys.js';

export interface CliDeps {
  registry: AdapterRegistry;
  fixtures: FixtureStarters;
  env: Readonly<Record<string, string | undefined>>;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** True when stderr is a terminal: `call` then shows the progress a tool reports there. */
  stderrIsTTY?: boolean;
  /** The account the default cache folder is chosen for; this process's when absent. */
  account?: Omit<CacheRootInputs, 'env'>;
}

export const USAGE = `Usage: opendata-mcp <command> [options]

Commands:
  serve                 serve MCP (stdio by default, or --transport http)
  tools                 list the tools of the configured server (without --config: of every
                        built-in backend, as --offline serves them)
  call <tool> [json]    call one tool and print its JSON answer (exit 0 ok, 1 error)
  demo                  run the offline demo journeys against the embedded fixture backends;
                        charts they draw are written to opendata-mcp-demo/ in the temporary folder

Options:
  --config <file>       JSON configuration (schema: config.schema.json of @opendata-mcp/cli)
  --offline             start loopback fixture backends and point the adapters at them
  --transport <t>       stdio | http (serve only; default stdio)
  --host <host>         HTTP bind address (default 127.0.0.1)
  --port <port>         HTTP port (default 3000)
  --json                machine-readable output (tools: each tool as tools/list advertises it)
  --full                with tools --json: whole schemas (every bound and default, the envelope)
  -h, --help            this text; after a command, that command's own (opendata-mcp call --help)

Without --config the server talks to LINDAS only (the one backend that needs no URL); with --offline
every built-in backend (LINDAS, CKAN, SDMX) answers from recorded data on loopback. Images a call's
answer carries (a draw_chart PNG) are written to opendata-mcp-call/ in the temporary folder and
listed in the printed answer's image_files.

A result_id printed by one call works in the next call (query_results, draw_chart) for as long as
results are kept (1 hour by default): call keeps them in files of your own under the cache directory
(cache_dir), or in the configured store.

Exit codes: 0 success, 1 the tool answered with an error, 2 bad usage or configuration.`;

/** What `opendata-mcp <command> --help` prints: the command's own usage, options and examples. */
export const COMMAND_HELP: Readonly<Record<string, string>> = {
  serve: `Usage: opendata-mcp serve [--config <file>] [--offline] [--transport stdio|http] [--host <host>] [--port <port>]

Serves MCP to one client over stdio (default), or to many over Streamable HTTP at /mcp.

Options:
  --config <file>       JSON configuration (default: LINDAS only)
  --offline             answer from the loopback fixture backends (recorded data)
  --transport <t>       stdio (default) | http
  --host <host>         HTTP bind address (default 127.0.0.1)
  --port <port>         HTTP port (default 3000)

Example: opendata-mcp serve --transport http --port 3000`,
  tools: `Usage: opendata-mcp tools [--config <file>] [--offline] [--json [--full]]

Lists the tools the server offers: one line each, or with --json as an MCP client sees them
(name, title, description, input schema); --full adds every bound, default and the answer envelope.
Without --config: the tools of every built-in backend, as --offline serves them.

Example: opendata-mcp tools --json`,
  call: `Usage: opendata-mcp call <tool> ['{"argument": "value"}'] [--config <file>] [--offline]

Calls one tool once and prints its JSON answer: ok true with the data, source, citation and, for a
table, a result_id; or ok false with error {code, message, hint, retryable}. The arguments are one
JSON object as the tool's input schema describes it (opendata-mcp tools --json lists them).
Exit code 0 when the tool answered, 1 when it answered with an error, 2 for bad usage.

A result_id works in the next call (query_results, draw_chart) for as long as results are kept
(1 hour by default); images an answer carries are written to opendata-mcp-call/ in the temporary
folder and listed in image_files.

Options:
  --config <file>       JSON configuration (default: LINDAS only)
  --offline             answer from the loopback fixture backends (recorded data only: a request
                        that was not recorded answers not_recorded_offline)

Examples:
  opendata-mcp call search_cubes '{"query": "waldbrand"}' --offline
  opendata-mcp call query_results '{"sql": "SELECT * FROM r", "results": {"r": "<result_id>"}}'`,
  demo: `Usage: opendata-mcp demo [--config <file>]

Plays the worked questions of each configured backend against the embedded fixture backends
(always offline) and prints each step; charts they draw are written to opendata-mcp-demo/ in the
temporary folder. Exit code 0 when every journey answered.`,
};

/** The whole CLI as a function of its arguments and injected effects; returns the exit code. */
export async function runCli(argv: string[], deps: CliDeps): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    deps.stderr(`${(error as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  if (values.help || !command) {
    const own = command && Object.hasOwn(COMMAND_HELP, command) ? COMMAND_HELP[command] : undefined;
    (values.help ? deps.stdout : deps.stderr)(`${own ?? USAGE}\n`);
    return values.help ? 0 : 2;
  }
  let runtime: Runtime | undefined;
  try {
    switch (command) {
      case 'demo': {
        runtime = await prepare(deps, values.config, true, { quiet: true });
        const journeys = runtime.config.adapters.flatMap((entry) => {
          const journey = runtime?.registry.get(entry.type)?.demo;
          return journey
            ? [{ journey, ...(entry.tool_prefix ? { toolPrefix: entry.tool_prefix } : {}) }]
            : [];
        });
        // The question across answers, when query_results is served and its backend runs unprefixed.
        const { config } = runtime;
        if (
          config.results?.enabled !== false &&
          config.adapters.some((e) => e.type === resultsAndChartJourney.adapterType && !e.tool_prefix)
        ) {
          journeys.push({ journey: resultsAndChartJourney });
        }
        const pictures = join(tmpdir(), 'opendata-mcp-demo');
        const outcomes = await runDemo(
          runtime.server,
          journeys,
          (line) => deps.stdout(`${line}\n`),
          async (name, png) => {
            // A guessable name in the shared temporary folder: only a folder of this user's own is written to.
            await preparePrivateDirectory(pictures, { label: 'picture directory' });
            await writeFile(join(pictures, name), png);
            return join(pictures, name);
          },
        );
        const failed = outcomes.filter((o) => !o.ok).length;
        deps.stdout(`\n${outcomes.length - failed}/${outcomes.length} demo journeys answered.\n`);
        return failed === 0 && outcomes.length > 0 ? 0 : 1;
      }
      case 'tools': {
        // Without a configuration, the catalogue of every built-in backend (as --offline serves
        // them), not just the one backend the default server talks to.
        const offline = values.offline ?? values.config === undefined;
        runtime = await prepare(deps, values.config, offline, { quiet: true });
        const tools = runtime.server.tools;
        if (values.json) {
          const lean = values.full !== true;
          const definitions = tools.map((t) =>
            toolDefinitionJson(t.name, t.adapterId, t.definition, { lean }),
          );
          // As an MCP client lists them: one compact line per tool. --full: whole schemas, indented.
          deps.stdout(
            lean
              ? `[\n${definitions.map((d) => JSON.stringify(d)).join(',\n')}\n]\n`
              : `${JSON.stringify(definitions, null, 2)}\n`,
          );
        } else for (const t of tools) deps.stdout(`${t.name.padEnd(32)} ${t.title} [${t.adapterId}]\n`);
        return 0;
      }
      case 'call': {
        const [tool, json] = rest;
        if (!tool) throw new ConfigError('call needs a tool name: opendata-mcp call <tool> \'{"arg": 1}\'');
        runtime = await prepare(deps, values.config, values.offline ?? false, {
          quiet: true,
          resultsOnDisk: true,
        });
        const progress = deps.stderrIsTTY ? createProgressLine(deps.stderr) : undefined;
        let envelope: Awaited<ReturnType<typeof callTool>>;
        try {
          envelope = await callTool(runtime.server, tool, json, {
            ...(progress ? { onProgress: progress.report } : {}),
            imageDir: join(tmpdir(), 'opendata-mcp-call'),
          });
        } finally {
          progress?.done();
        }
        deps.stdout(`${JSON.stringify(envelope, null, 2)}\n`);
        return envelope.ok ? 0 : 1;
      }
      case 'serve':
        return await serve(deps, values);
      default:
        throw new ConfigError(`Unknown command "${command}".\n\n${USAGE}`);
    }
  } catch (error) {
    if (error instanceof ConfigError) {
      deps.stderr(`${error.message}\n`);
      return 2;
    }
    throw error;
  } finally {
    if (command !== 'serve') await runtime?.close();
  }
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      config: { type: 'string' },
      offline: { type: 'boolean' },
      transport: { type: 'string' },
      host: { type: 'string' },
      port: { type: 'string' },
      json: { type: 'boolean' },
      full: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}

interface PrepareOptions {
  /** Log warnings and errors only, unless the configuration sets a level. */
  quiet?: boolean;
  servesHttp?: boolean;
  /** Keep results where the next process finds them (see `callResultsDir`). */
  resultsOnDisk?: boolean;
}

async function prepare(
  deps: CliDeps,
  configPath: string | undefined,
  offline: boolean,
  { quiet = false, servesHttp = false, resultsOnDisk = false }: PrepareOptions = {},
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

async function serve(deps: CliDeps, values: ReturnType<typeof parse>['values']): Promise<number> {
  const transport = values.transport ?? 'stdio';
  if (transport !== 'stdio' && transport !== 'http') {
    throw new ConfigError(`--transport must be stdio or http, got "${transport}".`);
  }
  const runtime = await prepare(deps, values.config, values.offline ?? false, {
    servesHttp: transport === 'http',
  });
  const shutdown = async () => {
    await runtime.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  if (transport === 'stdio') {
    startStdioServer(runtime.server, runtime.logger);
    process.stdin.once('end', shutdown);
    return 0;
  }
  const http = runtime.config.http ?? {};
  const port = values.port === undefined ? http.port : Number(values.port);
  if (port !== undefined && (!Number.isInteger(port) || port < 0 || port > 65535)) {
    throw new ConfigError(`--port must be a port number, got "${values.port}".`);
  }
  try {
    const running = await startHttpServer(runtime.server, runtime.logger, {
      ...((values.host ?? http.host) ? { host: values.host ?? http.host } : {}),
      ...(port !== undefined ? { port } : {}),
      ...(http.allowed_hosts ? { allowedHosts: http.allowed_hosts } : {}),
      ...(http.allowed_origins ? { allowedOrigins: http.allowed_origins } : {}),
      ...(http.max_body_bytes ? { maxBodyBytes: http.max_body_bytes } : {}),
      ...(http.bearer_token ? { bearerToken: http.bearer_token } : {}),
      ...(runtime.metrics ? { metrics: runtime.metrics } : {}),
    });
    deps.stderr(`opendata-mcp listening on ${running.url}\n`);
    return 0;
  } catch (error) {
    await runtime.close();
    throw new ConfigError((error as Error).message);
  }
}

function currentAccount(): Omit<CacheRootInputs, 'env'> {
  return { homedir: homedir(), platform: process.platform, uid: process.getuid?.(), tmpdir: tmpdir() };
}
