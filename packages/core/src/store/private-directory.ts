import { chmod, lstat, mkdir, stat } from 'node:fs/promises';
import { parse, resolve, sep } from 'node:path';

export interface PrivateDirectoryOptions {
  /** Names the directory in refusals: "cache directory", "store directory". */
  label?: string;
  /** The user the directory must belong to; this process's by default. */
  uid?: number;
  platform?: NodeJS.Platform;
}

const STICKY = 0o1000;
const WRITABLE_BY_OTHERS = 0o022;

/**
 * Makes `dir` a directory only its user can enter (0700), creating it and any missing parent 0700,
 * and checks every level from the filesystem root down, since whoever can rename a level can swap
 * what lies below it. A level must belong to this user or to root, and must not be writable by
 * others unless sticky (the temporary folder); `dir` itself must be this user's, not a symbolic
 * link, and is narrowed to 0700. A parent that is a symbolic link (a cache folder moved to another
 * disk) is accepted when this user or root made it, and the directory it names is held to the same
 * owner and mode rules.
 * Windows has no such owners and mode bits; folders under the user's profile are private already.
 */
export async function preparePrivateDirectory(
  dir: string,
  options: PrivateDirectoryOptions = {},
): Promise<void> {
  const label = options.label ?? 'store directory';
  const platform = options.platform ?? process.platform;
  const uid = options.uid ?? process.getuid?.();
  const target = resolve(dir);
  if (platform === 'win32' || uid === undefined) {
    await mkdir(target, { recursive: true, mode: 0o700 });
    return;
  }
  const refuse = (path: string, why: string): never => {
    throw new Error(`Refusing the ${label} ${target}: ${path} ${why}. Choose a directory of your own.`);
  };
  const owned = (owner: number) => owner === uid || owner === 0;
  const { root } = parse(target);
  const levels = target.slice(root.length).split(sep).filter(Boolean);
  let path = root;
  for (const [index, name] of levels.entries()) {
    path = `${path}${path.endsWith(sep) ? '' : sep}${name}`;
    const last = index === levels.length - 1;
    let found = await lstat(path).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    if (!found) {
      await mkdir(path, { mode: 0o700 }).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'EEXIST') throw error;
      });
      found = await lstat(path);
    }
    if (found.isSymbolicLink()) {
      if (last) refuse(path, 'is a symbolic link');
      if (!owned(found.uid)) refuse(path, `is a symbolic link made by another user (uid ${found.uid})`);
      found = await stat(path);
    }
    if (!found.isDirectory()) refuse(path, 'is not a directory');
    if (last ? found.uid !== uid : !owned(found.uid))
      refuse(path, `belongs to another user (uid ${found.uid})`);
    if ((found.mode & WRITABLE_BY_OTHERS) !== 0 && (found.mode & STICKY) === 0) {
      if (!last) refuse(path, 'can be written by other users');
    }
  }
  const made = await lstat(target);
  if ((made.mode & 0o077) !== 0) await chmod(target, 0o700);
}
