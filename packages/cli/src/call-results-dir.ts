import { userInfo } from 'node:os';
import { join } from 'node:path';

/**
 * Where `call` keeps results, so a `result_id` one call prints is found by the next: a directory of
 * this user's inside the resource cache directory (`cache_dir`, else `resources` in the user's own
 * cache folder). Adapter ids hold no dot, so the name never meets an adapter's own cache folder there.
 */
export function callResultsDir(cacheDir: string): string {
  const user = process.getuid?.() ?? userInfo().username.replace(/[^A-Za-z0-9_-]/g, '_');
  return join(cacheDir, `kept-results.${user}`);
}
