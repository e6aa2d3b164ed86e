import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Adapter } from '../contract/adapter.js';
import { defineTool, READ_ONLY_OPEN_WORLD } from '../contract/tool.js';
import { silentLogger } from '../log/logger.js';
import { createOpenDataServer } from './create-server.js';

function tool(name: string, description: string) {
  return defineTool({
    name,
    title: name,
    description,
    input: z.object({}).strict(),
    output: z.object({}),
    annotations: READ_ONLY_OPEN_WORLD,
    async execute() {
      throw new Error('not called');
    },
  });
}

const portal: Adapter = {
  specificationVersion: 1,
  id: 'statfin',
  backend: 'test',
  title: 'Statistics portal',
  endpoint: 'https://stat.example',
  instructions: 'Find a table with search_tables, then read it with query_table.',
  tools: [
    tool('search_tables', 'Finds tables; pass a hit to query_table (not to query_tables_extra).'),
    tool('query_table', 'Reads a table that search_tables found.'),
  ],
};

describe('a prefixed instance', () => {
  it('names its own tools with the prefix in its descriptions and instructions', () => {
    const server = createOpenDataServer({
      adapters: [{ adapter: portal, toolPrefix: 'fi' }],
      logger: silentLogger,
    });
    const search = server.tools.find((t) => t.name === 'fi_search_tables');
    expect(search?.definition.description).toBe(
      'Finds tables; pass a hit to fi_query_table (not to query_tables_extra).',
    );
    expect(server.tools.find((t) => t.name === 'fi_query_table')?.definition.description).toBe(
      'Reads a table that fi_search_tables found.',
    );
    expect(server.instructions).toContain(
      'Find a table with fi_search_tables, then read it with fi_query_table.',
    );
  });

  it('leaves an unprefixed instance as it is', () => {
    const server = createOpenDataServer({ adapters: [portal], logger: silentLogger });
    expect(server.tools.find((t) => t.name === 'search_tables')?.definition.description).toBe(
      'Finds tables; pass a hit to query_table (not to query_tables_extra).',
    );
  });
});
