import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Tests import workspace packages from their TypeScript sources (the `@opendata-mcp/source`
// export condition), so `vitest` never runs against a stale build.
export default defineConfig({
  resolve: { conditions: ['@opendata-mcp/source'] },
  ssr: { resolve: { conditions: ['@opendata-mcp/source'] } },
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'adapters/*/src/**/*.test.ts',
      'examples/*/src/**/*.test.ts',
      'examples/*/*.test.ts',
      // Where the adapter guide asks for a plugin developed inside a clone.
      'plugins/*/src/**/*.test.ts',
      'tests/*/src/**/*.test.ts',
      'tests/*/*.test.ts',
      'eval/*/*.test.ts',
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Most of the suite's time is spent waiting on child processes (engine processes, servers, a
    // browser), so two files at a time keep a two-core machine busy where vitest's default (one
    // fewer than the cores) would run one. Larger machines keep the default.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // See packages/fixtures/src/lindas/oxigraph-store.ts: a V8 deoptimiser abort on inlined calls into
    // WebAssembly (the LINDAS fixture store) took down a test worker at random. Set at start as well,
    // so no worker has optimised such a call before the fixtures module runs.
    execArgv: ['--no-turbo-inline-js-wasm-calls'],
  },
});
