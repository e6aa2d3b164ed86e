import { ConfigError } from '../config/config-error.js';
import type { AdapterEntry, Config } from '../config/config-schema.js';
import type { AdapterRegistration, AdapterRegistry } from '../registry.js';
import { importPluginModule } from './import-plugin-module.js';
import { pluginProblems } from './plugin-problems.js';

/**
 * Adds the adapter types that config entries bring in through `module` to the registry. Each
 * module is imported once; its plugin must answer to the entry's `type`, and a built-in type
 * cannot be replaced.
 */
export async function loadPlugins(
  config: Config,
  registry: AdapterRegistry,
  fromDir: string,
  origin: string,
): Promise<AdapterRegistry> {
  const loaded = new Map<string, AdapterRegistration>();
  for (const [index, entry] of config.adapters.entries()) {
    if (!entry.module) continue;
    const where = `Invalid configuration (${origin}): adapters[${index}]`;
    if (registry.has(entry.type)) {
      throw new ConfigError(
        `${where}.type: "${entry.type}" is a built-in adapter type; remove "module" or choose another type.`,
      );
    }
    const known = loaded.get(entry.type);
    if (known) {
      if (known.module !== entry.module)
        throw new ConfigError(
          `${where}.module: type "${entry.type}" is already loaded from "${known.module}".`,
        );
      continue;
    }
    loaded.set(entry.type, await loadOne(entry, where, fromDir));
  }
  return loaded.size === 0 ? registry : new Map([...registry, ...loaded]);
}

async function loadOne(entry: AdapterEntry, where: string, fromDir: string): Promise<AdapterRegistration> {
  const specifier = entry.module as string;
  const exports = await importPluginModule(specifier, fromDir).catch((error: unknown) => {
    throw new ConfigError(`${where}.module: cannot load "${specifier}": ${(error as Error).message}`);
  });
  const plugin = (exports.adapterPlugin ?? exports.default) as unknown;
  const problems = pluginProblems(plugin);
  if (problems.length > 0) {
    throw new ConfigError(
      `${where}.module: "${specifier}" does not export an adapter plugin as "adapterPlugin": ${problems.join('; ')}.`,
    );
  }
  const registration = plugin as AdapterRegistration;
  if (registration.type !== entry.type) {
    throw new ConfigError(
      `${where}.type: "${specifier}" provides type "${registration.type}", not "${entry.type}".`,
    );
  }
  return { ...registration, module: specifier };
}
