import { chown, mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { saveImages } from './save-images.js';

let base: string;
beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), 'save-images-'));
});
afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

const png = { data: Buffer.from('not really a png').toString('base64') };

describe('saveImages', () => {
  it('writes the pictures into a folder only this user can enter', async () => {
    const dir = join(base, 'opendata-mcp-call');
    const [file] = await saveImages([png], 'draw_chart', dir);
    expect(await readFile(file as string, 'utf8')).toBe('not really a png');
    if (process.platform !== 'win32') expect((await stat(dir)).mode & 0o777).toBe(0o700);
  });

  it.skipIf(process.getuid?.() !== 0)(
    'refuses a folder another user made first, naming it (needs root to chown)',
    async () => {
      const dir = join(base, 'opendata-mcp-call');
      await mkdir(dir, { mode: 0o777 });
      await chown(dir, 65534, 65534);
      await expect(saveImages([png], 'draw_chart', dir)).rejects.toThrow(
        `Refusing the image directory ${dir}: ${dir} belongs to another user (uid 65534).`,
      );
    },
  );
});
