import { describe, expect, it } from 'vitest';
import type { Question } from '../answers/prepare-question.js';
import { dimensionRoles } from '../resolution/dimension-roles.js';
import {
  CME_STRUCTURE,
  recordedCme,
  recordingContext,
  testRuntime,
} from '../test-support/recorded-structure.test-support.js';
import { findAvailability } from './availability.js';

// The recorded SPC answer is an Actual cube region with a time range and an obs_count annotation.
const SPC_ANSWER = 'mcp-gateway/SPC_availableconstraint_DF_COMMODITY_PRICES.xml';

async function question(codes: Record<string, string[]>): Promise<Question> {
  const structure = await recordedCme();
  return {
    structure,
    roled: dimensionRoles(structure),
    resolution: { codes, resolved: [], defaults: [], ambiguous: [] },
    language: 'en',
  };
}

describe('availability sources', () => {
  it('reads the registry availableconstraint answer with its counts and time range', async () => {
    const ctx = recordingContext({ 'availableconstraint/': SPC_ANSWER, 'dataflow/': CME_STRUCTURE });
    const found = await findAvailability(testRuntime(), ctx, await question({ REF_AREA: ['BRA'] }), {
      kind: 'range',
      start: '2020',
      end: null,
    });
    expect(found?.source).toBe('availableconstraint');
    expect(found?.observation_count).toBeGreaterThan(0);
    expect(found?.time_range?.start).toBeTruthy();
    expect(Object.keys(found?.codes ?? {}).length).toBeGreaterThan(0);
    expect(found?.url).toContain(
      '/availableconstraint/UNICEF,CME,1.0/BRA.../all/all?mode=available&startPeriod=2020',
    );
  });

  it('skips the service when the profile says the registry has none', async () => {
    const ctx = recordingContext({ 'dataflow/': CME_STRUCTURE });
    const rt = testRuntime({ availableConstraint: false });
    // No data route: the series-key fallback asks for data, which this context refuses as not found.
    const error = await findAvailability(rt, ctx, await question({ REF_AREA: ['BRA'] }), {
      kind: 'last',
      n: 1,
    }).catch((e: Error) => e.message);
    expect(String(error)).toContain('no recording routed for');
    expect(String(error)).toContain('/data/UNICEF,CME,1.0/BRA...');
  });
});
