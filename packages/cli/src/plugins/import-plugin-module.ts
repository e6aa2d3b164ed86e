import { stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { pluginFolderEntry } from './plugin-folder-entry.js';

/**
 * Imports a plugin module the way an import written in a file beside the configuration would:
 * a path is relative to the configuration's folder (a folder stands for its package.json's entry),
 * a package name is found in the `node_modules` folders above it (so a project installs its
 * plugins next to its config).
 */
export async function importPluginModule(
  specifier: string,
  fromDir: string,
): Promise<Record<string, unknown>> {
  const isPath = specifier.startsWith('.') || isAbsolute(specifier) || specifier.startsWith('file:');
  const location = isPath
    ? await pathLocation(specifier, fromDir)
    : pathToFileURL(resolvePackage(specifier, fromDir)).href;
  return (await import(location)) as Record<string, unknown>;
}

async function pathLocation(specifier: string, fromDir: string): Promise<string> {
  const path = specifier.startsWith('file:') ? fileURLToPath(specifier) : resolve(fromDir, specifier);
  const isFolder = await stat(path).then(
    (s) => s.isDirectory(),
    () => false,
  );
  return pathToFileURL(isFolder ? await pluginFolderEntry(path, specifier) : path).href;
}

function resolvePackage(name: string, fromDir: string): string {
  try {
    return createRequire(join(fromDir, 'noop.js')).resolve(name);
  } catch (error) {
    // A package that is there but whose entry file is missing names that file instead.
    if (!(error as Error).message.startsWith(`Cannot find module '${name}'`)) throw error;
    throw new Error(
      `it is not installed where the configuration is: no node_modules folder in ${fromDir} or above it has it; install it there (npm install ${name}) or give the path of its folder or entry file`,
    );
  }
}
