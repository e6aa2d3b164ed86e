import { readFileSync } from 'node:fs';
import { createOpenDataServer, silentLogger } from '@opendata-mcp/core/server';
import { expect, it } from 'vitest';
import { createPxwebAdapter } from './create-pxweb-adapter.js';
import { startPxwebFixture } from './fixture/start-pxweb-fixture.js';

// The unit read straight from the recorded portal answer, not through the decoder under test.
const recorded = JSON.parse(
  readFileSync(
    new URL(
      '../data/recorded/rOpenGov-pxweb/statistikdatabasen.scb.se/api/v2/tables/TAB5974/data-35e0e2-fb7f17-POST.json',
      import.meta.url,
    ),
    'utf8',
  ),
) as { dimension: { ContentsCode: { category: { unit: Record<string, { base: string }> } } } };

it('states the unit of the content variable for the value, and keeps it with the table', async () => {
  const fixture = await startPxwebFixture();
  const server = createOpenDataServer({
    adapters: [createPxwebAdapter({ url: fixture.url, trusted_hosts: [fixture.hostPort] })],
    logger: silentLogger,
  });
  try {
    const answer = await server.callTool('query_table', {
      table_id: 'TAB5974',
      language: 'sv',
      filters: { InrikesUtrikes: '83', Alder: '0', Kon: ['1', '2'], Tid: '2026' },
    });
    if (!answer.ok) throw new Error(answer.error.message);
    const unit = recorded.dimension.ContentsCode.category.unit['000005NO']?.base;
    expect(unit).toMatch(/\S/);
    expect(answer.units).toEqual({ value: unit });
    const kept = await server.results.read(answer.result_id as string);
    expect(kept.table.units).toEqual({ value: unit });
  } finally {
    await server.close();
    await fixture.close();
  }
});
