import { OpenDataError } from '@opendata-mcp/core';

/**
 * The registry's answer stopped before the message did (a dropped connection, a proxy or the
 * registry giving up mid-answer): a transport failure worth retrying, never read as a shorter answer.
 */
export function cutOff(format: string): OpenDataError {
  return new OpenDataError(
    'upstream_unavailable',
    `The registry's ${format} answer ended before the message did: the message was cut off.`,
    { hint: 'Try again; if it keeps happening, narrow the query so the answer is smaller.' },
  );
}
