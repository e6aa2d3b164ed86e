import type { ServerContext } from '@modelcontextprotocol/server';
import type { ProgressUpdate } from '../contract/context.js';

/** Receives progress reports; a returned promise is awaited, any other return value ignored. */
export type ProgressReporter = (update: ProgressUpdate) => unknown;

/**
 * Resolves once the notification is handed to the transport, so a tool that awaits its progress
 * report cannot have its result overtake it: a client drops progress that arrives after the result.
 */
export function progressReporter(sdk: ServerContext): ProgressReporter | undefined {
  const token = sdk.mcpReq._meta?.progressToken;
  if (token === undefined) return undefined;
  return (update) =>
    sdk.mcpReq
      .notify({ method: 'notifications/progress', params: { progressToken: token, ...update } })
      .catch(() => undefined);
}
