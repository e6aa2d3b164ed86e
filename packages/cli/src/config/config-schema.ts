import { INSTANCE_ID_PATTERN, networkOptionsShape } from '@opendata-mcp/core';
import { z } from 'zod';

/** Keys every adapter entry understands; each adapter type adds its own, checked by its schema. */
export const AdapterEntrySchema = z
  .object({
    type: z.string().min(1).describe('Adapter type, e.g. "lindas" or "ckan".'),
    module: z
      .string()
      .min(1)
      .optional()
      .describe(
        "Package name or file path of a module exporting an adapter plugin for this type (`adapterPlugin`); resolved from the configuration file's folder.",
      ),
    id: z
      .string()
      .regex(INSTANCE_ID_PATTERN)
      .optional()
      .describe('Instance id; needed when one type runs twice.'),
    url: z.url().optional().describe('Backend address (SPARQL endpoint or portal base URL).'),
    tool_prefix: z
      .string()
      .regex(/^[a-z][a-z0-9_]*$/)
      .optional()
      .describe(
        'Prefix for this instance\'s tool names ("<prefix>_<tool>"), to run two instances side by side.',
      ),
    ...networkOptionsShape,
  })
  .loose();

export const HttpConfigSchema = z
  .object({
    host: z.string().optional().describe('Interface to bind; 127.0.0.1 by default.'),
    port: z
      .number()
      .int()
      .min(0)
      .max(65535)
      .optional()
      .describe('Port; 3000 by default, 0 picks a free one.'),
    allowed_hosts: z
      .array(z.string())
      .optional()
      .describe('Host names clients use besides the loopback forms.'),
    allowed_origins: z
      .array(z.string())
      .optional()
      .describe('Exact browser origins allowed to call; none by default.'),
    max_body_bytes: z.number().int().positive().optional().describe('Request body cap; 1 MiB by default.'),
    bearer_token: z
      .string()
      .min(16)
      .optional()
      .describe('When set, /mcp requires "Authorization: Bearer <token>".'),
    metrics: z
      .boolean()
      .optional()
      .describe(
        'Serve Prometheus metrics at /metrics, behind the same Host, Origin and token checks as /mcp; true by default.',
      ),
    request_state_key: z
      .string()
      .min(32)
      .optional()
      .describe(
        'Secret that signs multi-round request state; give every process behind one address the same key.',
      ),
  })
  .strict();

export const LimitsConfigSchema = z
  .object({
    max_download_bytes: z.number().int().positive().optional(),
    max_response_bytes: z.number().int().positive().optional(),
    max_rows: z.number().int().positive().optional(),
    max_query_memory_bytes: z.number().int().positive().optional(),
    query_timeout_ms: z.number().int().positive().optional(),
    request_timeout_ms: z.number().int().positive().optional(),
    call_deadline_ms: z.number().int().positive().optional(),
    max_answer_bytes: z
      .number()
      .int()
      .positive()
      .optional()
      .describe(
        'Largest tool answer in bytes of JSON; long cells are cut first, a larger answer is refused. 3 MiB by default.',
      ),
    max_engines: z
      .number()
      .int()
      .positive()
      .optional()
      .describe('Query engine processes (one per loaded table) alive at once; 4 by default.'),
    max_engine_memory_bytes: z
      .number()
      .int()
      .positive()
      .optional()
      .describe('Sum of the memory ceilings of the live query engines; 6 GiB by default.'),
  })
  .strict();

export const ResultsConfigSchema = z
  .object({
    enabled: z
      .boolean()
      .optional()
      .describe(
        'Keep answers with a table for query_results; true by default. false also drops query_results.',
      ),
    ttl_ms: z
      .number()
      .int()
      .positive()
      .optional()
      .describe('How long a result is kept after the call that made it; 1 hour by default.'),
    max_result_bytes: z
      .number()
      .int()
      .positive()
      .optional()
      .describe(
        'Largest result kept, serialised; 16 MiB by default. A larger table is answered but not kept.',
      ),
    max_bytes: z
      .number()
      .int()
      .positive()
      .optional()
      .describe('Bytes all kept results of this process may take together; 256 MiB by default.'),
    max_results: z
      .number()
      .int()
      .positive()
      .optional()
      .describe('Results this process keeps at once; 10 000 by default.'),
    client_share: z
      .number()
      .gt(0)
      .max(1)
      .optional()
      .describe(
        "Share of max_bytes and max_results one client (an HTTP session, a stdio connection) may hold; 0.25 by default. Keeping past it evicts the client's own oldest results, never another's.",
      ),
    namespace: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/)
      .optional()
      .describe(
        'Scope of result ids: servers sharing a result store and a namespace read each other\'s results. Random per process by default; "replicas" when a store is configured.',
      ),
  })
  .strict();

export const StoreConfigSchema = z
  .object({
    url: z
      .string()
      .regex(/^rediss?:\/\/\S+$/, 'expected a redis:// or rediss:// URL')
      .describe(
        'Redis or Valkey server the replicas share (redis://host:port, rediss:// for TLS); without a store each process keeps its own caches and budgets.',
      ),
    namespace: z
      .string()
      .regex(/^[A-Za-z0-9_.:-]{1,64}$/)
      .optional()
      .describe(
        'Prefix of every key, so several deployments can share one server; "opendata-mcp" by default.',
      ),
  })
  .strict();

const BudgetSchema = z
  .object({
    requests: z.number().int().min(1).max(100_000).describe('Requests allowed per interval.'),
    interval_ms: z.number().int().min(10).max(3_600_000).describe('Length of the interval in ms.'),
  })
  .strict();

export const UpstreamBudgetConfigSchema = z
  .object({
    requests: BudgetSchema.shape.requests
      .optional()
      .describe(
        'Requests each upstream host may receive per interval, counted across replicas through the store.',
      ),
    interval_ms: BudgetSchema.shape.interval_ms.optional(),
    hosts: z
      .record(z.string().min(1), BudgetSchema)
      .optional()
      .describe('Budgets of single hosts (exact names), overriding the one above.'),
  })
  .strict()
  .refine((budget) => (budget.requests === undefined) === (budget.interval_ms === undefined), {
    message: 'requests and interval_ms go together',
  });

export const ConfigSchema = z
  .object({
    $schema: z.string().optional(),
    adapters: z.array(AdapterEntrySchema).min(1).describe('The backends this server serves.'),
    http: HttpConfigSchema.optional(),
    limits: LimitsConfigSchema.optional(),
    results: ResultsConfigSchema.optional(),
    cache_dir: z
      .string()
      .optional()
      .describe(
        "Directory of the downloaded-resource cache (and of the results `call` keeps), made private (0700); refused when it or a level above it belongs to another user. Default: opendata-mcp/resources in the user's cache folder (XDG_CACHE_HOME or ~/.cache; ~/Library/Caches on macOS; %LOCALAPPDATA% on Windows).",
      ),
    store: StoreConfigSchema.optional().describe(
      'Shared store of several replicas behind one address: metadata caches, upstream budgets and 429 back-off. The downloaded-resource cache stays per machine.',
    ),
    upstream_budget: UpstreamBudgetConfigSchema.optional().describe(
      'Requests per interval to each upstream host; shared by the replicas when a store is set.',
    ),
    log_level: z.enum(['debug', 'info', 'warn', 'error', 'silent']).optional(),
  })
  .strict();

export type Config = z.infer<typeof ConfigSchema>;
export type AdapterEntry = z.infer<typeof AdapterEntrySchema>;
