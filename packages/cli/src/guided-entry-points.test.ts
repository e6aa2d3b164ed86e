import { connectInProcess, type InProcessPair } from '@opendata-mcp/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureRuntime, startFixtureRuntime } from './fixture-runtime.test-support.js';

describe('prompts and resource templates of the product server', () => {
  let fixture: FixtureRuntime;
  let pair: InProcessPair;

  beforeAll(async () => {
    // A second instance of one adapter: its prompt is told apart, not refused.
    fixture = await startFixtureRuntime(({ sdmx }) => [
      { type: 'sdmx', id: 'bis', tool_prefix: 'bis', ...sdmx },
    ]);
    pair = await connectInProcess(fixture.runtime.server);
  });
  afterAll(async () => {
    await pair?.close();
    await fixture?.close();
  });

  it('offers a prompt per common journey, filled in from its arguments', async () => {
    const { prompts } = await pair.client.listPrompts();
    expect(prompts.map((p) => p.name).sort()).toEqual([
      'bis_compare_statistic_across_countries',
      'compare_statistic_across_countries',
      'explore_dataset',
      'swiss_municipality_figures',
    ]);
    const compare = await pair.client.getPrompt({
      name: 'compare_statistic_across_countries',
      arguments: { statistic: 'under-five mortality', countries: 'usa, bra', period: '2020' },
    });
    const text = (compare.messages[0]?.content as { text?: string } | undefined)?.text ?? '';
    expect(text).toContain('"area": ["USA","BRA"]');
    expect(text).toContain('"period": "2020"');
    const municipality = await pair.client.getPrompt({
      name: 'swiss_municipality_figures',
      arguments: { municipality: 'Winterthur' },
    });
    expect((municipality.messages[0]?.content as { text?: string } | undefined)?.text).toContain(
      'resolve_municipality {"query": "Winterthur"}',
    );
  });

  it('reads a cube, a dataset, a resource schema and a dataflow as resources, with the envelope', async () => {
    const { resourceTemplates } = await pair.client.listResourceTemplates();
    const templates = resourceTemplates.map((t) => t.uriTemplate);
    expect(templates).toEqual(
      expect.arrayContaining([
        'lindas://lindas/cube{?cube_id}',
        'ckan://ckan/dataset/{dataset_id}',
        'ckan://ckan/dataset/{dataset_id}/resource/{resource_id}/schema',
        'sdmx://sdmx/dataflow/{flow_id}',
        'opendata://query/{sha256}',
      ]),
    );
    const read = async (uri: string) => {
      const { contents } = await pair.client.readResource({ uri });
      const [first] = contents as Array<{
        text: string;
        mimeType: string;
        _meta?: { lastModified?: string };
      }>;
      expect(first?.mimeType).toBe('application/json');
      return { body: JSON.parse(first?.text ?? '{}'), meta: first?._meta };
    };
    const cube = await read(
      `lindas://lindas/cube?cube_id=${encodeURIComponent('https://ld.synthetic.example/foen/waldbrandgefahr/2')}`,
    );
    expect(cube.body).toMatchObject({ ok: true, name: 'Waldbrandgefahr' });
    const dataset = await read('ckan://ckan/dataset/pzf-kyiv-city');
    expect(dataset.body).toMatchObject({ ok: true, name: 'pzf-kyiv-city' });
    // The portal states when the dataset changed: a client can tell whether its copy is current.
    expect(dataset.meta?.lastModified).toBe(new Date(dataset.body.source.source_modified_at).toISOString());
    const schema = await read(
      'ckan://ckan/dataset/pzf-kyiv-city/resource/fefc392b-d1ae-5706-939b-521da2cdd35f/schema',
    );
    expect(schema.body.columns).toContain('Площа, га');
    const flow = await read('sdmx://sdmx/dataflow/CME');
    expect(flow.body).toMatchObject({ ok: true, flow: { id: 'CME' } });
    // Registries state no modification date: no lastModified is made up.
    expect(flow.meta?.lastModified).toBeUndefined();
  });

  it('refuses a resource it cannot read with an error, not an empty document', async () => {
    await expect(pair.client.readResource({ uri: 'ckan://ckan/dataset/no-such-dataset' })).rejects.toThrow();
  });
});
