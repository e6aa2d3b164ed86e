import { randomUUID } from 'node:crypto';
import { rename, rm, writeFile } from 'node:fs/promises';
import { z } from 'zod';

/** The sidecar beside each cached file: what the server decided when it wrote the file. */
const sidecarSchema = z.object({
  key: z.string().max(8192),
  url: z.string().max(8192),
  bytes: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  contentType: z.string().max(1024).nullable(),
  etag: z.string().max(1024).nullable(),
  lastModified: z.string().max(1024).nullable(),
  firstFetchedAt: z.iso.datetime(),
  fetchedAt: z.iso.datetime(),
});

export type Sidecar = z.infer<typeof sidecarSchema>;

/** Sidecars are a few hundred bytes; anything larger is not one of ours. */
export const MAX_SIDECAR_BYTES = 64 * 1024;

/** The sidecar in `bytes`, or undefined when they are not one (another format, a hand-made file). */
export function parseSidecar(bytes: Buffer): Sidecar | undefined {
  try {
    const parsed = sidecarSchema.safeParse(JSON.parse(bytes.toString('utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Writes a sidecar beside `path` and renames it over, so a link at that name is replaced, never followed. */
export async function saveSidecar(path: string, sidecar: Sidecar): Promise<void> {
  const temporary = `${path}.${randomUUID()}.part`;
  try {
    await writeFile(temporary, JSON.stringify(sidecar), { flag: 'wx', mode: 0o600 });
    await rename(temporary, path);
  } finally {
    await rm(temporary, { force: true });
  }
}
