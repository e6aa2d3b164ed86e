import { isOpenDataError, OpenDataError } from '../errors/opendata-error.js';

/** Finds an OpenDataError anywhere in a cause chain (undici wraps what a connector throws). */
export function findOpenDataError(error: unknown): OpenDataError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current; depth++) {
    if (isOpenDataError(current)) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function errorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Seconds from a Retry-After header (delta or HTTP date); a zero or past value is not trusted. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  const seconds = /^\d+$/.test(trimmed) ? Number(trimmed) : (Date.parse(trimmed) - now) / 1000;
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : null;
}

/**
 * The status an offline fixture backend answers a request it holds no recording for. Unassigned in
 * the HTTP registry, so no portal sends it; kept apart from 404 so that "the recording lacks it" is
 * never read as "the portal has nothing".
 */
export const NOT_RECORDED_STATUS = 460;

/** Header in which a fixture backend names, briefly, what it does hold near a request it cannot answer. */
export const RECORDED_REQUESTS_HEADER = 'x-recorded-requests';

/** The error for an HTTP status the caller did not accept; never includes the body. */
export function statusError(
  status: number,
  host: string,
  retryAfter: string | null = null,
  recorded: string | null = null,
): OpenDataError {
  const details: Record<string, unknown> = { status, host };
  if (status === NOT_RECORDED_STATUS) {
    // Up to a dozen recorded requests of a flow; cut only past that, never in the middle of one.
    const held = recorded?.trim().slice(0, 1500);
    return new OpenDataError(
      'not_recorded_offline',
      'Not available offline: the fixture backend holds no recording of this request. It says nothing about whether the live portal has the data.',
      {
        hint: held
          ? `Offline, ask for what the recordings hold: ${held}. Online, the live portal answers.`
          : 'The offline fixtures hold only recorded requests: ask for what the recordings hold (the demo journeys and tool examples show some); online, the live portal answers.',
        details,
      },
    );
  }
  if (status === 429) {
    const seconds = parseRetryAfter(retryAfter);
    if (seconds !== null) details.retry_after_s = seconds;
    return new OpenDataError('rate_limited', `${host} is rate limiting requests (HTTP 429).`, {
      hint: 'Wait before calling again, or make fewer calls.',
      details,
    });
  }
  if (status === 404 || status === 410) {
    return new OpenDataError('not_found', `${host} has no such resource (HTTP ${status}).`, {
      hint: 'Check the identifier; search again to find the current one.',
      details,
    });
  }
  // Not Implemented is the portal's lasting answer to this kind of request, not a passing fault.
  if (status === 501) {
    return new OpenDataError('upstream_error', `${host} does not implement this request (HTTP 501).`, {
      hint: 'The portal does not offer this feature; ask in another way.',
      details,
    });
  }
  if (status >= 500 || status === 408 || status === 425) {
    const seconds = parseRetryAfter(retryAfter);
    if (seconds !== null) details.retry_after_s = seconds;
    return new OpenDataError('upstream_unavailable', `${host} is unavailable (HTTP ${status}).`, {
      hint: 'The portal has a temporary problem; try again later.',
      details,
    });
  }
  return new OpenDataError('upstream_error', `${host} refused the request (HTTP ${status}).`, {
    hint: 'The portal rejected this request; check the parameters.',
    details,
  });
}

export function timeoutError(host: string, what: 'attempt' | 'deadline', ms: number): OpenDataError {
  const message =
    what === 'attempt'
      ? `${host} did not answer within ${ms} ms.`
      : `The requests to ${host} ran past their ${ms} ms deadline.`;
  return new OpenDataError('upstream_timeout', message, {
    hint: 'The portal is slow; try again later or ask for less data.',
    details: { host },
  });
}

/** Maps anything a request threw to a stable code; socket and DNS failures are retryable. */
export function toOpenDataError(error: unknown, host: string): OpenDataError {
  const known = findOpenDataError(error);
  if (known) return known;
  const code = errorCode(error);
  if (code?.startsWith('Z_') || code === 'ERR_BROTLI_DECOMPRESSION_FAILED') {
    return new OpenDataError('upstream_error', `${host} sent a body that does not decompress.`, {
      details: { host },
      cause: error,
    });
  }
  return new OpenDataError('upstream_unavailable', `Could not reach ${host}${code ? ` (${code})` : ''}.`, {
    hint: 'The portal could not be reached; try again later.',
    details: { host },
    cause: error,
  });
}
