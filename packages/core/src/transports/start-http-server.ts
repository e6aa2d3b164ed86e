import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pipeline, Readable } from 'node:stream';
import { createMcpHandler } from '@modelcontextprotocol/server';
import type { Logger } from '../log/logger.js';
import { acceptRequestId, withRequestId } from '../log/request-scope.js';
import type { OpenDataServer } from '../server/create-server.js';
import {
  hasBearerToken,
  isAllowedHost,
  isAllowedOrigin,
  isLoopbackBind,
  validateOrigins,
} from './http-guards.js';
import { declaresBodyOver, readRequestBody } from './read-request-body.js';
import { DEFAULT_DRAIN_BUDGET, type DrainBudget, refuseOversizedBody } from './refuse-oversized-body.js';
import { RequestCancellation } from './request-cancellation.js';
import { SessionIds } from './session-ids.js';

export interface HttpServerOptions {
  /** Interface to bind; loopback by default. */
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** Host names (without port) the server answers to besides the loopback forms. */
  allowedHosts?: string[];
  /** Exact browser origins allowed to call; none by default. */
  allowedOrigins?: string[];
  /** Largest request body in bytes; larger requests get 413. */
  maxBodyBytes?: number;
  /** How much of a body refused with 413 is still read and discarded, so its client reads the 413. */
  oversizedBodyDrain?: DrainBudget;
  /** When set, every /mcp and /metrics request needs `Authorization: Bearer <token>`. */
  bearerToken?: string;
  /**
   * Serves these metrics at `/metrics` (Prometheus text format, see `createPrometheusMetrics`),
   * behind the same Host, Origin and token checks as `/mcp`. No `/metrics` without it.
   */
  metrics?: { contentType: string; render(): Promise<string> };
}

export interface RunningHttpServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/**
 * Streamable HTTP at `/mcp`, stateless, both protocol eras; `/healthz` for container probes; `/metrics`
 * when given. Each request runs under a request id (the client's `X-Request-Id` when plain, else a
 * new one), echoed in the answer's `X-Request-Id` and named in every log line it causes.
 */
export async function startHttpServer(
  server: OpenDataServer,
  logger: Logger,
  options: HttpServerOptions = {},
): Promise<RunningHttpServer> {
  const host = options.host ?? '127.0.0.1';
  const allowedHosts = options.allowedHosts ?? [];
  const allowedOrigins = validateOrigins(options.allowedOrigins ?? []);
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const drainBudget = options.oversizedBodyDrain ?? DEFAULT_DRAIN_BUDGET;
  if (!isLoopbackBind(host) && allowedHosts.length === 0) {
    throw new Error(
      `Refusing to bind ${host} without allowed_hosts: list the host names clients use to reach this server, ` +
        'so the Host check can stop DNS rebinding.',
    );
  }
  const handler = createMcpHandler((request) => server.createMcpServer(request), {
    maxRequestBodySize: maxBodyBytes,
    onerror: (error) => logger.debug('mcp handler rejected a request', { error: error.message }),
  });

  const cancellation = new RequestCancellation();
  const sessions = new SessionIds();

  const onRequest = (req: IncomingMessage, res: ServerResponse): void => {
    const requestId = acceptRequestId(headerValue(req.headers['x-request-id']));
    res.setHeader('X-Request-Id', requestId);
    withRequestId(requestId, () => serve(req, res)).catch((error: unknown) => {
      logger.error('http request failed', { error: error instanceof Error ? error.message : String(error) });
      if (!res.headersSent) reply(res, 500, 'internal error');
      else res.destroy();
    });
  };
  const httpServer = createServer(onRequest);
  // A client that waits for 100 Continue is told 413 instead, and never sends a body declared too large.
  httpServer.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    if (!declaresBodyOver(req, maxBodyBytes)) res.writeContinue();
    onRequest(req, res);
  });

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0];
    // Unauthenticated, so it says only that the process answers.
    if (path === '/healthz') return reply(res, 200, JSON.stringify({ status: 'ok' }));
    const metrics = path === '/metrics' ? options.metrics : undefined;
    if (path !== '/mcp' && !metrics) return reply(res, 404, 'not found');
    if (!isAllowedHost(req.headers.host, allowedHosts)) return reply(res, 403, 'host not allowed');
    if (!isAllowedOrigin(req.headers.origin, allowedOrigins, req.headers.host))
      return reply(res, 403, 'origin not allowed');
    if (options.bearerToken && !hasBearerToken(req.headers.authorization, options.bearerToken)) {
      res.setHeader('WWW-Authenticate', 'Bearer');
      return reply(res, 401, 'missing or invalid bearer token');
    }
    if (metrics) {
      if (req.method !== 'GET') {
        res.setHeader('Allow', 'GET');
        return reply(res, 405, 'metrics are read with GET');
      }
      const text = await metrics.render();
      res.writeHead(200, { 'content-type': metrics.contentType });
      return void res.end(text);
    }
    const body = await readRequestBody(req, maxBodyBytes);
    if (body === 'too_large') return refuseOversizedBody(req, res, maxBodyBytes, drainBudget);
    const controller = new AbortController();
    const message = parseJson(body);
    const session = sessions.verified(req.headers['mcp-session-id']);
    cancellation.cancel(message, session);
    const forget = cancellation.track(message, session, controller);
    res.on('close', () => {
      forget();
      controller.abort();
    });
    const request = new Request(`http://${req.headers.host}${req.url}`, {
      method: req.method ?? 'GET',
      headers: toHeaders(req),
      signal: controller.signal,
      ...(body && body.length > 0 ? { body } : {}),
    });
    // Parsed once here for the cancellation registry; the handler reuses it.
    const response = await handler.fetch(
      request,
      message === undefined ? undefined : { parsedBody: message },
    );
    const headers = Object.fromEntries(response.headers);
    // The id only binds this client's cancellations to its own calls; no request needs one.
    if (isInitialize(message) && response.ok && !response.headers.has('mcp-session-id'))
      headers['mcp-session-id'] = sessions.issue();
    res.writeHead(response.status, headers);
    if (!response.body) return void res.end();
    // A stream that errors (the client left mid-answer) must end this response, not the process.
    pipeline(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream), res, (error) => {
      if (error) logger.debug('response stream ended early', { error: error.message });
    });
  }

  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(options.port ?? 3000, host, () => resolve());
  });
  const { port } = httpServer.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}/mcp`;
  logger.info('serving MCP over HTTP', { url, tools: server.tools.length });
  return {
    url,
    port,
    async close() {
      await handler.close();
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  };
}

function reply(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, {
    'content-type': text.startsWith('{') ? 'application/json' : 'text/plain; charset=utf-8',
  });
  res.end(text);
}

/** The JSON-RPC message of a POST body, or undefined for anything else (batches included). */
function parseJson(body: Buffer | undefined): unknown {
  if (!body || body.length === 0) return undefined;
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

function isInitialize(message: unknown): boolean {
  return (
    typeof message === 'object' && message !== null && 'method' in message && message.method === 'initialize'
  );
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function toHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  return headers;
}
