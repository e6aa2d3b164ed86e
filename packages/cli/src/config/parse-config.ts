import type { z } from 'zod';
import type { AdapterRegistry } from '../registry.js';
import { ConfigError } from './config-error.js';
import { type AdapterEntry, type Config, ConfigSchema } from './config-schema.js';

/** Validates a parsed config document: the shared keys, then each adapter entry with its own schema. */
export function parseConfig(raw: unknown, registry: AdapterRegistry, origin: string): Config {
  const config = parseConfigShape(raw, origin);
  config.adapters.forEach((entry, index) => {
    const registration = registry.get(entry.type);
    if (!registration) {
      throw new ConfigError(
        `Invalid configuration (${origin}): adapters[${index}].type: unknown adapter "${entry.type}" ` +
          `(known: ${[...registry.keys()].join(', ')}). An adapter from another package also needs ` +
          '"module": its package name or path.',
      );
    }
    const checked = registration.options.safeParse(adapterOptions(entry));
    if (!checked.success) {
      const from = registration.module
        ? ` (options of "${entry.type}" from module "${registration.module}")`
        : '';
      // A misspelt key is the commonest mistake; the keys the schema knows show the right spelling.
      const accepted =
        checked.error.issues[0]?.code === 'unrecognized_keys'
          ? `; accepted keys: ${['type', ...(registration.module ? ['module'] : []), 'tool_prefix', ...Object.keys(registration.options.shape)].join(', ')}`
          : '';
      throw new ConfigError(
        `Invalid configuration (${origin}): ${firstIssue(checked.error, `adapters[${index}]`)}${from}${accepted}`,
      );
    }
  });
  return config;
}

/** An entry's own options: what the CLI reads itself (type, module, tool prefix) taken out. */
export function adapterOptions(entry: AdapterEntry): Record<string, unknown> {
  const { type: _type, module: _module, tool_prefix: _prefix, ...options } = entry;
  return options;
}

/** Checks the shared keys only; adapter entries are checked once their addresses are final. */
export function parseConfigShape(raw: unknown, origin: string): Config {
  const base = ConfigSchema.safeParse(raw);
  if (!base.success) throw new ConfigError(`Invalid configuration (${origin}): ${firstIssue(base.error)}`);
  return base.data;
}

function firstIssue(error: z.ZodError, prefix = ''): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid';
  const path = issue.path.reduce<string>(
    (acc, key) => (typeof key === 'number' ? `${acc}[${key}]` : acc ? `${acc}.${String(key)}` : String(key)),
    prefix,
  );
  return `${path || '(root)'}: ${issue.message}`;
}
