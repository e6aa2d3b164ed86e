import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import type { Config } from './config/config-schema.js';

/**
 * Where `call` keeps results, so a `result_id` one call prints is found by the next: a directory of
 * this user's inside the resource cache directory (`cache_dir`, else the resource cache's default in
 * the temporary folder, which other users may share). Adapter ids hold no dot, so the name never
 * meets an adapter's own cache folder there.
 */
export function callResultsDir(config: Config): string {
  const cacheDir = config.cache_dir ?? join(tmpdir(), 'opendata-mcp', 'resources');
  const user = process.getuid?.() ?? userInfo().username.replace(/[^A-Za-z0-9_-]/g, '_');
  return join(cacheDir, `kept-results.${user}`);
}
