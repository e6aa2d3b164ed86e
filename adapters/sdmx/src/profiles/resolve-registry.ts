import { OpenDataError } from '@opendata-mcp/core';
import type { SdmxOptions } from '../sdmx-options.js';
import type { DataFormatRequest, RegistryProfile } from './registry-profile.js';
import { registryProfile } from './registry-profiles.js';

const CSV = 'application/vnd.sdmx.data+csv;version=1.0.0';
const SS = 'application/vnd.sdmx.structurespecificdata+xml;version=2.1';
const GENERIC = 'application/vnd.sdmx.genericdata+xml;version=2.1';
const JSON1 = 'application/vnd.sdmx.data+json;version=1.0.0';

export interface ResolvedRegistry {
  profile: RegistryProfile | null;
  url: string;
  agency: string | null;
  references: 'all' | 'descendants';
  dataFormats: DataFormatRequest[];
  title: string | null;
}

const DEFAULT_REGISTRY = 'unicef';

/**
 * The registry an instance talks to: a built-in profile named by `registry`, a URL, or both (the
 * URL then overrides the profile's, e.g. for a mirror). Options given explicitly win over the
 * profile; a registry given by URL alone asks CSV first and accepts every other format.
 */
export function resolveRegistry(config: SdmxOptions): ResolvedRegistry {
  // With neither a registry nor a URL, the instance is the UNICEF registry: it works unconfigured.
  const name = config.registry ?? (config.url ? undefined : DEFAULT_REGISTRY);
  const profile = name ? (registryProfile(name) ?? null) : null;
  const url = config.url ?? profile?.url;
  if (!url) {
    throw new OpenDataError('invalid_input', `No SDMX registry is known as "${name}".`, {
      hint: 'Name a built-in registry, e.g. {"type": "sdmx", "registry": "ecb"}, or give the REST base as "url".',
    });
  }
  const csvParam = config.csv_format_param === undefined ? undefined : config.csv_format_param;
  let formats: DataFormatRequest[] = profile
    ? [...profile.dataFormats]
    : [
        { format: 'csv', accept: CSV, param: 'csv' },
        { format: 'sdmx-ml-structure-specific', accept: SS, param: null },
        { format: 'sdmx-ml-generic', accept: GENERIC, param: null },
        { format: 'sdmx-json', accept: JSON1, param: null },
      ];
  if (csvParam !== undefined)
    formats = formats.map((f) => (f.format === 'csv' ? { ...f, param: csvParam } : f));
  if (config.data_format) {
    const wanted = formats.find((f) => f.format === config.data_format) ?? {
      format: config.data_format,
      accept: { csv: CSV, 'sdmx-ml-structure-specific': SS, 'sdmx-ml-generic': GENERIC, 'sdmx-json': JSON1 }[
        config.data_format
      ],
      param: null,
    };
    formats = [wanted, ...formats.filter((f) => f !== wanted)];
  }
  return {
    profile,
    url,
    agency: config.agency ?? profile?.agency ?? null,
    references: config.structure_references ?? profile?.structureReferences ?? 'all',
    dataFormats: formats,
    title: config.title ?? profile?.title ?? null,
  };
}
