import type { CallToolResult, ImageContent } from '@modelcontextprotocol/server';
import type { Envelope } from '../envelope/envelope.js';

/**
 * The envelope as structured content, mirrored as JSON text for clients that only read text; pictures
 * a tool drew follow the text.
 */
export function toCallToolResult(envelope: Envelope, images: ImageContent[] = []): CallToolResult {
  return {
    content: [{ type: 'text', text: JSON.stringify(envelope) }, ...(envelope.ok ? images : [])],
    structuredContent: envelope as unknown as Record<string, unknown>,
    ...(envelope.ok ? {} : { isError: true }),
  };
}
