import type { z } from 'zod';
import { OpenDataError } from '../errors/opendata-error.js';

/** Parameters that narrow an answer, in the order a hint names them, whichever tool has them. */
const NARROWING = [
  'limit',
  'sql',
  'query',
  'filters',
  'dimensions',
  'series_key',
  'columns',
  'fields',
  'start_period',
  'end_period',
] as const;

const MIB = 1024 * 1024;
const size = (bytes: number) =>
  bytes >= MIB ? `${(bytes / MIB).toFixed(1)} MiB` : `${Math.ceil(bytes / 1024)} KiB`;

function narrowingHint(input: z.ZodType): string {
  const shape = (input as { shape?: Record<string, unknown> }).shape ?? {};
  const present = NARROWING.filter((name) => name in shape);
  const by = present.length > 0 ? ` with ${present.join(', ')}` : '';
  return `Ask for less in one call${by}: fewer rows or columns, a filter or a shorter period, or an aggregate instead of a listing.`;
}

/**
 * The last bound on what a tool sends, whichever adapter answers: an envelope whose JSON takes more
 * than `maxBytes` is refused rather than sent, so one answer can neither close a client's session
 * (official clients drop a message over 10 MiB) nor hold the server's memory and output.
 * Null when the envelope fits.
 */
export function oversizedAnswer(
  envelope: unknown,
  tool: { name: string; input: z.ZodType },
  maxBytes: number,
): OpenDataError | null {
  const bytes = Buffer.byteLength(JSON.stringify(envelope));
  if (bytes <= maxBytes) return null;
  return new OpenDataError(
    'resource_too_large',
    `The answer of ${tool.name} takes ${size(bytes)}, more than the ${size(maxBytes)} this server sends in one answer.`,
    { hint: narrowingHint(tool.input), details: { answer_bytes: bytes, max_answer_bytes: maxBytes } },
  );
}
