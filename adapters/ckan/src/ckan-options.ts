import { instanceIdParam, networkOptionsShape } from '@opendata-mcp/core';
import { z } from 'zod';
import { PortalQuirksSchema } from './portal/portal-quirks.js';

/** Options of one CKAN adapter instance; strict, so a typo in a config file fails at start-up. */
export const CkanOptionsSchema = z
  .object({
    id: instanceIdParam('ckan'),
    url: z
      .string()
      .url()
      .refine((u) => /^https?:\/\//.test(u), 'must be an http(s) URL')
      .describe('Portal base URL, e.g. "https://data.gov.ua".'),
    title: z.string().min(1).max(120).optional().describe('Human name of the portal (default: its host).'),
    api_path: z
      .enum(['/api/3/action', '/api/action'])
      .optional()
      .describe('Action API layout; detected automatically when omitted.'),
    ...networkOptionsShape,
    quirks: PortalQuirksSchema.optional().describe('Overrides of the per-portal quirks table.'),
    metadata_ttl_ms: z
      .number()
      .int()
      .min(0)
      .max(86_400_000)
      .default(300_000)
      .describe(
        'How long catalogue answers, and resource files downloaded for them, are reused without asking the portal again (0: ask every time).',
      ),
    allow_other_portals: z
      .boolean()
      .default(false)
      .describe(
        'Let a tool call name another CKAN portal with `portal` (a URL, or an id of the built-in portal directory). ' +
          'Requests still pass the outbound guard and allowed_hosts. Off by default.',
      ),
    max_open_tables: z
      .number()
      .int()
      .min(1)
      .max(32)
      .default(4)
      .describe('Loaded resources kept in memory per instance, so a repeated query is cheap.'),
  })
  .strict();

export type CkanOptions = z.output<typeof CkanOptionsSchema>;
