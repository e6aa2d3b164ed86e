import { ERROR_CODE_LIST, type ErrorCode } from './error-codes.js';
import { isOpenDataError } from './opendata-error.js';

export interface ErrorBody {
  code: ErrorCode;
  message: string;
  hint: string | null;
  retryable: boolean;
  details?: Record<string, unknown>;
}

const MAX_MESSAGE = 600;

/** Caps a message so an upstream body or a pasted query never floods the agent's context. */
export function shorten(text: string, max = MAX_MESSAGE): string {
  const single = text.replace(/\s+/g, ' ').trim();
  return single.length <= max ? single : `${single.slice(0, max - 1)}…`;
}

/** Turns anything thrown into the public error body; unknown errors never leak their text. */
export function toErrorBody(error: unknown): ErrorBody {
  if (isOpenDataError(error) && ERROR_CODE_LIST.includes(error.code)) {
    return {
      code: error.code,
      message: shorten(error.message),
      hint: error.hint ?? null,
      retryable: error.retryable,
      ...(error.details ? { details: error.details } : {}),
    };
  }
  return {
    code: 'internal_error',
    message: 'The server failed while answering this call. This is a bug on our side, not missing data.',
    hint: 'Try again once; if it persists, report it with the tool name and arguments.',
    retryable: false,
  };
}
