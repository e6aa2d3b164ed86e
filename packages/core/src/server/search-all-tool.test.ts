import { describe, expect, it } from 'vitest';
import type { Adapter } from '../contract/adapter.js';
import { silentLogger } from '../log/logger.js';
import { createOpenDataServer } from './create-server.js';

function adapter(id: string, search?: Adapter['search']): Adapter {
  return {
    specificationVersion: 1,
    id,
    backend: 'test',
    title: id,
    endpoint: `https://${id}.example`,
    instructions: 'Test backend.',
    tools: [],
    ...(search ? { search } : {}),
  };
}

describe('search_all', () => {
  it('does not call a search complete while a backend could not be searched', async () => {
    const searching = adapter('catalogue', async () => [
      {
        kind: 'dataset',
        id: 'd1',
        title: 'Mortality by cause',
        open: { tool: 'get_dataset', arguments: { dataset_id: 'd1' } },
      },
    ]);
    const server = createOpenDataServer({ adapters: [searching, adapter('tables')], logger: silentLogger });
    const answer = await server.callTool('search_all', { query: 'mortality' });
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    expect(answer.backends).toEqual([
      expect.objectContaining({ adapter_id: 'catalogue', status: 'answered', hits: 1 }),
      expect.objectContaining({ adapter_id: 'tables', status: 'cannot_search', hits: 0 }),
    ]);
    expect(answer.all_answered).toBe(false);
    await server.close();
  });
});
