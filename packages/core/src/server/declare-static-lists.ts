import type { McpServer } from '@modelcontextprotocol/server';

/**
 * The SDK declares `listChanged` as soon as something is registered; here the lists are fixed
 * when the server is composed, so the server says so rather than promise notifications that
 * never come.
 */
export function declareStaticLists(server: McpServer): void {
  const declared = server.server.getCapabilities();
  server.server.registerCapabilities({
    ...(declared.tools ? { tools: { ...declared.tools, listChanged: false } } : {}),
    ...(declared.prompts ? { prompts: { ...declared.prompts, listChanged: false } } : {}),
    ...(declared.resources ? { resources: { ...declared.resources, listChanged: false } } : {}),
  });
}
