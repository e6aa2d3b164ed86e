import { chmod, lstat, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * Makes `dir` a directory only its user can enter (0700), creating it if missing. Its parents keep
 * the default mode, since they may be shared (the temporary folder). A directory that is a symbolic
 * link or belongs to another user is refused: in a shared parent, another user could have made it in
 * advance to read or plant entries.
 */
export async function preparePrivateDirectory(dir: string): Promise<void> {
  await mkdir(dirname(dir), { recursive: true });
  await mkdir(dir, { mode: 0o700 }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
  const found = await lstat(dir);
  if (!found.isDirectory()) throw new Error(`The store directory ${dir} is not a directory.`);
  const uid = process.getuid?.();
  if (uid !== undefined && found.uid !== uid) {
    throw new Error(`The store directory ${dir} belongs to another user.`);
  }
  // Windows has no such mode bits; its folders under the user's profile are private already.
  if (process.platform !== 'win32' && (found.mode & 0o077) !== 0) await chmod(dir, 0o700);
}
