import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Gives the test run a cache folder of its own: a server or command a test starts without naming
 * one (a spawned command line, say) would otherwise write downloads and kept results into the
 * account's cache (~/.cache/opendata-mcp), where they pile up from run to run. The command line
 * reads XDG_CACHE_HOME; the test processes, and what they spawn, inherit it. Removed after the run.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const home = await mkdtemp(join(tmpdir(), 'opendata-mcp-test-cache-'));
  process.env.XDG_CACHE_HOME = home;
  return async () => {
    await rm(home, { recursive: true, force: true });
  };
}
