import type { PxwebRuntime } from '../pxweb-runtime.js';
import { createApiV1 } from './api-v1.js';
import { createApiV2 } from './api-v2.js';
import type { PxwebApi } from './pxweb-api.js';

/** The API generation the portal speaks; the tools above it do not know which. */
export function createPxwebApi(rt: PxwebRuntime): PxwebApi {
  return rt.apiVersion === 'v2' ? createApiV2(rt) : createApiV1(rt);
}
