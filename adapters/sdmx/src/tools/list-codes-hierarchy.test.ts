import type { SuccessEnvelope } from '@opendata-mcp/core';
import { createOpenDataServer, type OpenDataServer, silentLogger } from '@opendata-mcp/core/server';
import { type SdmxFixture, startSdmxFixture } from '@opendata-mcp/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSdmxAdapter } from '../create-sdmx-adapter.js';

interface Code {
  id: string;
  aggregate: boolean;
  members: number;
}

describe('list_codes: word forms, groups and their members', () => {
  let fixture: SdmxFixture;
  let server: OpenDataServer;
  beforeAll(async () => {
    fixture = await startSdmxFixture();
    server = createOpenDataServer({
      adapters: [createSdmxAdapter({ url: fixture.url, trusted_hosts: [fixture.hostPort] })],
      logger: silentLogger,
    });
  });
  afterAll(async () => {
    await server?.close();
    await fixture?.close();
  });

  const codes = async (args: Record<string, unknown>) => {
    const answer = await server.callTool('list_codes', { flow_id: 'CME', ...args });
    if (!answer.ok) throw new Error(`${answer.error.code}: ${answer.error.message}`);
    return answer as SuccessEnvelope & { codes: Code[]; total_matched: number };
  };

  it('keeps a typical answer within 4 KB', async () => {
    const answer = await codes({ dimension: 'REF_AREA' });
    expect(JSON.stringify(answer).length).toBeLessThanOrEqual(4096);
  });

  it('lists the members of a group, by code or by label, and refuses a label several groups share', async () => {
    const members = await codes({ dimension: 'area', member_of: 'UNICEF_SSA' });
    expect(members.codes.map((c) => c.id).sort()).toEqual(['UNICEF_ESA', 'UNICEF_WCA']);
    expect(members.codes.every((c) => c.aggregate)).toBe(true);
    // Of the four groups named Sub-Saharan Africa, only UNICEF's has members in the code list.
    const byLabel = await codes({ dimension: 'area', member_of: 'Sub-Saharan Africa' });
    expect(byLabel.codes.map((c) => c.id).sort()).toEqual(['UNICEF_ESA', 'UNICEF_WCA']);
    const refused = await server.callTool('list_codes', {
      flow_id: 'CME',
      dimension: 'REF_AREA',
      member_of: 'global',
    });
    expect(refused.ok ? 'ok' : refused.error.message).toMatch(/fits several groups of REF_AREA: .*_GLOBAL/);
  });

  it('tells countries from groups through the code list', async () => {
    const countries = await codes({ dimension: 'REF_AREA', kind: 'countries', limit: 500 });
    const ids = countries.codes.map((c) => c.id);
    expect(ids).toContain('BRA');
    expect(ids.every((id) => /^[A-Z]{3}$/.test(id))).toBe(true);
    const groups = await codes({ dimension: 'REF_AREA', kind: 'aggregates', limit: 500 });
    expect(groups.codes.map((c) => c.id)).toEqual(expect.arrayContaining(['WORLD', 'UNICEF_SSA', 'WB_HI']));
    expect(countries.total_matched + groups.total_matched).toBe(
      (await codes({ dimension: 'REF_AREA' })).total_matched,
    );
  });

  it('matches word forms and spelling variants in code names', async () => {
    const british = await codes({ dimension: 'INDICATOR', query: 'immunisation', limit: 500 });
    const american = await codes({ dimension: 'INDICATOR', query: 'immunization', limit: 500 });
    expect(british.total_matched).toBeGreaterThan(0);
    expect(british.codes.map((c) => c.id)).toEqual(american.codes.map((c) => c.id));
  });
});
