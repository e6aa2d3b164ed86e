import {
  completable,
  type McpServer,
  ResourceNotFoundError,
  ResourceTemplate,
  type ServerContext,
  UriTemplate,
} from '@modelcontextprotocol/server';
import type { Adapter, PromptDefinition, ResourceDefinition } from '../contract/adapter.js';
import type { RequestContext } from '../contract/context.js';
import type { AnyObjectSchema } from '../contract/tool.js';

type ContextFor = (adapter: Adapter, sdk: ServerContext) => RequestContext;

/** Resources and prompts of every adapter, plus the subscription handshake for known resources. */
export function registerExtras(
  server: McpServer,
  adapters: ReadonlyArray<Adapter>,
  contextFor: ContextFor,
): void {
  const known: Array<(uri: string) => boolean> = [];
  const promptNames = new Set<string>();
  for (const adapter of adapters) {
    for (const resource of adapter.resources ?? [])
      known.push(registerResource(server, adapter, resource, contextFor));
    for (const prompt of adapter.prompts ?? []) {
      // Two instances of one adapter offer the same prompts; the second is told apart by its id.
      const name = promptNames.has(prompt.name)
        ? `${adapter.id.replace(/[^A-Za-z0-9_]+/g, '_')}_${prompt.name}`
        : prompt.name;
      promptNames.add(name);
      registerPrompt(server, adapter, name === prompt.name ? prompt : { ...prompt, name }, contextFor);
    }
  }
  if (known.length > 0) registerSubscriptions(server, (uri) => known.some((matches) => matches(uri)));
}

function registerResource(
  server: McpServer,
  adapter: Adapter,
  resource: ResourceDefinition,
  contextFor: ContextFor,
): (uri: string) => boolean {
  const metadata = {
    ...(resource.title ? { title: resource.title } : {}),
    ...(resource.description ? { description: resource.description } : {}),
    ...(resource.mimeType ? { mimeType: resource.mimeType } : {}),
    ...(resource.cacheHint ? { cacheHint: resource.cacheHint } : {}),
  };
  if (resource.template) {
    const template = new ResourceTemplate(resource.template, {
      list: undefined,
      ...(resource.complete ? { complete: resource.complete } : {}),
    });
    server.registerResource(resource.name, template, metadata, (uri, variables, sdk) =>
      resource.read(uri, variables, contextFor(adapter, sdk)),
    );
    const matcher = new UriTemplate(resource.template);
    return (uri) => matcher.match(uri) !== null;
  }
  if (!resource.uri)
    throw new Error(`Resource "${resource.name}" of "${adapter.id}" needs a uri or a template.`);
  const fixed = resource.uri;
  server.registerResource(resource.name, fixed, metadata, (uri, sdk) =>
    resource.read(uri, {}, contextFor(adapter, sdk)),
  );
  return (uri) => uri === fixed;
}

function registerPrompt(
  server: McpServer,
  adapter: Adapter,
  prompt: PromptDefinition,
  contextFor: ContextFor,
): void {
  const config = {
    ...(prompt.title ? { title: prompt.title } : {}),
    ...(prompt.description ? { description: prompt.description } : {}),
  };
  if (!prompt.args) {
    // Without an argument schema the SDK calls the handler with the request context alone.
    server.registerPrompt(prompt.name, config, (sdk: ServerContext) =>
      prompt.get({}, contextFor(adapter, sdk)),
    );
    return;
  }
  server.registerPrompt(
    prompt.name,
    { ...config, argsSchema: withCompleters(prompt, prompt.args) },
    // biome-ignore lint/suspicious/noExplicitAny: the argument shape is the prompt's own schema.
    (async (args: any, sdk: ServerContext) => prompt.get(args ?? {}, contextFor(adapter, sdk))) as never,
  );
}

/** Built once per prompt: `completable` marks a schema for good, and servers are built per request. */
const completingArgs = new WeakMap<PromptDefinition, AnyObjectSchema>();

/** Attaches `completion/complete` suggestions to the prompt arguments that have them. */
function withCompleters(prompt: PromptDefinition, args: AnyObjectSchema): AnyObjectSchema {
  if (!prompt.complete) return args;
  const cached = completingArgs.get(prompt);
  if (cached) return cached;
  const shape = { ...args.shape };
  for (const [name, suggest] of Object.entries(prompt.complete)) {
    if (!(name in shape))
      throw new Error(`Prompt "${prompt.name}" has a completer for unknown argument "${name}".`);
    shape[name] = completable(shape[name].clone(), (value: unknown) => suggest(String(value ?? '')));
  }
  const completing = args.extend(shape);
  completingArgs.set(prompt, completing);
  return completing;
}

/**
 * Resources here are snapshots read on demand, and adapters have no change feed, so a
 * subscription is acknowledged for any resource the server knows and no update ever follows.
 * An unknown URI is refused, as a read of it would be.
 */
function registerSubscriptions(server: McpServer, isKnown: (uri: string) => boolean): void {
  server.server.registerCapabilities({ resources: { subscribe: true } });
  const acknowledge = async (request: { params: { uri: string } }) => {
    if (!isKnown(request.params.uri)) throw new ResourceNotFoundError(request.params.uri);
    return {};
  };
  server.server.setRequestHandler('resources/subscribe', acknowledge);
  server.server.setRequestHandler('resources/unsubscribe', acknowledge);
}
