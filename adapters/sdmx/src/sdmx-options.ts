import { instanceIdParam, networkOptionsShape } from '@opendata-mcp/core';
import { z } from 'zod';
import { REGISTRY_IDS } from './profiles/registry-profiles.js';
import { ROLES } from './resolution/dimension-roles.js';

export const DEFAULT_SDMX_URL = 'https://sdmx.data.unicef.org/ws/public/sdmxapi/rest';

/** Options of one SDMX registry instance; strict, so a typo in a config file fails at start-up. */
export const SdmxOptionsSchema = z
  .object({
    id: instanceIdParam('sdmx'),
    registry: z
      .enum(REGISTRY_IDS)
      .optional()
      .describe(
        `A registry the adapter knows by name (${REGISTRY_IDS.join(', ')}): its URL, agency, formats and quirks come from its built-in profile; any other option given here overrides the profile.`,
      ),
    url: z
      .string()
      .url()
      .refine((u) => /^https?:\/\//.test(u), 'must be an http(s) URL')
      .optional()
      .describe(
        'REST base of the registry, e.g. "https://sdmx.data.unicef.org/ws/public/sdmxapi/rest" (default: the registry profile\'s; with neither, the UNICEF registry).',
      ),
    agency: z
      .string()
      .regex(/^[A-Za-z0-9_@$-]{1,60}(?:\.[A-Za-z0-9_@$-]{1,60}){0,4}$/)
      .optional()
      .describe(
        'Default maintenance agency, e.g. "UNICEF"; without it searches ask for every agency ("all").',
      ),
    title: z.string().min(1).max(120).optional().describe('Human name of the registry (default: its host).'),
    language: z
      .string()
      .regex(/^[a-z]{2,3}$/)
      .default('en')
      .describe('Preferred language of names; another language is used when this one is missing.'),
    structure_references: z
      .enum(['all', 'descendants'])
      .optional()
      .describe(
        'references= asked with a dataflow structure: "all" also returns content constraints, "descendants" only the DSD, code lists and concepts (default: the profile\'s, else "all").',
      ),
    data_format: z
      .enum(['csv', 'sdmx-ml-structure-specific', 'sdmx-ml-generic', 'sdmx-json'])
      .optional()
      .describe(
        "Data format to ask for first (default: the profile's first, else csv). Whatever the registry sends back is read: every format is understood.",
      ),
    csv_format_param: z
      .string()
      .regex(/^[A-Za-z0-9.+_-]{1,40}$/)
      .nullable()
      .optional()
      .describe(
        'Value of the format= parameter that makes the registry answer CSV; null sends only the Accept header (default: the profile\'s, else "csv").',
      ),
    flows: z
      .array(z.string().regex(/^[A-Za-z0-9_@$-]{1,100}\*?$/, 'a dataflow id, or a prefix ending in *'))
      .max(500)
      .optional()
      .describe(
        'Allow-list of dataflow ids this instance serves ("CME", or a prefix such as "CME_*"); every tool refuses other flows with scope_denied (default: every flow).',
      ),
    dimension_roles: z
      .record(z.string().regex(/^[A-Za-z0-9_@$-]{1,100}$/), z.enum(ROLES))
      .optional()
      .describe(
        'Role of a dimension where its id does not tell, e.g. {"COUNTERPART": "geography"}; roles: geography, indicator, sex, age, time, unit, frequency, other (default: inferred from concepts and code lists).',
      ),
    total_defaults: z
      .array(z.string().regex(/^[A-Za-z0-9_@$-]{1,100}$/))
      .max(40)
      .optional()
      .describe(
        'Dimensions that default to their total (_T) when a question leaves them out, e.g. ["WEALTH_QUINTILE", "RESIDENCE"]; answers name each default applied (default: the profile\'s, else none).',
      ),
    ...networkOptionsShape,
    metadata_ttl_ms: z
      .number()
      .int()
      .min(0)
      .max(86_400_000)
      .default(3_600_000)
      .describe('How long dataflow lists and structures are reused from the metadata cache.'),
    index_wait_ms: z
      .number()
      .int()
      .min(0)
      .max(120_000)
      .default(10_000)
      .describe(
        'How long a search waits for the discovery index to be built before answering from dataflow titles alone (the build goes on).',
      ),
  })
  .strict();

export type SdmxOptions = z.output<typeof SdmxOptionsSchema>;
