import { serveStdio } from '@modelcontextprotocol/server/stdio';
import type { Logger } from '../log/logger.js';
import type { OpenDataServer } from '../server/create-server.js';

/**
 * Serves over stdin/stdout for desktop clients. stdout carries protocol frames only;
 * logs go to stderr. Both protocol eras are served: the opening message picks one.
 */
export function startStdioServer(server: OpenDataServer, logger: Logger): { close(): Promise<void> } {
  const handle = serveStdio((request) => server.createMcpServer(request), {
    onerror: (error) => logger.warn('stdio transport error', { error: error.message }),
  });
  logger.info('serving MCP over stdio', { tools: server.tools.length });
  return handle;
}
