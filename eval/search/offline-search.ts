import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildRuntime, type Config, defaultRegistry, goOffline, loadPlugins } from '@opendata-mcp/cli';
import {
  type CkanPackage,
  startCkanFixture,
  startLindasFixture,
  startSdmxFixture,
} from '@opendata-mcp/fixtures';
import type { Hit } from './score.js';

/** Every backend the offline fixtures serve: the three built in, and PxWeb loaded as a plugin, as a user configures it. */
const EVERY_BACKEND: Config = {
  adapters: [
    { type: 'lindas' },
    { type: 'ckan' },
    { type: 'sdmx' },
    { type: 'pxweb', module: '@opendata-mcp/pxweb' },
  ],
  log_level: 'silent',
};

export interface SearchAnswer {
  hits: Hit[];
  /** Backends that did not answer: their objects could not be found, which is no ranking result. */
  failed: Array<{ adapter_id: string; code: string }>;
}

export interface OfflineSearch {
  search(query: string, limit?: number): Promise<SearchAnswer>;
  /** Any tool of the same server, for reading the catalogues without search. */
  callTool(name: string, args: Record<string, unknown>): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

/**
 * The server `opendata-mcp demo` runs (every adapter pointed at its loopback fixture, through the
 * CLI's own offline wiring), plus PxWeb; `extraCkanPackages` adds datasets to the CKAN portal.
 */
export async function startOfflineSearch(
  options: { extraCkanPackages?: CkanPackage[] } = {},
): Promise<OfflineSearch> {
  const here = dirname(fileURLToPath(import.meta.url));
  const registry = await loadPlugins(EVERY_BACKEND, defaultRegistry, here, 'search evaluation');
  const offline = await goOffline(EVERY_BACKEND, registry, {
    lindas: () => startLindasFixture(),
    ckan: () => startCkanFixture({ extraPackages: options.extraCkanPackages ?? [] }),
    sdmx: () => startSdmxFixture(),
  });
  const runtime = buildRuntime(offline.config, registry, offline.close);
  const callTool = async (name: string, args: Record<string, unknown>) => {
    const envelope = await runtime.server.callTool(name, args);
    if (!envelope.ok)
      throw Object.assign(new Error(`${name} failed: ${envelope.error.code}: ${envelope.error.message}`), {
        code: envelope.error.code,
      });
    return envelope as unknown as Record<string, unknown>;
  };
  return {
    async search(query, limit = 10) {
      const answer = await callTool('search_all', { query, limit });
      const backends = answer.backends as Array<{
        adapter_id: string;
        status: string;
        error: { code: string } | null;
      }>;
      return {
        hits: (answer.hits as Hit[]).map(({ adapter_id, kind, id, title }) => ({
          adapter_id,
          kind,
          id,
          title,
        })),
        failed: backends
          .filter((b) => b.status !== 'answered')
          .map((b) => ({ adapter_id: b.adapter_id, code: b.error?.code ?? b.status })),
      };
    },
    callTool,
    close: () => runtime.close(),
  };
}
