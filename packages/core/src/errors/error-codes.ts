/**
 * The stable error codes every adapter shares. `retryable` is a property of the code, so an
 * agent can decide to try again without reading the message.
 */
export const ERROR_CODES = {
  invalid_input: { retryable: false },
  not_found: { retryable: false },
  no_data: { retryable: false },
  unsafe_sql: { retryable: false },
  unsafe_sparql: { retryable: false },
  unsafe_url: { retryable: false },
  unsupported_resource: { retryable: false },
  resource_too_large: { retryable: false },
  query_timeout: { retryable: false },
  query_error: { retryable: false },
  rate_limited: { retryable: true },
  upstream_unavailable: { retryable: true },
  upstream_timeout: { retryable: true },
  upstream_error: { retryable: false },
  not_recorded_offline: { retryable: false },
  scope_denied: { retryable: false },
  internal_error: { retryable: false },
} as const satisfies Record<string, { retryable: boolean }>;

export type ErrorCode = keyof typeof ERROR_CODES;

export const ERROR_CODE_LIST = Object.keys(ERROR_CODES) as ErrorCode[];

export function isRetryable(code: ErrorCode): boolean {
  return ERROR_CODES[code].retryable;
}
