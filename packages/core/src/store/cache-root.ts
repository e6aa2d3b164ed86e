import { homedir, tmpdir } from 'node:os';
import { join, posix, win32 } from 'node:path';

export interface CacheRootInputs {
  env: Readonly<Record<string, string | undefined>>;
  /** The user's home directory; empty or undefined when the account has none. */
  homedir: string | undefined;
  platform: NodeJS.Platform;
  /** The user's numeric id, where the platform has one; names the fallback folder. */
  uid: number | undefined;
  /** The temporary folder, for a user without a home. */
  tmpdir: string;
}

/**
 * The directory of this user's caches and kept results, from the platform's convention: the XDG
 * cache folder (else `~/.cache`) on Linux and other Unix systems, `~/Library/Caches` on macOS,
 * `%LOCALAPPDATA%` on Windows. Without a home it is a folder named after the user in the temporary
 * folder, which `preparePrivateDirectory` refuses when another user made it first. Every input is
 * passed in, so nothing below the command line reads the process environment.
 */
export function defaultCacheRoot(inputs: CacheRootInputs): string {
  const { env, homedir, platform } = inputs;
  const path = platform === 'win32' ? win32 : posix;
  // The XDG specification ignores a relative path, which would depend on the working directory.
  const xdg = env.XDG_CACHE_HOME;
  if (platform === 'win32' && env.LOCALAPPDATA && path.isAbsolute(env.LOCALAPPDATA)) {
    return path.join(env.LOCALAPPDATA, 'opendata-mcp');
  }
  if (platform !== 'win32' && platform !== 'darwin' && xdg && path.isAbsolute(xdg)) {
    return path.join(xdg, 'opendata-mcp');
  }
  if (homedir && path.isAbsolute(homedir)) {
    if (platform === 'win32') return path.join(homedir, 'AppData', 'Local', 'opendata-mcp');
    if (platform === 'darwin') return path.join(homedir, 'Library', 'Caches', 'opendata-mcp');
    return path.join(homedir, '.cache', 'opendata-mcp');
  }
  return join(inputs.tmpdir, `opendata-mcp-${inputs.uid ?? 'user'}`);
}

/** The resource cache's folder inside a cache root; each adapter instance has a folder inside it. */
export function resourceCacheDir(root: string): string {
  return join(root, 'resources');
}

/**
 * The default root for a server built without one (a library embedding core): the platform's
 * convention from the account's home, without the environment's XDG_CACHE_HOME, since nothing below
 * the command line reads the environment. The command line passes its own root, computed with it.
 */
export function accountCacheRoot(): string {
  return defaultCacheRoot({
    env: {},
    homedir: homedir(),
    platform: process.platform,
    uid: process.getuid?.(),
    tmpdir: tmpdir(),
  });
}
