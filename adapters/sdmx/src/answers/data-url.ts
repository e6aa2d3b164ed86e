import { restUrl } from '../registry/fetch-sdmx.js';
import type { FlowStructure } from '../registry/flow-structure.js';
import { segment } from '../registry/sdmx-ids.js';
import type { SdmxRuntime } from '../sdmx-runtime.js';

/** The REST URL of a data query: flow reference, encoded series key, parameters. */
export function dataUrl(
  rt: SdmxRuntime,
  structure: FlowStructure,
  key: string,
  params: Record<string, string | undefined>,
): string {
  const { flow } = structure;
  const flowRef = [flow.agency, flow.id, flow.version].map(segment).join(',');
  const encodedKey =
    key === 'all'
      ? key
      : key
          .split('.')
          .map((s) => s.split('+').map(segment).join('+'))
          .join('.');
  return restUrl(rt, `data/${flowRef}/${encodedKey}`, {
    ...params,
    ...(rt.csvFormatParam ? { format: rt.csvFormatParam } : {}),
  });
}
