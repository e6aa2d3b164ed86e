import { z } from 'zod';
import { PortalQuirksSchema } from './portal/portal-quirks.js';

const HOST_PORT = /^[a-z0-9.-]+:\d{1,5}$|^\[[0-9a-f:]+\]:\d{1,5}$/i;

/** Options of one CKAN adapter instance; strict, so a typo in a config file fails at start-up. */
export const CkanOptionsSchema = z
  .object({
    id: z
      .string()
      .regex(/^[a-z][a-z0-9_-]*$/)
      .default('ckan')
      .describe('Instance id; two portals in one server need two ids (and a tool prefix).'),
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
    trusted_hosts: z
      .array(z.string().regex(HOST_PORT))
      .optional()
      .describe('Exact host:port pairs reachable over plain http on any port (loopback fixtures).'),
    allowed_hosts: z
      .array(z.string().min(1))
      .optional()
      .describe('When set, only these host names may be contacted (API and resource files).'),
    quirks: PortalQuirksSchema.optional().describe('Overrides of the per-portal quirks table.'),
    metadata_ttl_ms: z
      .number()
      .int()
      .min(0)
      .max(86_400_000)
      .default(300_000)
      .describe('How long catalogue answers are reused from the metadata cache.'),
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
