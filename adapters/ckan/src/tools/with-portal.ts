import type { DataToolDefinition } from '@opendata-mcp/core';
import { z } from 'zod';
import type { CkanRuntime } from '../ckan-runtime.js';
import type { OtherPortals } from '../portal/other-portals.js';

// biome-ignore lint/suspicious/noExplicitAny: every CKAN tool factory fits, whatever its own schemas.
type CkanTool = DataToolDefinition<any, any>;

const PortalSchema = z
  .string()
  .min(1)
  .max(300)
  .optional()
  .describe(
    'Another CKAN portal to read instead of this one (1 to 300 characters): an id of the built-in portal directory (e.g. "opendata-swiss", ' +
      '"data-gov-ie", "zurich"; api_status lists them) or a portal base URL such as "https://data.gov.ie". ' +
      "Ids returned by one portal only mean something on that portal: pass the same `portal` on each call. Default: this server's portal.",
  );

/**
 * The tool as built for the instance's portal, plus a `portal` parameter when the instance allows
 * other portals: a call naming one runs the same tool built for that portal's runtime.
 */
export function withPortal(
  home: CkanRuntime,
  portals: OtherPortals | null,
  build: (rt: CkanRuntime) => CkanTool,
): CkanTool {
  const tool = build(home);
  if (!portals) return tool;
  const built = new WeakMap<CkanRuntime, CkanTool>();
  return {
    ...tool,
    description: `${tool.description} Pass \`portal\` to ask another CKAN portal.`,
    input: tool.input.extend({ portal: PortalSchema }),
    async execute(input, ctx) {
      const { portal, ...rest } = input as { portal?: string };
      if (portal === undefined) return tool.execute(rest, ctx);
      const rt = portals.resolve(portal);
      let other = built.get(rt);
      if (!other) {
        other = build(rt);
        built.set(rt, other);
      }
      return other.execute(rest, ctx);
    },
  };
}
