import { tmpdir } from 'node:os';
import { forkIsolated, type IsolatedProcess } from '@opendata-mcp/core';

/** Heap for Vega's scenegraph and the SVG text of the largest chart within the caps, with room. */
const HEAP_MB = 512;

/** Starts one renderer process; it reads only its own modules and font files, found from its own location. */
export function spawnRenderer(): IsolatedProcess {
  return forkIsolated({ callerUrl: import.meta.url, entry: 'renderer-main', heapMb: HEAP_MB, cwd: tmpdir() });
}
