import type { PxwebRuntime } from '../pxweb-runtime.js';
import { createPxwebApi } from './create-pxweb-api.js';
import type { PxwebApi } from './pxweb-api.js';

/** The portal's API in one language; the configured one when none is asked for. */
export type PxwebApiFor = (language?: string) => PxwebApi;

/**
 * One API per language asked for, made once: PxWeb puts the language into every URL (v1 path,
 * v2 `lang`), so a tool call in another language is the same call on another base.
 */
export function pxwebApiFor(rt: PxwebRuntime): PxwebApiFor {
  const apis = new Map<string, PxwebApi>();
  return (language = rt.language) => {
    let api = apis.get(language);
    if (!api) {
      api = createPxwebApi({ ...rt, language });
      apis.set(language, api);
    }
    return api;
  };
}
