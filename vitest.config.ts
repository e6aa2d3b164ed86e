import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const TEST_FILES = [
  'packages/*/src/**/*.test.ts',
  'adapters/*/src/**/*.test.ts',
  'examples/*/src/**/*.test.ts',
  'examples/*/*.test.ts',
  // Where the adapter guide asks for a plugin developed inside a clone.
  'plugins/*/src/**/*.test.ts',
  'tests/*/src/**/*.test.ts',
  'tests/*/*.test.ts',
  'eval/*/*.test.ts',
];

/**
 * Files that hold wall-clock bounds (a timer served within 250 ms, a call ended at its deadline,
 * replicas sharing one request in flight): they run one at a time once the rest is done, so no
 * other test file competes with them for the cores.
 */
const TIMED_FILES = [
  '**/*liveness*.test.ts',
  '**/*.fuzz.test.ts',
  '**/*attack-corpus.test.ts',
  'adapters/ckan/src/answer-bytes.e2e.test.ts',
  'adapters/ckan/src/resource-tools.e2e.test.ts',
  'adapters/lindas/src/sparql/guard-in-worker.test.ts',
  'packages/charts/src/renderer/render-pool.test.ts',
  'packages/core/src/http/caches.test.ts',
  'packages/core/src/http/resilience.test.ts',
  'packages/core/src/store/redis-store.test.ts',
  'tests/e2e/hostile-inputs.test.ts',
  'tests/e2e/server-json.test.ts',
  'tests/replicas/*.test.ts',
  'tests/transports/http-oversized-body.test.ts',
];

// Tests import workspace packages from their TypeScript sources (the `@opendata-mcp/source`
// export condition), so `vitest` never runs against a stale build.
export default defineConfig({
  resolve: { conditions: ['@opendata-mcp/source'] },
  ssr: { resolve: { conditions: ['@opendata-mcp/source'] } },
  test: {
    globalSetup: ['tests/test-cache-home.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // See packages/fixtures/src/lindas/oxigraph-store.ts: a V8 deoptimiser abort on inlined calls into
    // WebAssembly (the LINDAS fixture store) took down a test worker at random. Set at start as well,
    // so no worker has optimised such a call before the fixtures module runs.
    execArgv: ['--no-turbo-inline-js-wasm-calls'],
    projects: [
      {
        extends: true,
        test: {
          name: 'parallel',
          include: TEST_FILES,
          exclude: TIMED_FILES,
          // Most of the suite's time waits on child processes (engine processes, servers, a
          // browser), so two files at a time keep a two-core machine busy where vitest's default
          // (one fewer than the cores) would run one. Larger machines keep the default.
          maxWorkers: Math.max(2, availableParallelism() - 1),
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'timed',
          include: TIMED_FILES,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
