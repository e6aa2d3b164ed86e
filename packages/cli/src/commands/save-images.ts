import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { preparePrivateDirectory } from '@opendata-mcp/core/server';

/**
 * Writes each image to `dir` as `<tool>-<time>[-n].png`; resolves the paths. The folder sits in the
 * shared temporary folder under a name anyone can guess, so it must be this user's own and private:
 * in a folder another user made, a link named like the next picture would have it written elsewhere.
 */
export async function saveImages(
  images: Array<{ data: string }>,
  tool: string,
  dir: string,
): Promise<string[]> {
  await preparePrivateDirectory(dir, { label: 'image directory' });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  return Promise.all(
    images.map(async (image, k) => {
      const file = join(dir, `${tool}-${stamp}${k > 0 ? `-${k + 1}` : ''}.png`);
      await writeFile(file, Buffer.from(image.data, 'base64'));
      return file;
    }),
  );
}
