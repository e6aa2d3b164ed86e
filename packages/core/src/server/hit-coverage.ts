import type { Adapter } from '../contract/adapter.js';
import type { ToolContext } from '../contract/context.js';
import type { HitCoverage } from '../contract/place-capability.js';
import type { QuestionPlace } from './question-place.js';
import type { RankedHit } from './rank-hits.js';

/** What a hit says about the question's place and period; has_data null means unknown. */
export interface PlaceCoverage {
  place: string;
  place_ids: string[];
  period: string | null;
  has_data: boolean | null;
}

/**
 * Asks each backend that can tell (the optional `places.coverage`) whether its hits hold data for
 * the place and period, then moves hits known to lack them below the rest, keeping the order
 * otherwise. A backend that fails to tell leaves its hits unknown: coverage never hides a hit.
 */
export async function withPlaceCoverage<H extends RankedHit>(
  hits: H[],
  question: QuestionPlace,
  adapters: ReadonlyArray<Adapter>,
  contextFor: (adapter: Adapter) => ToolContext,
): Promise<Array<H & { placeCoverage: PlaceCoverage }>> {
  const known = new Map<H, HitCoverage>();
  await Promise.all(
    adapters.map(async (adapter) => {
      const own = hits.filter((h) => h.adapterId === adapter.id);
      if (!adapter.places?.coverage || own.length === 0) return;
      try {
        const answers = await adapter.places.coverage(own, question, contextFor(adapter));
        own.forEach((hit, i) => {
          const answer = answers[i];
          if (answer) known.set(hit, answer);
        });
      } catch {
        // Unknown rather than absent: the search itself answered.
      }
    }),
  );
  const annotated = hits.map((hit) => ({ ...hit, placeCoverage: coverageOf(known.get(hit), question) }));
  return [
    ...annotated.filter((h) => h.placeCoverage.has_data !== false),
    ...annotated.filter((h) => h.placeCoverage.has_data === false),
  ];
}

function coverageOf(answer: HitCoverage | undefined, question: QuestionPlace): PlaceCoverage {
  const place = answer?.place ?? null;
  const period = question.period === null ? true : (answer?.period ?? null);
  const hasData =
    place === false || period === false ? false : place === true && period === true ? true : null;
  return {
    place: question.text,
    place_ids: question.places.map((p) => p.id),
    period: question.period,
    has_data: hasData,
  };
}
