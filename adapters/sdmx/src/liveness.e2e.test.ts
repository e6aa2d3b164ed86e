import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createOpenDataServer, type OpenDataServer, silentLogger } from '@opendata-mcp/core/server';
import { type SdmxFixture, startSdmxFixture } from '@opendata-mcp/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSdmxAdapter } from './index.js';
import { recorded } from './messages/recorded-messages.test-support.js';

const SYNTHETIC_BYTES = 15 * 1024 * 1024;

/**
 * A SYNTHETIC structure message of about 15 MB (under the 20 MB response cap): the code lists of
 * the recorded UNICEF CME structure, copied under new ids, and no dataflow.
 */
function syntheticStructure(): string {
  const source = recorded('unicef/dataflow_CME_references_all.xml');
  const lists = [...source.matchAll(/<str:Codelist [\s\S]*?<\/str:Codelist>/g)].map((m) => m[0]);
  const parts = [
    source.slice(0, source.indexOf('<mes:Header>')),
    '<mes:Header><mes:ID>SYNTHETIC</mes:ID><mes:Prepared>2026-01-01T00:00:00Z</mes:Prepared></mes:Header>',
    '<mes:Structures><str:Codelists>',
  ];
  let size = 0;
  for (let copy = 0; size < SYNTHETIC_BYTES; copy++) {
    for (const list of lists) {
      const renamed = list.replace(/^<str:Codelist ([^>]*?)\bid="/, `<str:Codelist $1id="SYN${copy}_`);
      parts.push(renamed);
      size += renamed.length;
    }
  }
  parts.push('</str:Codelists></mes:Structures></mes:Structure>');
  return parts.join('');
}

describe('one call parsing a large registry answer does not hold up another', () => {
  let fixture: SdmxFixture;
  let large: Server;
  let server: OpenDataServer;
  /** When the large registry finished sending its answer. */
  let sent: Promise<void>;

  beforeAll(async () => {
    fixture = await startSdmxFixture();
    const body = syntheticStructure();
    let answered: () => void = () => {};
    sent = new Promise((resolve) => {
      answered = resolve;
    });
    large = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/vnd.sdmx.structure+xml;version=2.1' });
      res.end(body, answered);
    });
    await new Promise<void>((resolve) => large.listen(0, '127.0.0.1', resolve));
    const largeHost = `127.0.0.1:${(large.address() as AddressInfo).port}`;
    server = createOpenDataServer({
      logger: silentLogger,
      adapters: [
        {
          adapter: createSdmxAdapter({
            url: fixture.url,
            agency: 'UNICEF',
            trusted_hosts: [fixture.hostPort],
          }),
        },
        {
          adapter: createSdmxAdapter({
            id: 'large',
            url: `http://${largeHost}/rest`,
            agency: 'SYN',
            trusted_hosts: [largeHost],
            metadata_ttl_ms: 0,
          }),
          toolPrefix: 'large',
        },
      ],
    });
  });
  afterAll(async () => {
    await server?.close();
    await fixture?.close();
    await new Promise((resolve) => large?.close(resolve));
  });

  it('answers a call on the same server within a second while another parses a 15 MB structure message', async () => {
    const quick = () =>
      server.callTool('get_dataflow_structure', { flow_id: 'CME' }) as Promise<{ ok: boolean }>;
    // Warm: the quick call's structure is then served from the metadata cache.
    expect((await quick()).ok).toBe(true);
    let largeSettled = false;
    const hostile = server.callTool('large_get_dataflow_structure', { flow_id: 'ANY' }).finally(() => {
      largeSettled = true;
    });
    await sent;
    const started = performance.now();
    const answer = await quick();
    const waited = performance.now() - started;
    expect(answer.ok).toBe(true);
    // The large answer was still being parsed while the other call was answered.
    expect(largeSettled).toBe(false);
    expect(waited).toBeLessThan(1000);
    // It was read to its end: the registry's answer has no such flow.
    expect(await hostile).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });
});
