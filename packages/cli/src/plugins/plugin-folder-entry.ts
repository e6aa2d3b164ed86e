import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { exports as exportsOf } from 'resolve.exports';

/**
 * The file a folder named as a plugin `module` stands for, read from its package.json the way an
 * import of the package would: the `"."` export (under the conditions this process runs with),
 * else `main`. Node's ES module loader does not do this for a folder path, so the command does.
 */
export async function pluginFolderEntry(dir: string, specifier: string): Promise<string> {
  const manifest = await readManifest(dir);
  if (!manifest) throw new Error(`"${specifier}" is a folder without a package.json; ${remedy}`);
  if (manifest.exports !== undefined) {
    const [entry] = exportsOf(manifest, '.', { conditions: processConditions() }) ?? [];
    if (entry) return resolve(dir, entry);
  } else if (typeof manifest.main === 'string') {
    return resolve(dir, manifest.main);
  }
  throw new Error(`the package.json of folder "${specifier}" exports no "." entry or "main"; ${remedy}`);
}

const remedy =
  'give the entry file (for example "./my-adapter/src/index.ts") or a folder whose package.json names it in "exports" or "main"';

async function readManifest(dir: string): Promise<Record<string, unknown> | undefined> {
  const text = await readFile(join(dir, 'package.json'), 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new Error(`the package.json in "${dir}" is not valid JSON`);
  }
}

/** The extra `--conditions` (`-C`) Node was started with, so a folder resolves as a package would. */
function processConditions(): string[] {
  const args = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];
  const conditions: string[] = [];
  for (const [i, arg] of args.entries()) {
    const inline = /^(?:--conditions|-C)=(.+)$/.exec(arg);
    if (inline?.[1]) conditions.push(inline[1]);
    else if ((arg === '--conditions' || arg === '-C') && args[i + 1]) conditions.push(args[i + 1] as string);
  }
  return conditions;
}
