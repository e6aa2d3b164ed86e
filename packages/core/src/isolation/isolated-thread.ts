import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { isolatedEntry, SOURCE_CONDITION } from './isolated-entry.js';

/**
 * Starts a worker thread on the caller's sibling module `entry` with a capped heap. From the
 * TypeScript sources, Node 20 cannot hand a .ts entry to a worker's loader, so the thread first
 * loads tsx's API and imports the entry through it.
 */
export function startIsolatedThread(callerUrl: string, entry: string, heapMb: number): Worker {
  const options = { resourceLimits: { maxOldGenerationSizeMb: heapMb }, stdout: true, stderr: true };
  const found = isolatedEntry(callerUrl, entry);
  if (!found.fromSource) return new Worker(found.url, options);
  const tsxManifest = createRequire(callerUrl).resolve('tsx/package.json');
  const tsxApi = pathToFileURL(tsxManifest.replace(/package\.json$/, 'dist/esm/api/index.mjs')).href;
  const href = JSON.stringify(found.url.href);
  const code = `import(${JSON.stringify(tsxApi)}).then((api) => api.tsImport(${href}, ${href}))`;
  return new Worker(code, { ...options, eval: true, execArgv: [SOURCE_CONDITION] });
}
