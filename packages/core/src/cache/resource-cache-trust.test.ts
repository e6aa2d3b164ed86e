import { createHash } from 'node:crypto';
import { chmod, chown, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { asAnotherUser, canSwitchUser, OTHER_UID } from '../store/another-user.test-support.js';
import { createResourceCache } from './resource-cache.js';

const posix = process.platform !== 'win32';
let base: string;
let dir: string;

beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), 'resource-trust-'));
  dir = join(base, 'cache');
});

afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

const meta = (at = new Date()) => ({
  url: 'http://127.0.0.1/x.csv',
  contentType: 'text/csv',
  etag: null,
  lastModified: null,
  firstFetchedAt: at,
  fetchedAt: at,
});

const open = () => createResourceCache({ dir, maxBytes: 1_000_000 });
const store = (key: string, text: string, at?: Date) =>
  open().store(key, Readable.from([Buffer.from(text)]), meta(at));
const nameOf = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 40);

/** A sidecar as the cache writes it, describing `body` truthfully, so only what is checked apart from it can refuse it. */
function sidecar(key: string, body: string, at = '2026-01-01T00:00:00.000Z') {
  return JSON.stringify({
    key,
    url: 'http://127.0.0.1/x.csv',
    bytes: Buffer.byteLength(body),
    sha256: createHash('sha256').update(body).digest('hex'),
    contentType: 'text/csv',
    etag: null,
    lastModified: null,
    firstFetchedAt: at,
    fetchedAt: at,
  });
}

describe('resource cache trusts nothing it reads back', () => {
  it('serves an entry it wrote, after a restart, once its digest matches', async () => {
    const written = await store('k', 'a,b\n1,2\n');
    const entry = await open().get('k');
    expect(entry).toMatchObject({ path: written.path, bytes: 8 });
    expect(await readFile(written.path, 'utf8')).toBe('a,b\n1,2\n');
  });

  it('drops an entry dated in the future, after a restart and in the process that holds it', async () => {
    await store('later', 'x', new Date('2099-01-01T00:00:00Z'));
    expect(await open().get('later')).toBeUndefined();
    expect(await readdir(dir)).toEqual([]);
    const cache = open();
    await cache.store('soon', Readable.from([Buffer.from('y')]), meta(new Date(Date.now() + 60_000)));
    expect(await cache.get('soon')).toBeUndefined();
  });

  it('drops a file whose bytes changed though its size did not, after a restart and in the same process', async () => {
    const written = await store('k', 'value=1');
    await writeFile(written.path, 'value=9');
    expect(await open().get('k')).toBeUndefined();
    const cache = open();
    const again = await cache.store('k', Readable.from([Buffer.from('value=1')]), meta());
    await writeFile(again.path, 'value=8');
    expect(await cache.get('k')).toBeUndefined();
    expect(await readdir(dir)).toEqual([]);
  });

  it('drops a file whose size differs from its sidecar', async () => {
    const written = await store('k', 'short');
    await writeFile(written.path, 'longer than it was');
    expect(await open().get('k')).toBeUndefined();
  });

  it.skipIf(!posix)(
    'never follows a link at an entry name: a link to a file only root may read is removed, not read',
    async () => {
      const secret = join(base, 'secret');
      await writeFile(secret, 'root:only\n', { mode: 0o600 });
      await mkdir(dir, { mode: 0o700 });
      const key = 'http://127.0.0.1/x.csv';
      // The sidecar describes the secret truthfully: only the link itself can give it away.
      await writeFile(join(dir, `${nameOf(key)}.json`), sidecar(key, 'root:only\n'), { mode: 0o600 });
      await symlink(secret, join(dir, `${nameOf(key)}.bin`));
      expect(await open().get(key)).toBeUndefined();
      expect(await readdir(dir)).toEqual([]);
      expect(await readFile(secret, 'utf8')).toBe('root:only\n');
    },
  );

  it.skipIf(!posix)('ignores a sidecar that is a link, and one that claims another key', async () => {
    await mkdir(dir, { mode: 0o700 });
    await writeFile(join(base, 'elsewhere.json'), sidecar('a', 'A'));
    await symlink(join(base, 'elsewhere.json'), join(dir, `${nameOf('a')}.json`));
    await writeFile(join(dir, `${nameOf('a')}.bin`), 'A');
    await writeFile(join(dir, `${nameOf('b')}.json`), sidecar('a', 'B'), { mode: 0o600 });
    await writeFile(join(dir, `${nameOf('b')}.bin`), 'B', { mode: 0o600 });
    const cache = open();
    expect(await cache.get('a')).toBeUndefined();
    expect(await cache.get('b')).toBeUndefined();
    expect(await readdir(dir)).toEqual([]);
  });

  it.skipIf(!canSwitchUser)(
    'does not serve an entry another user planted (as a second user: needs root and setpriv)',
    async () => {
      // The layout of a cache in a shared folder: a directory others could write into.
      await chmod(base, 0o755);
      await mkdir(dir);
      await chmod(dir, 0o777);
      const key = 'http://127.0.0.1/x.csv';
      const files = {
        [join(dir, `${nameOf(key)}.json`)]: sidecar(key, 'value\n999\n'),
        [join(dir, `${nameOf(key)}.bin`)]: 'value\n999\n',
      };
      asAnotherUser(
        `for (const [p, t] of Object.entries(${JSON.stringify(files)})) require('node:fs').writeFileSync(p, t)`,
      );
      expect(await open().get(key)).toBeUndefined();
      expect(await readdir(dir)).toEqual([]);
    },
  );

  it.skipIf(!posix || process.getuid?.() !== 0)(
    'refuses a cache directory owned by another user, naming it',
    async () => {
      await mkdir(dir, { mode: 0o700 });
      await chown(dir, OTHER_UID, OTHER_UID);
      await expect(open().get('k')).rejects.toThrow(
        `Refusing the cache directory ${dir}: ${dir} belongs to another user (uid ${OTHER_UID}).`,
      );
    },
  );
});
