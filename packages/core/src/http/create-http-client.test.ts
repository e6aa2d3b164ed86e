import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../contract/limits.js';
import { silentLogger } from '../log/logger.js';
import { createHttpClient } from './create-http-client.js';

// Loaded on the first request only: they are most of what a server start would otherwise pay.
const NETWORK_MODULES = new Set(['undici', 'ky', 'ipaddr.js', 'p-limit']);
// Value imports and re-exports; `import type` and `export type` load nothing at run time.
const STATIC_IMPORT = /^(?:import|export)\s+(?!type\b)[^;]*?\bfrom\s*['"]([^'"]+)['"]/gm;

/** Every module the entry files load before any function runs, as source paths and bare names. */
function staticGraph(...entries: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      if (!specifier) continue;
      if (specifier.startsWith('.')) visit(join(dirname(file), specifier.replace(/\.js$/, '.ts')));
      else seen.add(specifier);
    }
  };
  for (const entry of entries) visit(entry);
  return seen;
}

describe('createHttpClient before its first request', () => {
  it('reports the statistics of a client that has sent nothing', () => {
    const http = createHttpClient({ limits: DEFAULT_LIMITS, logger: silentLogger, cacheMaxBytes: 1234 });
    expect(http.stats()).toEqual({
      requests: 0,
      retries: 0,
      metadataCache: { entries: 0, hits: 0, misses: 0 },
      resourceCache: { entries: 0, bytes: 0, maxBytes: 1234, hits: 0, revalidations: 0, evictions: 0 },
    });
  });

  it('reports the default disk cache bound when none is configured', () => {
    const http = createHttpClient({ limits: DEFAULT_LIMITS, logger: silentLogger });
    expect(http.stats().resourceCache.maxBytes).toBe(2 * 1024 ** 3);
  });

  it('refuses an unsafe URL on the first request, after loading the network stack', async () => {
    const http = createHttpClient({ limits: DEFAULT_LIMITS, logger: silentLogger });
    await expect(http.fetch({ url: 'http://example.org/' })).rejects.toMatchObject({ code: 'unsafe_url' });
    await expect(http.download({ url: 'https://127.0.0.1/' })).rejects.toMatchObject({ code: 'unsafe_url' });
    expect(http.stats().requests).toBe(0);
  });

  it('is not loaded by importing the core package or its server entry point', () => {
    const graph = staticGraph(
      fileURLToPath(new URL('../index.ts', import.meta.url)),
      fileURLToPath(new URL('../server/index.ts', import.meta.url)),
    );
    // The walk does reach the module the server builds its clients with.
    expect(graph.has(fileURLToPath(new URL('./create-http-client.ts', import.meta.url)))).toBe(true);
    expect([...graph].filter((module) => NETWORK_MODULES.has(module))).toEqual([]);
    expect(graph.has(fileURLToPath(new URL('./guarded-http-client.ts', import.meta.url)))).toBe(false);
  });
});
