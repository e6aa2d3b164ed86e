import { OpenDataError } from '@opendata-mcp/core';

/**
 * The registry's answer ends before its message does. A body cut in transit is a transport
 * failure, retryable like any other, and never read as a shorter answer.
 */
export function cutOff(format: string): OpenDataError {
  return new OpenDataError(
    'upstream_unavailable',
    `The registry's ${format} answer ends before the message does: the transfer was cut off.`,
    { hint: 'Try again; the registry or the network broke off the answer.' },
  );
}
