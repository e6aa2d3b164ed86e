import { type ErrorCode, isRetryable } from './error-codes.js';

// A global symbol, so errors are recognised even across duplicated copies of this package.
const MARKER = Symbol.for('opendata-mcp.error');

export interface OpenDataErrorOptions {
  /** What the agent can do next: a corrected call, another tool, or waiting. */
  hint?: string;
  /** Overrides the code's default retryability (rarely needed). */
  retryable?: boolean;
  /** Machine-readable detail safe to show (HTTP status, host, column names …). */
  details?: Record<string, unknown>;
  cause?: unknown;
}

/** An expected failure with a stable code; everything else is reported as `internal_error`. */
export class OpenDataError extends Error {
  readonly [MARKER] = true;
  readonly code: ErrorCode;
  readonly hint: string | undefined;
  readonly retryable: boolean;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, message: string, options: OpenDataErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'OpenDataError';
    this.code = code;
    this.hint = options.hint;
    this.retryable = options.retryable ?? isRetryable(code);
    this.details = options.details;
  }
}

export function isOpenDataError(value: unknown): value is OpenDataError {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[MARKER] === true;
}
