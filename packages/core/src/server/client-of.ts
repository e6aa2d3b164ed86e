import { createHash, randomBytes } from 'node:crypto';
import type { McpRequestContext } from '@modelcontextprotocol/server';

/**
 * Who a served unit speaks for, as kept-result quotas count clients: over HTTP the session a
 * 2025-era client was given at `initialize` (sent back in `Mcp-Session-Id`), else the unit itself (a
 * stdio connection, or one HTTP request of a client without a session). A session id is random and
 * travels only to its own client, so no client can name another's; one that makes ids up only splits
 * its own results over more shares, and the store's overall bound still keeps them from pushing out
 * anyone else's.
 */
export function clientOf(request: McpRequestContext | undefined): string {
  const session = request?.requestInfo?.headers.get('mcp-session-id');
  if (session) return `session:${createHash('sha256').update(session).digest('base64url').slice(0, 22)}`;
  return `unit:${randomBytes(12).toString('base64url')}`;
}
