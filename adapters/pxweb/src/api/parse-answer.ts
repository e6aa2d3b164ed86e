import { OpenDataError } from '@opendata-mcp/core';
import type { z } from 'zod';
import type { Fetched } from './pxweb-api.js';

/** Checks an answer against the form the API generation documents; anything else is the portal's fault. */
export function parseAnswer<T>(schema: z.ZodType<T>, body: unknown, what: string, version: 'v1' | 'v2'): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new OpenDataError('upstream_error', `The portal's ${what} is not in the PxWeb ${version} form.`, {
      hint: 'The portal may run another API version (set api_version), or be in maintenance; check api_status.',
    });
  }
  return parsed.data;
}

/** Provenance facts of a GET. */
export function fetchedFrom(url: string, response: { fetchedAt: Date; fromCache: boolean }): Fetched {
  return {
    url,
    query: { language: 'url', text: url },
    fetchedAt: response.fetchedAt,
    fromCache: response.fromCache,
  };
}
