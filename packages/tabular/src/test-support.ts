import { fileURLToPath } from 'node:url';
import type { TableLimits } from './engine/table-limits.js';

/** Path of a file in packages/tabular/test-data (real portal files, see MANIFEST.md there). */
export function testData(name: string): string {
  return fileURLToPath(new URL(`../test-data/${name}`, import.meta.url));
}

export const TEST_LIMITS: TableLimits = {
  maxRows: 100_000,
  memoryBytes: 256 * 1024 * 1024,
  queryTimeoutMs: 2_000,
  threads: 2,
};
