import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport, inputRequired, inputResponse } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Adapter } from '../contract/adapter.js';
import { defineContentTool } from '../contract/tool.js';
import { silentLogger } from '../log/logger.js';
import { connectInProcess, type InProcessPair } from '../testing/in-process-client.js';
import { createOpenDataServer } from './create-server.js';

const LOCAL = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

const adapter: Adapter = {
  specificationVersion: 1,
  id: 'extras',
  backend: 'test',
  title: 'Extras',
  endpoint: 'test://extras',
  instructions: 'Resources, prompts and round trips.',
  tools: [
    defineContentTool({
      name: 'ask_colour',
      title: 'Ask for a colour',
      description: 'Asks the user for a colour, keeping sealed state across the round trip.',
      input: z.object({}).strict(),
      annotations: LOCAL,
      async execute(_input, ctx) {
        const answer = inputResponse(ctx.request.mcpReq.inputResponses, 'colour');
        const state = ctx.request.mcpReq.requestState<{ asked: string }>();
        if (answer.kind !== 'elicit' || state?.asked !== 'colour') {
          return inputRequired({
            inputRequests: {
              colour: inputRequired.elicit({
                message: 'Which colour?',
                requestedSchema: {
                  type: 'object',
                  properties: { colour: { type: 'string' } },
                  required: ['colour'],
                },
              }),
            },
            requestState: await ctx.sealRequestState({ asked: 'colour' }),
          });
        }
        return { content: [{ type: 'text', text: `colour=${String(answer.content?.colour)}` }] };
      },
    }),
  ],
  resources: [
    {
      name: 'readme',
      uri: 'extras://readme',
      read: async (uri) => ({ contents: [{ uri: uri.href, text: 'read me' }] }),
    },
    {
      name: 'item',
      template: 'extras://item/{id}',
      read: async (uri, { id }) => ({ contents: [{ uri: uri.href, text: `item ${String(id)}` }] }),
    },
  ],
  prompts: [
    {
      name: 'plain_prompt',
      description: 'Takes no arguments.',
      get: async () => ({ messages: [{ role: 'user', content: { type: 'text', text: 'plain' } }] }),
    },
    {
      name: 'city_prompt',
      args: z.object({ city: z.string().describe('A city.') }),
      complete: { city: (value) => ['Basel', 'Bern', 'Biel'].filter((c) => c.startsWith(value)) },
      get: async ({ city }) => ({
        messages: [{ role: 'user', content: { type: 'text', text: String(city) } }],
      }),
    },
  ],
};

let pair: InProcessPair | undefined;
afterEach(async () => {
  await pair?.close();
  pair = undefined;
});

async function connect(): Promise<InProcessPair> {
  pair = await connectInProcess(createOpenDataServer({ adapters: [adapter], logger: silentLogger }));
  return pair;
}

describe('resources, prompts and round trips through the contract', () => {
  it('serves a prompt without arguments and completes prompt arguments', async () => {
    const { client } = await connect();
    const plain = await client.getPrompt({ name: 'plain_prompt' });
    expect(plain.messages[0]?.content).toEqual({ type: 'text', text: 'plain' });
    const completion = await client.complete({
      ref: { type: 'ref/prompt', name: 'city_prompt' },
      argument: { name: 'city', value: 'Be' },
    });
    expect(completion.completion.values).toEqual(['Bern']);
    // A second server instance (HTTP builds one per request) reuses the prepared schema.
    const again = await connect();
    expect(
      (await again.client.getPrompt({ name: 'city_prompt', arguments: { city: 'Biel' } })).messages,
    ).toHaveLength(1);
  });

  it('acknowledges subscriptions to known resources and refuses unknown ones', async () => {
    const { client } = await connect();
    expect(client.getServerCapabilities()?.resources).toEqual({ subscribe: true, listChanged: false });
    await expect(client.subscribeResource({ uri: 'extras://readme' })).resolves.toEqual({});
    await expect(client.subscribeResource({ uri: 'extras://item/42' })).resolves.toEqual({});
    await expect(client.unsubscribeResource({ uri: 'extras://item/42' })).resolves.toEqual({});
    await expect(client.subscribeResource({ uri: 'extras://elsewhere' })).rejects.toThrow();
  });

  it('declares fixed lists: no list_changed promise', async () => {
    const { client } = await connect();
    const capabilities = client.getServerCapabilities();
    expect(capabilities?.tools?.listChanged).toBe(false);
    expect(capabilities?.prompts?.listChanged).toBe(false);
  });

  it('runs an inputRequired round trip with sealed state for a 2025-era client', async () => {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const mcp = createOpenDataServer({ adapters: [adapter], logger: silentLogger }).createMcpServer();
    await mcp.connect(serverSide);
    const client = new Client({ name: 't', version: '0' }, { capabilities: { elicitation: { form: {} } } });
    pair = {
      client,
      async close() {
        await client.close();
        await mcp.close();
      },
    };
    client.setRequestHandler('elicitation/create', async () => ({
      action: 'accept',
      content: { colour: 'teal' },
    }));
    await client.connect(clientSide);
    const result = await client.callTool({ name: 'ask_colour', arguments: {} });
    expect(result.content).toEqual([{ type: 'text', text: 'colour=teal' }]);
  });
});
