import {
  chmod,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  stat,
  symlink,
  truncate,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createMemoryLogger } from '../testing/memory-logger.js';
import { asAnotherUser, canSwitchUser } from './another-user.test-support.js';
import { encodeEntry } from './file-entry.js';
import { createFileStore } from './file-store.js';
import { openSharedStore } from './open-shared-store.js';
import { describeSharedStoreContract } from './shared-store-contract.test-support.js';

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (value: Uint8Array | undefined) => (value ? new TextDecoder().decode(value) : undefined);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A new folder, removed when the calling test ends. */
const tempDir = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'opendata-file-store-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  return dir;
};
const freshDir = async () => join(await tempDir(), 'store');
const entries = async (dir: string) => (await readdir(dir)).filter((name) => name.endsWith('.entry'));
const posix = process.platform !== 'win32';

describeSharedStoreContract('file', async () => createFileStore({ dir: await freshDir() }));

describe('file store', () => {
  it('keeps each entry in a file only its user can read, in a directory only its user can enter', async () => {
    const dir = await freshDir();
    const store = createFileStore({ dir });
    await store.set('k', bytes('v'), 60_000);
    const [file] = await entries(dir);
    expect(file).toMatch(/^[0-9a-f]{64}\.entry$/);
    if (posix) {
      expect((await stat(dir)).mode & 0o777).toBe(0o700);
      expect((await stat(join(dir, file as string))).mode & 0o777).toBe(0o600);
    }
    await store.close();
  });

  it('removes an expired entry when it is read, and sweeps others when it writes', async () => {
    const dir = await freshDir();
    const store = createFileStore({ dir, sweepIntervalMs: 0 });
    await store.set('read', bytes('x'), 30);
    await store.set('swept', bytes('y'), 30);
    await pause(60);
    expect(await store.get('read')).toBeUndefined();
    expect(await entries(dir)).toHaveLength(1);
    expect(await store.stats()).toEqual({ entries: 0, bytes: 0 });
    await store.set('new', bytes('z'), 60_000);
    await store.close();
    expect(await entries(dir)).toHaveLength(1);
    expect(await store.stats()).toEqual({ entries: 1, bytes: 1 });
  });

  it('shares entries, adds and counts between two stores over one directory', async () => {
    const dir = await freshDir();
    const one = createFileStore({ dir });
    const two = createFileStore({ dir });
    await one.set('shared', bytes('from one'), 60_000);
    expect(text(await two.get('shared'))).toBe('from one');
    await two.delete('shared');
    expect(await one.get('shared')).toBeUndefined();

    const claims = await Promise.all(
      [one, two, one, two].map((s, i) => s.add('lock', bytes(`${i}`), 60_000)),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);

    // Each store queues its own callers in memory; between the two only the lock files keep order.
    const counts = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? one : two).increment('n', 60_000)),
    );
    expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    await Promise.all([one.close(), two.close()]);
  });

  it('keeps namespaces apart in one directory', async () => {
    const dir = await freshDir();
    const a = createFileStore({ dir, namespace: 'a' });
    const b = createFileStore({ dir, namespace: 'b' });
    await a.set('k', bytes('a'), 60_000);
    expect(await b.get('k')).toBeUndefined();
  });

  it('reads a file cut short or overwritten with other bytes as missing, and replaces it', async () => {
    const dir = await freshDir();
    const store = createFileStore({ dir });
    await store.set('k', bytes('a value of some length'), 60_000);
    const path = join(dir, (await entries(dir))[0] as string);
    await truncate(path, 30);
    expect(await store.get('k')).toBeUndefined();
    expect(await store.add('k', bytes('again'), 60_000)).toBe(true);
    expect(text(await store.get('k'))).toBe('again');
    for (const junk of ['', 'not an entry at all', 'odmcp-s1 but then nothing useful']) {
      await writeFile(path, junk);
      expect(await store.get('k')).toBeUndefined();
      expect(await store.stats()).toEqual({ entries: 0, bytes: 0 });
    }
    await writeFile(path, 'x');
    expect(await store.increment('k', 60_000)).toBe(1);
  });

  it('refuses a directory that is a symbolic link', async () => {
    if (!posix) return;
    const target = await freshDir();
    await mkdir(target, { recursive: true });
    const link = join(await tempDir(), 'linked');
    await symlink(target, link);
    await expect(createFileStore({ dir: link }).get('k')).rejects.toThrow(/is a symbolic link/);
  });

  it('opens from a file:// URL through openSharedStore', async () => {
    const dir = await freshDir();
    const { logger } = createMemoryLogger('info');
    const store = await openSharedStore({ url: pathToFileURL(dir).href, namespace: 'x' }, logger);
    expect(store.kind).toBe('file');
    await store.set('k', bytes('v'), 60_000);
    expect(text(await createFileStore({ dir, namespace: 'x' }).get('k'))).toBe('v');
    await store.close();
  });

  it('reads an entry whose bytes changed at the same length as missing', async () => {
    const dir = await freshDir();
    const store = createFileStore({ dir });
    await store.set('k', bytes('amount=100'), 60_000);
    const path = join(dir, (await entries(dir))[0] as string);
    const file = await readFile(path);
    file.write('amount=999', file.byteLength - 10);
    await writeFile(path, file);
    expect(await store.get('k')).toBeUndefined();
    expect(await entries(dir)).toEqual([]);
  });

  it('reads an entry written "after now" as missing: the store\'s clock decides, not the file', async () => {
    const dir = await freshDir();
    const store = createFileStore({ dir });
    await store.set('k', bytes('v'), 60_000);
    const path = join(dir, (await entries(dir))[0] as string);
    const later = Date.parse('2099-01-01T00:00:00Z');
    await writeFile(path, encodeEntry(bytes('planted'), later, later + 60_000), { mode: 0o600 });
    expect(await store.get('k')).toBeUndefined();
  });

  it.skipIf(!posix)('never follows a link at an entry name, and removes the link', async () => {
    const dir = await freshDir();
    const store = createFileStore({ dir });
    await store.set('k', bytes('v'), 60_000);
    const path = join(dir, (await entries(dir))[0] as string);
    const secret = join(dir, '..', 'secret');
    await writeFile(secret, encodeEntry(bytes('root only'), Date.now(), Date.now() + 60_000), {
      mode: 0o600,
    });
    await rm(path);
    await symlink(secret, path);
    expect(await store.get('k')).toBeUndefined();
    expect(await entries(dir)).toEqual([]);
    expect(await stat(secret)).toBeDefined();
  });

  it.skipIf(!canSwitchUser)(
    'does not read an entry another user planted (as a second user: needs root and setpriv)',
    async () => {
      const dir = await freshDir();
      const store = createFileStore({ dir });
      await store.set('k', bytes('v'), 60_000);
      const path = join(dir, (await entries(dir))[0] as string);
      await rm(path);
      // A directory others could write into, as the old shared location was; the store narrows it again.
      await chmod(join(dir, '..'), 0o755);
      await chmod(dir, 0o777);
      const planted = encodeEntry(bytes('planted'), Date.now(), Date.now() + 60_000).toString('base64');
      asAnotherUser(
        `require('node:fs').writeFileSync(${JSON.stringify(path)}, Buffer.from(${JSON.stringify(planted)}, 'base64'))`,
      );
      expect(await createFileStore({ dir }).get('k')).toBeUndefined();
      expect(await entries(dir)).toEqual([]);
      expect((await stat(dir)).mode & 0o777).toBe(0o700);
    },
  );
});
