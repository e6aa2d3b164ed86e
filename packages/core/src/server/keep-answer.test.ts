import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Adapter } from '../contract/adapter.js';
import { defineContentTool, defineTool, READ_ONLY_OPEN_WORLD, type ToolResult } from '../contract/tool.js';
import { silentLogger } from '../log/logger.js';
import { RESULT_ID_PATTERN } from '../results/result-id.js';
import { connectInProcess } from '../testing/in-process-client.js';
import { CompositionError } from './compose-adapters.js';
import { createOpenDataServer, type OpenDataServerOptions } from './create-server.js';

const source = {
  backend: 'test',
  adapter_id: 'tables',
  endpoint: 'https://tables.example',
  identifiers: { table: 'T' },
  title: 'T',
  publisher: null,
  url: null,
  query: null,
  access_method: 'api',
  retrieved_at: '2026-01-02T03:04:05.000Z',
  metadata_retrieved_at: null,
  source_modified_at: null,
  license: null,
  cache: { hit: false, revalidated: false, first_fetched_at: null },
};

const page = { columns: ['year', 'value'], rows: [[2020, 1.5]], fixed: {}, labels: {} };
const answers: Record<string, ToolResult<Record<string, unknown>>> = {
  page: { data: page, source },
  whole: {
    data: page,
    source,
    keep: {
      table: {
        columns: ['year', 'value'],
        rows: [
          [2020, 1.5],
          [2021, 2.5],
        ],
      },
    },
  },
  none: { data: { count: 3 }, source },
  refused: { data: page, source, keep: false },
  noted: { data: page, source, keep: { note: 'Not kept: a reason.' } },
  empty: { data: { columns: [], rows: [] }, source },
};

function tablesAdapter(): Adapter {
  return {
    specificationVersion: 1,
    id: 'tables',
    backend: 'test',
    title: 'Tables',
    endpoint: 'https://tables.example',
    instructions: 'Answers tables.',
    tools: [
      defineTool({
        name: 'get_table',
        title: 'Answer a table',
        description: 'Answers one of a few fixed shapes, for tests of what core keeps of an answer.',
        input: z
          .object({ shape: z.enum(Object.keys(answers) as [string, ...string[]]).describe('Shape.') })
          .strict(),
        output: z.object({}).loose(),
        annotations: READ_ONLY_OPEN_WORLD,
        async execute({ shape }) {
          return answers[shape] as ToolResult<Record<string, unknown>>;
        },
      }),
    ],
  };
}

function server(options: Partial<OpenDataServerOptions> = {}) {
  return createOpenDataServer({ adapters: [tablesAdapter()], logger: silentLogger, ...options });
}

describe('keeping answers', () => {
  it('keeps the table of an answer and names it by result_id', async () => {
    const s = server();
    const answer = await s.callTool('get_table', { shape: 'page' });
    expect(answer).toMatchObject({ ok: true, result_id: expect.stringMatching(RESULT_ID_PATTERN) });
    const kept = await s.results.read((answer as unknown as { result_id: string }).result_id);
    expect(kept.table.rows).toEqual([[2020, 1.5]]);
    expect(kept.sources[0]?.citation).toBe((answer as unknown as { citation: string }).citation);
    expect(kept.call).toEqual({ tool: 'get_table', arguments: { shape: 'page' } });
  });

  it('keeps the whole table a tool hands over instead of the page it shows', async () => {
    const s = server();
    const answer = (await s.callTool('get_table', { shape: 'whole' })) as unknown as {
      rows: unknown[];
      result_id: string;
    };
    expect(answer.rows).toHaveLength(1);
    expect((await s.results.read(answer.result_id)).table.rows).toEqual([
      [2020, 1.5],
      [2021, 2.5],
    ]);
  });

  it('adds nothing to answers without a table, or with no column at all', async () => {
    const s = server();
    expect(await s.callTool('get_table', { shape: 'none' })).not.toHaveProperty('result_id');
    expect(await s.callTool('get_table', { shape: 'empty' })).not.toHaveProperty('result_id');
  });

  it('keeps nothing when the tool says so, with its note when it gives one', async () => {
    const s = server();
    expect(await s.callTool('get_table', { shape: 'refused' })).not.toHaveProperty('result_id');
    expect(await s.callTool('get_table', { shape: 'noted' })).toMatchObject({
      result_id: null,
      result_note: 'Not kept: a reason.',
    });
  });

  it('keeps nothing on a server configured not to', async () => {
    const s = server({ results: { enabled: false } });
    expect(await s.callTool('get_table', { shape: 'page' })).not.toHaveProperty('result_id');
  });

  it('refuses two server extensions, or an extension and an adapter, with one tool name', () => {
    const [tool] = tablesAdapter().tools;
    const extension = { title: 'x', instructions: 'x', tools: [tool as never] };
    expect(() => server({ extensions: [extension] })).toThrow(CompositionError);
    const renamed = { ...extension, tools: [{ ...(tool as object), name: 'read_things' } as never] };
    expect(() => server({ extensions: [renamed, renamed] })).toThrow(/Two server extensions/);
  });

  it('runs a content tool of a server extension that reads a kept result', async () => {
    const describeResult = defineContentTool({
      name: 'describe_result',
      title: 'Describe a kept result',
      description: 'Says how many rows a kept result holds and where they come from, as plain text content.',
      input: z.object({ result_id: z.string().describe('A result_id an answer gave.') }).strict(),
      annotations: { ...READ_ONLY_OPEN_WORLD, openWorldHint: false },
      async execute({ result_id }, ctx) {
        const kept = await ctx.results.read(result_id);
        return {
          content: [
            { type: 'text', text: `${kept.table.rows.length} rows from ${kept.sources[0]?.source.title}` },
          ],
        };
      },
    });
    const s = server({
      extensions: [{ title: 'Descriptions', instructions: 'Describes results.', tools: [describeResult] }],
    });
    const answer = (await s.callTool('get_table', { shape: 'whole' })) as unknown as { result_id: string };
    const pair = await connectInProcess(s);
    try {
      const result = await pair.client.callTool({
        name: 'describe_result',
        arguments: { result_id: answer.result_id },
      });
      expect(result.content).toEqual([{ type: 'text', text: '2 rows from T' }]);
      expect(s.instructions).toContain('## Descriptions\nDescribes results.');
    } finally {
      await pair.close();
    }
  });
});
