import type { SuccessEnvelope } from '../envelope/envelope.js';

/** One call of a demo journey; arguments may depend on the answers before it. */
export interface DemoStep {
  tool: string;
  args: Record<string, unknown> | ((previous: SuccessEnvelope[]) => Record<string, unknown>);
  /** A short human-readable line (or lines) about the answer, printed by `opendata-mcp demo`. */
  summarize(envelope: SuccessEnvelope): string;
}

/** A worked question an adapter ships, run offline by the demo and by the tests. */
export interface DemoJourney {
  title: string;
  /** The config `type` of the adapter the journey runs against. */
  adapterType: string;
  steps: DemoStep[];
}
