import { type IncomingHttpHeaders, request } from 'node:http';

export interface RawResponse {
  status: number;
  body: string;
  headers: IncomingHttpHeaders;
}

export const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
});

/**
 * A POST with exactly the headers given (fetch would not let a test forge Host), optionally
 * streamed in chunks without a Content-Length.
 */
export function rawPost(
  url: string,
  options: { headers?: Record<string, string>; body?: string | Buffer; chunks?: Buffer[] } = {},
): Promise<RawResponse> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...options.headers,
        },
      },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => {
          body += chunk.toString();
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      },
    );
    // The server may answer 413 and close before the whole body is written.
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
    });
    if (options.chunks) {
      for (const chunk of options.chunks) req.write(chunk);
      req.end();
    } else {
      req.end(options.body ?? INITIALIZE);
    }
  });
}

export async function rawGet(url: string): Promise<RawResponse> {
  const res = await fetch(url);
  return { status: res.status, body: await res.text(), headers: Object.fromEntries(res.headers) };
}
