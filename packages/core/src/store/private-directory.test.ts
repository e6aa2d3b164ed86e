import { chmod, chown, lstat, mkdir, mkdtemp, rm, stat, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { asAnotherUser, canSwitchUser, OTHER_UID } from './another-user.test-support.js';
import { preparePrivateDirectory } from './private-directory.js';

const posix = process.platform !== 'win32';
const isRoot = process.getuid?.() === 0;
let base: string;

beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), 'private-directory-'));
});

afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

const mode = async (path: string) => (await stat(path)).mode & 0o7777;

describe.skipIf(!posix)('preparePrivateDirectory', () => {
  it('creates every missing level 0700', async () => {
    const dir = join(base, 'a', 'b', 'c');
    await preparePrivateDirectory(dir);
    for (const path of [join(base, 'a'), join(base, 'a', 'b'), dir]) expect(await mode(path)).toBe(0o700);
  });

  it('narrows a directory of its own to 0700 and accepts a parent of its own left 0755', async () => {
    await mkdir(join(base, 'home', 'cache'), { recursive: true });
    await chmod(join(base, 'home'), 0o755);
    await chmod(join(base, 'home', 'cache'), 0o755);
    await preparePrivateDirectory(join(base, 'home', 'cache'));
    expect(await mode(join(base, 'home', 'cache'))).toBe(0o700);
    expect(await mode(join(base, 'home'))).toBe(0o755);
  });

  it('accepts a sticky parent others can write (the temporary folder), and refuses one without the sticky bit', async () => {
    const shared = join(base, 'shared');
    await mkdir(shared);
    await chmod(shared, 0o1777);
    await preparePrivateDirectory(join(shared, 'mine'));
    await chmod(shared, 0o777);
    await expect(preparePrivateDirectory(join(shared, 'mine'))).rejects.toThrow(
      `Refusing the store directory ${join(shared, 'mine')}: ${shared} can be written by other users.`,
    );
  });

  it('refuses a directory that is a symbolic link, but follows a parent that is one of its own', async () => {
    const real = join(base, 'real');
    await mkdir(real);
    await symlink(real, join(base, 'link'));
    await expect(preparePrivateDirectory(join(base, 'link'))).rejects.toThrow(/link is a symbolic link/);
    await preparePrivateDirectory(join(base, 'link', 'cache'));
    expect((await lstat(join(real, 'cache'))).isDirectory()).toBe(true);
  });

  it.skipIf(!isRoot)(
    'refuses a directory, or a level above it, that belongs to another user (needs root to chown)',
    async () => {
      const theirs = join(base, 'theirs');
      await mkdir(join(theirs, 'cache'), { recursive: true, mode: 0o700 });
      await chown(join(theirs, 'cache'), OTHER_UID, OTHER_UID);
      await expect(
        preparePrivateDirectory(join(theirs, 'cache'), { label: 'cache directory' }),
      ).rejects.toThrow(
        `Refusing the cache directory ${join(theirs, 'cache')}: ${join(theirs, 'cache')} belongs to another user (uid ${OTHER_UID}). Choose a directory of your own.`,
      );
      await chown(theirs, OTHER_UID, OTHER_UID);
      await expect(preparePrivateDirectory(join(theirs, 'mine'))).rejects.toThrow(
        `${theirs} belongs to another user`,
      );
    },
  );

  it.skipIf(!canSwitchUser)(
    'refuses a folder another user made first in a shared temporary folder (as a second user: needs root and setpriv)',
    async () => {
      const shared = join(base, 'tmp');
      await chmod(base, 0o755);
      await mkdir(shared);
      await chmod(shared, 0o1777);
      const planted = join(shared, 'opendata-mcp-0');
      asAnotherUser(`require('node:fs').mkdirSync(${JSON.stringify(planted)}, { mode: 0o777 })`);
      await expect(preparePrivateDirectory(planted)).rejects.toThrow(/belongs to another user \(uid 65534\)/);
    },
  );
});
