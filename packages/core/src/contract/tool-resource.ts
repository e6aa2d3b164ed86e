import { successEnvelope } from '../envelope/envelope.js';
import type { ResourceDefinition } from './adapter.js';
import type { DataToolDefinition } from './tool.js';

export interface ToolResourceOptions {
  name: string;
  /** RFC 6570 template, e.g. `sdmx://UNICEF/dataflow/{flow_id}`; its variables become the tool's arguments. */
  template: string;
  title: string;
  description: string;
  // biome-ignore lint/suspicious/noExplicitAny: a resource reads through a tool of any shape.
  tool: DataToolDefinition<any, any>;
}

/**
 * An object agents cite (a cube, a dataflow, a dataset, a resource's schema) as a resource
 * template, read through the tool that describes it: the same envelope, provenance included. Reads
 * carry a cache hint (ten minutes, public) and, in `_meta.lastModified`, the portal's own
 * modification date so a client can tell whether a copy it holds is current; left out when the
 * portal states none.
 */
export function toolResource(options: ToolResourceOptions): ResourceDefinition {
  return {
    name: options.name,
    template: options.template,
    title: options.title,
    description: options.description,
    mimeType: 'application/json',
    // Structures and catalogue records change rarely, and the data is public.
    cacheHint: { ttlMs: 10 * 60_000, cacheScope: 'public' },
    async read(uri, variables, ctx) {
      const args = Object.fromEntries(
        Object.entries(variables).map(([key, value]) => [
          key,
          decode(Array.isArray(value) ? value[0] : value),
        ]),
      );
      const input = options.tool.input.parse(args);
      const result = await options.tool.execute(input, ctx);
      const envelope = successEnvelope(result.data as Record<string, unknown>, result.source);
      const modified = envelope.source.source_modified_at;
      return {
        contents: [
          {
            uri: uri.href,
            mimeType: 'application/json',
            text: JSON.stringify(envelope),
            ...(modified && !Number.isNaN(Date.parse(modified))
              ? { _meta: { lastModified: new Date(modified).toISOString() } }
              : {}),
          },
        ],
      };
    },
  };
}

// Template matching leaves percent-escapes in place; an IRI passed as a variable arrives escaped.
function decode(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
