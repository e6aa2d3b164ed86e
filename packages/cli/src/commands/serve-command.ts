import type { HttpServerOptions } from '@opendata-mcp/core/server';
import type { Runtime } from '../build-runtime.js';
import { ConfigError } from '../config/config-error.js';
import { withRuntime } from '../with-runtime.js';
import type { Command, ExitCode } from './command.js';
import { processServeEffects } from './serve-effects.js';

export const serveCommand: Command = {
  name: 'serve',
  summary: 'serve MCP (stdio by default, or --transport http)',
  help: `Usage: opendata-mcp serve [--config <file>] [--offline] [--transport stdio|http] [--host <host>] [--port <port>]

Serves MCP to one client over stdio (default), or to many over Streamable HTTP at /mcp.

Options:
  --config <file>       JSON configuration (default: LINDAS only)
  --offline             answer from the loopback fixture backends (recorded data)
  --transport <t>       stdio (default) | http
  --host <host>         HTTP bind address (default 127.0.0.1)
  --port <port>         HTTP port (default 3000)

Example: opendata-mcp serve --transport http --port 3000`,
  /** Serves until SIGINT or SIGTERM, or over stdio until the client closes stdin; then answers 0. */
  async run({ options }, deps) {
    const transport = options.transport ?? 'stdio';
    if (transport !== 'stdio' && transport !== 'http') {
      throw new ConfigError(`--transport must be stdio or http, got "${transport}".`);
    }
    const port = transport === 'http' ? portOption(options.port) : undefined;
    const effects = deps.serve ?? processServeEffects;
    const runtimeOptions = {
      configPath: options.config,
      offline: options.offline ?? false,
      servesHttp: transport === 'http',
    };
    return withRuntime<ExitCode>(deps, runtimeOptions, async (runtime) => {
      let stop = () => {};
      const stopped = new Promise<void>((resolve) => {
        stop = resolve;
      });
      const forget = effects.onStopSignal(stop);
      try {
        if (transport === 'stdio') {
          const stdio = effects.startStdio(runtime.server, runtime.logger, stop);
          await stopped;
          await stdio.close();
          return 0;
        }
        const running = await effects
          .startHttp(runtime.server, runtime.logger, httpOptions(runtime, options.host, port))
          .catch((error: Error) => {
            throw new ConfigError(error.message);
          });
        deps.stderr(`opendata-mcp listening on ${running.url}\n`);
        await stopped;
        await running.close();
        return 0;
      } finally {
        forget();
      }
    });
  },
};

/** `--port`, checked before anything starts; absent, the configured port (or the default) serves. */
function portOption(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`--port must be a port number, got "${value}".`);
  }
  return port;
}

/** The configuration's `http` section, with `--host` and `--port` over it. */
function httpOptions(runtime: Runtime, hostFlag: string | undefined, portFlag: number | undefined) {
  const http = runtime.config.http ?? {};
  const host = hostFlag ?? http.host;
  const port = portFlag ?? http.port;
  const options: HttpServerOptions = {
    ...(host ? { host } : {}),
    ...(port !== undefined ? { port } : {}),
    ...(http.allowed_hosts ? { allowedHosts: http.allowed_hosts } : {}),
    ...(http.allowed_origins ? { allowedOrigins: http.allowed_origins } : {}),
    ...(http.max_body_bytes ? { maxBodyBytes: http.max_body_bytes } : {}),
    ...(http.bearer_token ? { bearerToken: http.bearer_token } : {}),
    ...(runtime.metrics ? { metrics: runtime.metrics } : {}),
  };
  return options;
}
