import type { CallToolResult } from '@modelcontextprotocol/server';
import type { Envelope } from '../envelope/envelope.js';

/** The envelope as structured content, mirrored as JSON text for clients that only read text. */
export function toCallToolResult(envelope: Envelope): CallToolResult {
  return {
    content: [{ type: 'text', text: JSON.stringify(envelope) }],
    structuredContent: envelope as unknown as Record<string, unknown>,
    ...(envelope.ok ? {} : { isError: true }),
  };
}
