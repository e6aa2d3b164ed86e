import { createOpenDataServer, silentLogger } from '@opendata-mcp/core/server';
import { type LoopbackServer, startLoopbackServer } from '@opendata-mcp/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPxwebAdapter } from '../create-pxweb-adapter.js';

// A v1 portal whose table description is sound but whose data answers are whatever a test sets,
// so each way a real portal can refuse reaches the adapter.
const METADATA = {
  title: 'T',
  variables: [{ code: 'Tid', text: 'year', values: ['2020'], valueTexts: ['2020'], time: true }],
};
let answer: { status: number; type: string; body: string };
let portal: LoopbackServer;

beforeAll(async () => {
  portal = await startLoopbackServer((req, res) => {
    if (req.url === '/api/v1/en/db/T1' && req.method === 'GET') {
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(METADATA));
    }
    if (req.url === '/api/v1/en/db/F1') {
      return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"unexpected":true}');
    }
    res.writeHead(answer.status, { 'content-type': answer.type }).end(answer.body);
  });
});
afterAll(() => portal.close());

function server() {
  return createOpenDataServer({
    adapters: [createPxwebAdapter({ url: `${portal.origin}/api/v1`, trusted_hosts: [portal.hostPort] })],
    logger: silentLogger,
    http: { retry: { retries: 0 } },
  });
}

describe('portal refusals', () => {
  it.each([
    [400, 'application/json', '{"error":"bad"}', 'upstream_error', 'rejected the query'],
    [403, 'application/json', '{"error":"Too many values selected"}', 'resource_too_large', 'too many cells'],
    [404, 'text/html', '<html>gone</html>', 'not_found', 'no such table'],
    [200, 'text/html', '<html>maintenance</html>', 'upstream_error', 'not JSON'],
    [200, 'application/json', '{"class":"collection"}', 'upstream_error', 'not a JSON-stat 2.0 dataset'],
  ])('a data answer of HTTP %i (%s) is %s', async (status, type, body, code, message) => {
    answer = { status, type, body };
    const od = server();
    const result = await od.callTool('query_table', { table_id: 'db/T1' });
    expect(result).toMatchObject({ ok: false, error: { code, message: expect.stringContaining(message) } });
    await od.close();
  });

  it('a description that is not in the v1 form is upstream_error with a hint about the API version', async () => {
    const od = server();
    const result = await od.callTool('get_table_structure', { table_id: 'db/F1' });
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'upstream_error', hint: expect.stringContaining('api_version') },
    });
    await od.close();
  });
});
