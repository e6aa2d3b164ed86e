import type { Adapter } from '../contract/adapter.js';
import { ProvenanceSchema } from '../envelope/provenance.js';

/**
 * What is wrong with a success answer's provenance beyond its shape: it must name the adapter
 * instance that answered, carry real timestamps, and never pass our fetch time off as the
 * portal's own modification date.
 */
export function provenanceProblems(source: unknown, adapter: Adapter): string[] {
  const parsed = ProvenanceSchema.safeParse(source);
  if (!parsed.success) {
    return parsed.error.issues.map((i) => `source.${i.path.join('.')}: ${i.message}`);
  }
  const s = parsed.data;
  const problems: string[] = [];
  if (s.backend !== adapter.backend)
    problems.push(`backend "${s.backend}", adapter says "${adapter.backend}"`);
  if (s.adapter_id !== adapter.id) problems.push(`adapter_id "${s.adapter_id}", adapter id "${adapter.id}"`);
  if (!isIsoTime(s.retrieved_at)) problems.push(`retrieved_at "${s.retrieved_at}" is not an ISO 8601 time`);
  if (s.metadata_retrieved_at !== null && !isIsoTime(s.metadata_retrieved_at))
    problems.push(`metadata_retrieved_at "${s.metadata_retrieved_at}" is not an ISO 8601 time`);
  if (s.source_modified_at !== null) {
    if (Number.isNaN(Date.parse(s.source_modified_at)))
      problems.push(`source_modified_at "${s.source_modified_at}" is not a date`);
    if (s.source_modified_at === s.retrieved_at)
      problems.push('source_modified_at equals retrieved_at: a date the portal does not state stays null');
  }
  if (s.cache.revalidated && !s.cache.hit) problems.push('cache.revalidated without cache.hit');
  return problems;
}

function isIsoTime(value: string): boolean {
  return (
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/.test(value) &&
    !Number.isNaN(Date.parse(value))
  );
}
