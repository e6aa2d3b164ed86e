import type { DataToolDefinition } from '../contract/tool.js';

/**
 * A tool whose answers name each origin of `names` by its stable name instead: a backend on a
 * loopback port that changes from run to run (an offline fixture) would otherwise give every run,
 * and each of two calls side by side, a citation of its own. Sources, data and the kept table are
 * renamed before the envelope is built, so the citation and kept results agree with the answer.
 */
// biome-ignore lint/suspicious/noExplicitAny: renames the answers of tools of every shape.
type AnyDataTool = DataToolDefinition<any, any>;

export function withOriginNames(tool: AnyDataTool, names: Readonly<Record<string, string>>): AnyDataTool {
  const origins = Object.keys(names);
  if (origins.length === 0) return tool;
  // The longest first, so an origin that begins another never takes its place.
  const pattern = new RegExp(
    origins
      .sort((a, b) => b.length - a.length)
      .map((o) => o.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('|'),
    'g',
  );
  const rename = <T>(value: T): T => {
    if (typeof value === 'string') return value.replace(pattern, (origin) => names[origin] ?? origin) as T;
    if (Array.isArray(value)) return value.map(rename) as T;
    if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, rename(item)])) as T;
    }
    return value;
  };
  return {
    ...tool,
    async execute(input, ctx) {
      const result = await tool.execute(input, ctx);
      return {
        ...result,
        data: rename(result.data),
        ...(result.source ? { source: rename(result.source) } : {}),
        ...(result.keep ? { keep: rename(result.keep) } : {}),
      };
    },
  };
}
