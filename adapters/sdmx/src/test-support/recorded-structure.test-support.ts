import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTtlCache, DEFAULT_LIMITS, OpenDataError, type ToolContext } from '@opendata-mcp/core';
import { silentLogger } from '@opendata-mcp/core/server';
import { SDMX_FIXTURE_DATA_DIR } from '@opendata-mcp/fixtures';
import { type FlowStructure, loadFlowStructure } from '../registry/flow-structure.js';
import type { SdmxRuntime } from '../sdmx-runtime.js';

/** A runtime for tests that never leaves the process. */
export function testRuntime(overrides: Partial<SdmxRuntime> = {}): SdmxRuntime {
  return {
    id: 'sdmx',
    baseUrl: 'https://registry.test/rest',
    title: 'test registry',
    agency: 'UNICEF',
    language: 'en',
    references: 'all',
    csvFormatParam: 'csv',
    ttlMs: 0,
    flows: null,
    roleOverrides: {},
    totalDefaults: [],
    ...overrides,
  };
}

/**
 * A context whose HTTP client answers with recorded files: one file for every request, or a map
 * from a piece of the URL path ("availableconstraint/") to the file that answers it.
 */
export function recordingContext(files: string | Record<string, string>): ToolContext {
  const routes = typeof files === 'string' ? { '': files } : files;
  return {
    adapterId: 'sdmx',
    http: {
      fetch: async (request: { url: string }) => {
        const file = Object.entries(routes).find(([piece]) => request.url.includes(piece))?.[1];
        if (!file) throw new OpenDataError('not_found', `no recording routed for ${request.url}`);
        const text = readFileSync(join(SDMX_FIXTURE_DATA_DIR, file), 'utf8');
        return {
          status: 200,
          url: request.url,
          headers: { 'content-type': 'application/xml' },
          body: new TextEncoder().encode(text),
          fromCache: false,
          fetchedAt: new Date('2026-02-11T00:00:00Z'),
          text: () => text,
          json: () => JSON.parse(text),
        };
      },
    },
    cache: createTtlCache({ maxEntries: 10 }),
    clock: { now: () => new Date('2026-02-11T00:00:00Z') },
    logger: silentLogger,
    signal: new AbortController().signal,
    progress: async () => {},
    limits: DEFAULT_LIMITS,
  } as unknown as ToolContext;
}

/** The recorded UNICEF CME structure (DSD_CME, 23 code lists), read through the adapter's own loader. */
export function recordedCme(ctx = recordingContext(CME_STRUCTURE)): Promise<FlowStructure> {
  return loadFlowStructure(testRuntime(), ctx, { flowId: 'CME' });
}

export const CME_STRUCTURE = 'unicef/dataflow_CME_references_all.xml';
