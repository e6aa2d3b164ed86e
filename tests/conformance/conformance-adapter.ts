import { type Adapter, SPECIFICATION_VERSION } from '@opendata-mcp/core';
import { contentTools } from './fixtures/content-tools.js';
import { elicitationTools } from './fixtures/elicitation-tools.js';
import { inputRequiredTools } from './fixtures/input-required-tools.js';
import { prompts } from './fixtures/prompts.js';
import { resources } from './fixtures/resources.js';

/**
 * The conformance suite's fixture surface, declared only through the adapter contract: if the
 * contract cannot say something the suite asks for, this file cannot be written.
 */
export function conformanceAdapter(): Adapter {
  return {
    specificationVersion: SPECIFICATION_VERSION,
    id: 'conformance',
    backend: 'conformance',
    title: 'MCP conformance fixtures',
    endpoint: 'test://conformance',
    instructions: 'Fixture tools, resources and prompts of the MCP conformance suite.',
    tools: [...contentTools, ...elicitationTools, ...inputRequiredTools],
    resources,
    prompts,
  };
}
