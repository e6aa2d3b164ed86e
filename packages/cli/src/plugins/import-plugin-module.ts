import { createRequire } from 'node:module';
import { isAbsolute, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Imports a plugin module the way an import written in a file beside the configuration would:
 * a path is relative to the configuration's folder, a package name is found in the
 * `node_modules` folders above it (so a project installs its plugins next to its config).
 */
export async function importPluginModule(
  specifier: string,
  fromDir: string,
): Promise<Record<string, unknown>> {
  const isPath = specifier.startsWith('.') || isAbsolute(specifier) || specifier.startsWith('file:');
  const location = specifier.startsWith('file:')
    ? specifier
    : isPath
      ? pathToFileURL(resolve(fromDir, specifier)).href
      : pathToFileURL(createRequire(join(fromDir, 'config.json')).resolve(specifier)).href;
  return (await import(location)) as Record<string, unknown>;
}
