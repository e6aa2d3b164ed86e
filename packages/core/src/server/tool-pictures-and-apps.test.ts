import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool } from '../contract/tool.js';
import { OpenDataError } from '../errors/opendata-error.js';
import { silentLogger } from '../log/logger.js';
import { connectInProcess } from '../testing/in-process-client.js';
import { createOpenDataServer, type ServerExtension } from './create-server.js';

const source = {
  backend: 'test',
  adapter_id: 'pictures',
  endpoint: 'https://pictures.example',
  identifiers: { picture: 'dot' },
  title: 'A dot',
  publisher: null,
  url: null,
  query: { language: 'api' as const, text: 'dot' },
  access_method: 'api',
  retrieved_at: '2026-01-02T03:04:05.000Z',
  metadata_retrieved_at: null,
  source_modified_at: null,
  license: null,
  cache: { hit: false, revalidated: false, first_fetched_at: null },
};

// A PNG's first bytes are enough: core passes the picture on, it does not decode it.
const PICTURE = Buffer.from('\x89PNG\r\n\x1a\n', 'latin1').toString('base64');
const PAGE_URI = 'ui://pictures/page.html';

const pictures: ServerExtension = {
  title: 'Pictures',
  instructions: 'Draws a dot.',
  tools: [
    defineTool({
      name: 'draw_dot',
      title: 'Draw a dot',
      description:
        'Draws a dot as a picture beside its envelope, for tests of image content and of tool _meta.',
      input: z.strictObject({ fail: z.boolean().default(false).describe('Refuse instead (default false).') }),
      output: z.object({ width: z.number() }),
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      meta: { ui: { resourceUri: PAGE_URI } },
      async execute({ fail }) {
        if (fail) throw new OpenDataError('invalid_input', 'No dot today.');
        return {
          data: { width: 1 },
          source,
          images: [{ type: 'image', data: PICTURE, mimeType: 'image/png' }],
          keep: false,
        };
      },
    }),
  ],
  resources: [
    {
      name: 'dot_page',
      uri: PAGE_URI,
      mimeType: 'text/html;profile=mcp-app',
      async read(uri) {
        return { contents: [{ uri: uri.href, mimeType: 'text/html;profile=mcp-app', text: '<p>dot</p>' }] };
      },
    },
  ],
};

describe('tools that draw, and extension resources', () => {
  const server = createOpenDataServer({ adapters: [], extensions: [pictures], logger: silentLogger });

  it('sends a tool’s pictures after the text mirror, and its meta as the tool _meta', async () => {
    const session = await connectInProcess(server);
    try {
      const { tools } = await session.client.listTools();
      expect(tools.find((t) => t.name === 'draw_dot')?._meta).toEqual({ ui: { resourceUri: PAGE_URI } });
      const result = await session.client.callTool({ name: 'draw_dot', arguments: {} });
      expect(result.content).toEqual([
        { type: 'text', text: JSON.stringify(result.structuredContent) },
        { type: 'image', data: PICTURE, mimeType: 'image/png' },
      ]);
      expect(result.structuredContent).toMatchObject({ ok: true, width: 1 });
    } finally {
      await session.close();
    }
  });

  it('sends no picture with a refusal', async () => {
    const session = await connectInProcess(server);
    try {
      const result = await session.client.callTool({ name: 'draw_dot', arguments: { fail: true } });
      expect(result.isError).toBe(true);
      expect(result.content).toHaveLength(1);
    } finally {
      await session.close();
    }
  });

  it('keeps the in-process envelope free of pictures, and hands them to onImages', async () => {
    const drawn: unknown[] = [];
    const answer = await server.callTool('draw_dot', {}, { onImages: (images) => drawn.push(...images) });
    expect(answer).toMatchObject({ ok: true, width: 1 });
    expect(JSON.stringify(answer)).not.toContain(PICTURE);
    expect(drawn).toEqual([{ type: 'image', data: PICTURE, mimeType: 'image/png' }]);
  });

  it('serves the resources of an extension', async () => {
    const session = await connectInProcess(server);
    try {
      const { resources } = await session.client.listResources();
      expect(resources.find((r) => r.uri === PAGE_URI)?.mimeType).toBe('text/html;profile=mcp-app');
      const read = await session.client.readResource({ uri: PAGE_URI });
      expect(read.contents[0]).toMatchObject({ text: '<p>dot</p>' });
    } finally {
      await session.close();
    }
  });
});
