import type { Envelope, ProgressUpdate } from '@opendata-mcp/core';
import { toErrorBody } from '@opendata-mcp/core/errors';
import { errorEnvelope, type OpenDataServer } from '@opendata-mcp/core/server';
import { ConfigError } from '../config/config-error.js';
import { saveImages } from './save-images.js';

/** What `call` prints: the envelope, and the files it wrote the answer's images to (a chart). */
export type CallOutput = Envelope & { image_files?: string[] };

/**
 * `call <tool> '<json>'`: the envelope to print. Images a tool sends beside its answer (draw_chart's
 * PNG) are written to `imageDir`, named after the tool and the time, and listed in `image_files`.
 */
export function callTool(
  server: OpenDataServer,
  tool: string,
  json: string | undefined,
  options: { onProgress?: (update: ProgressUpdate) => void; imageDir: string },
): Promise<CallOutput> {
  return answer(server, tool, json, options.onProgress, (images) =>
    saveImages(images, tool, options.imageDir),
  );
}

async function answer(
  server: OpenDataServer,
  tool: string,
  json: string | undefined,
  onProgress: ((update: ProgressUpdate) => void) | undefined,
  save: (images: Array<{ data: string }>) => Promise<string[]>,
): Promise<CallOutput> {
  let args: unknown = {};
  if (json !== undefined) {
    try {
      args = JSON.parse(json);
    } catch (error) {
      throw new ConfigError(`Tool arguments are not valid JSON: ${(error as Error).message}`);
    }
  }
  let images: Array<{ data: string }> = [];
  let envelope: Envelope;
  try {
    envelope = await server.callTool(tool, args, {
      ...(onProgress ? { onProgress } : {}),
      onImages: (sent) => {
        images = sent;
      },
    });
  } catch (error) {
    return errorEnvelope(toErrorBody(error));
  }
  return images.length > 0 ? { ...envelope, image_files: await save(images) } : envelope;
}
