import type {
  CacheHint,
  GetPromptResult,
  InputRequiredResult,
  ReadResourceResult,
} from '@modelcontextprotocol/server';
import type { z } from 'zod';
import type { RequestContext, ToolContext } from './context.js';
import type { AdapterPlaces } from './place-capability.js';
import type { AdapterSearch } from './search-capability.js';
import type { AnyObjectSchema, AnyToolDefinition } from './tool.js';

/** Bumped when the adapter contract changes incompatibly; core refuses adapters of another version. */
export const SPECIFICATION_VERSION = 1 as const;

/** One backend's answer to `api_status`; core adds latency and the last successful call. */
export interface HealthProbe {
  reachable: boolean;
  /** One number that shows the backend answers with content, e.g. cubes or datasets. */
  count?: { label: string; value: number } | null;
  detail?: string;
}

export interface ResourceDefinition {
  name: string;
  /** A fixed URI, or an RFC 6570 template such as `lindas://cube/{id}`. */
  uri?: string;
  template?: string;
  title?: string;
  description?: string;
  mimeType?: string;
  /** How long a client may keep a read, and whether shared caches may (2026-07-28 revision). */
  cacheHint?: CacheHint;
  /** May answer `inputRequired(...)` like a content tool. */
  read(
    uri: URL,
    variables: Record<string, string | string[]>,
    ctx: RequestContext,
  ): Promise<ReadResourceResult | InputRequiredResult>;
  /** For templates: value suggestions for `completion/complete`. */
  complete?: Record<string, (value: string) => string[] | Promise<string[]>>;
}

export interface PromptDefinition<Args extends AnyObjectSchema = AnyObjectSchema> {
  name: string;
  title?: string;
  description?: string;
  args?: Args;
  /** May answer `inputRequired(...)` like a content tool. */
  get(args: z.output<Args>, ctx: RequestContext): Promise<GetPromptResult | InputRequiredResult>;
  /** Value suggestions per argument for `completion/complete`. */
  complete?: Record<string, (value: string) => string[] | Promise<string[]>>;
}

/** Outbound network policy for one adapter instance, enforced by the guarded HTTP client. */
export interface NetworkPolicy {
  /** `host:port` pairs where plain http and any port are allowed (loopback fixtures, tests). */
  trustedHosts?: string[];
  /** When set, only these exact host names may be contacted. */
  allowedHosts?: string[];
}

/**
 * An adapter instance: a plain object a factory returns. Core registers its tools, wraps
 * their answers, and owns every side effect it uses through `ToolContext`.
 */
export interface Adapter {
  specificationVersion: typeof SPECIFICATION_VERSION;
  /** Unique per server; two instances of one adapter need two ids. */
  id: string;
  /** Backend kind, e.g. "lindas", "ckan". */
  backend: string;
  title: string;
  /** The backend address this instance talks to. */
  endpoint: string;
  /** Workflow and limits, merged into the server instructions. */
  instructions: string;
  tools: AnyToolDefinition[];
  resources?: ResourceDefinition[];
  prompts?: PromptDefinition[];
  network?: NetworkPolicy;
  health?(ctx: ToolContext): Promise<HealthProbe>;
  /** Optional: lets `search_all` search this backend alongside the others. */
  search?: AdapterSearch;
  /** Optional: how this backend codes gazetteer places (`resolve_place`, place names in filters, coverage in `search_all`). */
  places?: AdapterPlaces;
  /**
   * Optional: the languages its names and descriptions are written in (ISO 639-1, e.g. ["de", "fr"]),
   * so `search_all` reads hits in their language and tells an agent which language to ask in. Read
   * after each search: a backend that learns its languages from the portal may list them once known.
   */
  languages?: readonly string[];
  /** Releases what the instance holds (database sessions, temp files). */
  close?(): Promise<void>;
}
