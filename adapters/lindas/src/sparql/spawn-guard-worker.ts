import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/** Heap of the parsing thread: a query is at most 8 KB, its tree a few MB at worst. */
const HEAP_MB = 64;

/**
 * Starts a thread running guard-worker. A built package runs the compiled .js directly. From the
 * TypeScript sources (tests, development) Node 20 cannot hand a .ts entry to a worker's loader, so
 * the thread first loads tsx's API and imports the entry through it.
 */
export function spawnGuardWorker(): Worker {
  const options = { resourceLimits: { maxOldGenerationSizeMb: HEAP_MB }, stdout: true, stderr: true };
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL('./guard-worker.js', import.meta.url), options);
  const entry = new URL('./guard-worker.ts', import.meta.url).href;
  const tsxPackage = createRequire(import.meta.url).resolve('tsx/package.json');
  const tsxApi = pathToFileURL(tsxPackage.replace(/package\.json$/, 'dist/esm/api/index.mjs')).href;
  const code = `import(${JSON.stringify(tsxApi)}).then((api) => api.tsImport(${JSON.stringify(entry)}, ${JSON.stringify(entry)}))`;
  return new Worker(code, { ...options, eval: true, execArgv: ['--conditions=@opendata-mcp/source'] });
}
