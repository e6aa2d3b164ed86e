import type { Adapter } from '../contract/adapter.js';
import type { ErrorCode } from '../errors/error-codes.js';
import type { OpenDataServerOptions } from '../server/create-server.js';

export interface ConformanceSetup {
  adapter: Adapter;
  /** Extra server options, e.g. an HTTP client that trusts a loopback fixture. */
  server?: Partial<OpenDataServerOptions>;
  teardown?: () => Promise<void>;
}

/** A call made while the backend is switched to a failure mode, and the code it must answer with. */
export interface ConformanceFault {
  /** Shown in the assertion message, e.g. "registry rate limited". */
  name: string;
  /** Switches the fixture backend to the fault (e.g. `fixture.faults.set('rate_limit')`). */
  arm(): void | Promise<void>;
  /** Heals the backend again. */
  disarm(): void | Promise<void>;
  tool: string;
  args: Record<string, unknown>;
  code: ErrorCode;
}

export interface AdapterConformanceOptions {
  name: string;
  setup(): Promise<ConformanceSetup>;
  /** At least one successful call per data tool. */
  success: Array<{ tool: string; args: Record<string, unknown> }>;
  /** Calls that must fail, with the code they must fail with. */
  failures?: Array<{ tool: string; args: unknown; code: ErrorCode }>;
  /** Upstream faults and the code each must surface as (rate_limited, upstream_unavailable …). */
  faults?: ConformanceFault[];
  /** Tools whose truncated answers cannot be paged by offset, each with the reason (docs/VOCABULARY.md). */
  unpaged?: Record<string, string>;
}
