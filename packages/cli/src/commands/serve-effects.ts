import {
  type HttpServerOptions,
  type Logger,
  type OpenDataServer,
  type RunningHttpServer,
  startHttpServer,
  startStdioServer,
} from '@opendata-mcp/core/server';

/** What `serve` does to the process: start a transport, and learn when to stop. */
export interface ServeEffects {
  /** Serves MCP over stdio; `onEnd` runs once when the client closes its side (stdin ends). */
  startStdio(server: OpenDataServer, logger: Logger, onEnd: () => void): { close(): Promise<void> };
  startHttp(server: OpenDataServer, logger: Logger, options: HttpServerOptions): Promise<RunningHttpServer>;
  /** Runs `stop` once, on the first SIGINT or SIGTERM; answers a function that stops listening. */
  onStopSignal(stop: () => void): () => void;
}

/** This process's stdin and stdout, its signals, and a real HTTP listener. */
export const processServeEffects: ServeEffects = {
  startStdio(server, logger, onEnd) {
    const handle = startStdioServer(server, logger);
    process.stdin.once('end', onEnd);
    return {
      async close() {
        process.stdin.off('end', onEnd);
        await handle.close();
      },
    };
  },
  startHttp: startHttpServer,
  onStopSignal(stop) {
    const once = () => {
      forget();
      stop();
    };
    const forget = () => {
      process.off('SIGINT', once);
      process.off('SIGTERM', once);
    };
    process.once('SIGINT', once);
    process.once('SIGTERM', once);
    return forget;
  },
};
