import { createOpenDataServer, silentLogger } from '@opendata-mcp/core/server';
import { vocabularyProblems } from '@opendata-mcp/core/testing';
import { describe, expect, it } from 'vitest';
import { defaultRegistry } from './default-registry.js';

// Tools whose truncated answers are not paged by offset, and why.
const UNPAGED = {
  run_sparql: 'paging is written into the SPARQL query itself (LIMIT and OFFSET)',
  resolve_municipality: 'a lookup: more matches than it returns means the name is too short',
};

const ENDPOINTS: Record<string, string> = {
  lindas: 'https://lindas.example/query',
  ckan: 'https://ckan.example',
  sdmx: 'https://sdmx.example/rest',
};

function everyTool() {
  const adapters = [...defaultRegistry.values()].map((registration) =>
    registration.create(registration.options.parse({ url: ENDPOINTS[registration.type] })),
  );
  return createOpenDataServer({ adapters, logger: silentLogger });
}

describe('one vocabulary over every registered tool of every adapter', () => {
  const server = everyTool();
  const tools = server.tools.filter((t) => t.definition.kind === 'data');

  it('covers the tools of all three adapters', () => {
    expect(new Set(tools.map((t) => t.adapterId))).toEqual(new Set(['core', 'lindas', 'ckan', 'sdmx']));
    expect(tools.length).toBeGreaterThanOrEqual(17);
  });

  for (const tool of tools) {
    it(`${tool.name} keeps the vocabulary`, () => {
      expect(vocabularyProblems(tool.definition, { unpaged: UNPAGED })).toEqual([]);
    });
  }

  it('uses one name for one idea across adapters', () => {
    const params = new Map<string, Set<string>>();
    for (const tool of tools) {
      for (const name of Object.keys(tool.definition.input.shape)) {
        params.set(name, (params.get(name) ?? new Set()).add(tool.adapterId));
      }
    }
    // The ideas the vocabulary names, where more than one adapter has them, use the same word.
    for (const shared of ['query', 'limit', 'offset', 'publisher_id', 'dimension', 'filters']) {
      expect(params.get(shared)?.size ?? 0, shared).toBeGreaterThanOrEqual(2);
    }
  });

  it('finds a tool that breaks a rule', () => {
    const search = tools.find((t) => t.name === 'search_dataflows')?.definition;
    if (search?.kind !== 'data') throw new Error('search_dataflows is missing');
    const broken = {
      ...search,
      input: search.input.extend({ page: search.input.shape.limit }).omit({ offset: true }),
      example: { page: 0 },
    };
    expect(vocabularyProblems(broken)).toEqual([
      'page: a retired spelling; see docs/VOCABULARY.md for the name to use',
      'truncated answers need an offset parameter',
      'example {"page":0} is not a valid call',
    ]);
  });
});
