import { isOpenDataError } from '@opendata-mcp/core';

/** Parts of SDMX REST a registry may not implement, which it refuses with 501. */
export type Feature = 'availableconstraint' | 'lastNObservations' | 'format';

/**
 * What one registry instance has answered 501 Not Implemented to, kept for the metadata TTL: a
 * registry that lacks a feature lacks it on the next call too, and asking again on every call
 * costs a round trip each time.
 */
export class UnsupportedFeatures {
  private readonly until = new Map<Feature, number>();

  constructor(private readonly ttlMs: number) {}

  has(feature: Feature, now: Date): boolean {
    const until = this.until.get(feature);
    return until !== undefined && now.getTime() < until;
  }

  /** Remembers the feature as unsupported when `error` is the registry's 501; says whether it was. */
  noteRefusal(feature: Feature, error: unknown, now: Date): boolean {
    if (!isNotImplemented(error)) return false;
    if (this.ttlMs > 0) this.until.set(feature, now.getTime() + this.ttlMs);
    return true;
  }
}

export function isNotImplemented(error: unknown): boolean {
  return isOpenDataError(error) && error.details?.status === 501;
}
