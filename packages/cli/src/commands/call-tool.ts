import type { Envelope, OpenDataServer, ProgressUpdate } from '@opendata-mcp/core';
import { errorEnvelope, toErrorBody } from '@opendata-mcp/core';
import { ConfigError } from '../config/config-error.js';

/** `call <tool> '<json>'`: the envelope on stdout; true when the answer is a success. */
export async function callTool(
  server: OpenDataServer,
  tool: string,
  json: string | undefined,
  onProgress?: (update: ProgressUpdate) => void,
): Promise<Envelope> {
  let args: unknown = {};
  if (json !== undefined) {
    try {
      args = JSON.parse(json);
    } catch (error) {
      throw new ConfigError(`Tool arguments are not valid JSON: ${(error as Error).message}`);
    }
  }
  try {
    return await server.callTool(tool, args, onProgress ? { onProgress } : {});
  } catch (error) {
    return errorEnvelope(toErrorBody(error));
  }
}
