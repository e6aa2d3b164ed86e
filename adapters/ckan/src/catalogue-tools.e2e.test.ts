import { type CkanFixture, startCkanFixture } from '@opendata-mcp/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectStdio, type StdioSession } from '../e2e/stdio-client.js';

describe('CKAN catalogue tools over stdio', () => {
  let fixture: CkanFixture;
  let session: StdioSession;

  beforeAll(async () => {
    fixture = await startCkanFixture();
    session = await connectStdio([fixture]);
  });
  afterAll(async () => {
    await session?.close();
    await fixture?.close();
  });

  it('lists the five tools, api_status and search_all', async () => {
    const { tools } = await session.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(
      [
        'api_status',
        'get_dataset',
        'get_schema',
        'list_organizations',
        'query_resource',
        'search_all',
        'search_datasets',
      ].sort(),
    );
  });

  it('search_datasets finds the Kyiv record with counts and provenance', async () => {
    const { body, isError } = await session.call('search_datasets', { query: 'Києва' });
    expect(isError).toBe(false);
    expect(body.total_matched).toBe(1);
    expect(body.returned).toBe(1);
    expect(body.truncated).toBe(false);
    const [hit] = body.datasets;
    expect(hit.name).toBe('pzf-kyiv-city');
    expect(hit.formats).toEqual(['CSV']);
    expect(hit.organization).toBe('Міністерство енергетики та захисту довкілля України');
    expect(hit.modified).toBe('2019-06-05T11:20:00.000Z');
    expect(body.source.backend).toBe('ckan');
    expect(body.source.query.text).toContain('/api/3/action/package_search?q=');
  });

  it('search_datasets pages with offset and reports truncation', async () => {
    const first = await session.call('search_datasets', { query: 'a', limit: 2 });
    expect(first.body.returned).toBe(2);
    expect(first.body.truncated).toBe(true);
    const second = await session.call('search_datasets', { query: 'a', limit: 2, offset: 2 });
    expect(second.body.datasets[0].id).not.toBe(first.body.datasets[0].id);
  });

  it('search_datasets filters by organisation and format', async () => {
    const { body } = await session.call('search_datasets', {
      query: 'bus',
      publisher_id: 'sunderland-city-council',
      format: 'csv',
    });
    expect(body.datasets.map((d: { name: string }) => d.name)).toEqual(['sunderland-bus-stops']);
    const none = await session.call('search_datasets', { query: 'bus', publisher_id: 'menr' });
    expect(none.body.returned).toBe(0);
    expect(none.body.total_matched).toBe(0);
    // The old name answers for one release and says which name replaces it.
    const old = await session.call('search_datasets', {
      query: 'bus',
      organization: 'sunderland-city-council',
    });
    expect(old.body.datasets.map((d: { name: string }) => d.name)).toContain('sunderland-bus-stops');
    expect(old.body.deprecated).toEqual([expect.stringContaining('use "publisher_id"')]);
  });

  it('get_dataset lists resources with queryability and the look-alike format fixed', async () => {
    const { body } = await session.call('get_dataset', { dataset_id: 'pzf-kyiv-city' });
    expect(body.resources).toHaveLength(1);
    const [resource] = body.resources;
    expect(resource.format).toBe('CSV');
    expect(resource.declared_format).toBe('\u0421SV');
    expect(resource.queryable).toBe(true);
    expect(resource.url_host).toBe(fixture.hostPort);
    expect(body.license.id).toBe('cc-by');
    expect(body.source.license.id).toBe('cc-by');
    expect(body.source.source_modified_at).toBe('2019-06-05T11:20:00.000Z');
  });

  it('get_dataset marks HTML and ZIP resources of a recorded package as not queryable', async () => {
    const { body } = await session.call('get_dataset', { dataset_id: 'bolsa-familia-pagamentos' });
    expect(body.resources.length).toBeGreaterThan(10);
    expect(body.queryable_resources).toBe(0);
    expect(body.resources[0].not_queryable_reason).toMatch(/HTML is not tabular/);
  });

  it('get_dataset of an unknown id fails with not_found', async () => {
    const { body, isError } = await session.call('get_dataset', { dataset_id: 'no-such-dataset' });
    expect(isError).toBe(true);
    expect(body.error.code).toBe('not_found');
  });

  it('names the datasets near an unknown id in the not_found hint, not only the search tool', async () => {
    const { body } = await session.call('get_dataset', { dataset_id: 'pzf-kyiv' });
    expect(body.error.code).toBe('not_found');
    expect(body.error.hint).toContain('pzf-kyiv-city');
    const query = await session.call('get_schema', { dataset_id: 'kyiv-pzf' });
    expect(query.body.error.hint).toContain('pzf-kyiv-city');
  });

  it('list_organizations returns names with dataset counts', async () => {
    const { body } = await session.call('list_organizations', { limit: 100 });
    const menr = body.organizations.find((o: { name: string }) => o.name === 'menr');
    expect(menr.dataset_count).toBe(1);
    expect(body.truncated).toBe(false);
    const few = await session.call('list_organizations', { limit: 2 });
    expect(few.body.returned).toBe(2);
    expect(few.body.truncated).toBe(true);
    const filtered = await session.call('list_organizations', { query: 'sunderland' });
    expect(filtered.body.organizations.map((o: { name: string }) => o.name)).toEqual([
      'sunderland-city-council',
    ]);
  });

  it('api_status reports the portal with its dataset count', async () => {
    const { body } = await session.call('api_status', {});
    const [ckan] = body.backends;
    expect(ckan.reachable).toBe(true);
    expect(ckan.count.label).toBe('datasets');
    expect(ckan.count.value).toBeGreaterThan(8);
  });
});
