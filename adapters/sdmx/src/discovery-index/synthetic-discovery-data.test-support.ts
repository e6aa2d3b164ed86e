import type {
  CodelistInfo,
  ComponentInfo,
  DataflowInfo,
  DataStructureInfo,
  LocalText,
} from '../registry/structure-types.js';
import type { DiscoveryData } from './discovery-data.js';
import { codeTextIndex, flowTextIndex } from './text-documents.js';

// SYNTHETIC: names made from the word lists below, shaped like a large statistical office's
// registry (one DSD per flow, an indicator code list per domain); nothing is copied from a registry.
const DOMAINS = [
  ['Population', 'Population', 'Bevölkerung'],
  ['Unemployment', 'Chômage', 'Arbeitslosigkeit'],
  ['Energy consumption', "Consommation d'énergie", 'Energieverbrauch'],
  ['Health care', 'Soins de santé', 'Gesundheitsversorgung'],
  ['Tourism', 'Tourisme', 'Tourismus'],
];
const MEASURES = [
  ['Mortality rate', 'Taux de mortalité', 'Sterberate'],
  ['Birth rate', 'Taux de natalité', 'Geburtenrate'],
  ['Expenditure', 'Dépenses', 'Ausgaben'],
  ['Life expectancy', 'Espérance de vie', 'Lebenserwartung'],
];
const BREAKDOWNS = [
  ['of young people', 'des jeunes', 'der Jugendlichen'],
  ['in cities', 'dans les villes', 'in Städten'],
  ['per inhabitant', 'par habitant', 'je Einwohner'],
];
const LANGS = ['en', 'fr', 'de'];
const pick = <T>(list: T[], n: number): T => list[n % list.length] as T;
const texts = (...parts: string[][]): LocalText[] =>
  LANGS.map((lang, i) => ({ lang, value: parts.map((p) => p[i]).join(' ') }));
const ref = (id: string) => ({ agency: 'SYN', id, version: '1.0' });

function indicatorList(k: number): CodelistInfo {
  const domain = pick(DOMAINS, k);
  const codes: CodelistInfo['codes'] = [];
  for (let m = 0; m < 8; m++) {
    const measure = pick(MEASURES, k + m);
    codes.push({ id: `M${m}`, names: texts(measure, domain), parent: null });
    for (let b = 0; b < 12; b++)
      codes.push({
        id: `I${k}_${m}_${b}`,
        names: texts(measure, pick(BREAKDOWNS, b), [`${b}`, `${b}`, `${b}`]),
        parent: `M${m}`,
      });
  }
  return { ...ref(`IND_${k}`), names: texts(domain, ['indicators', 'indicateurs', 'Indikatoren']), codes };
}

function dimension(id: string, position: number, list: string): ComponentInfo {
  return { id, position, concept: { scheme: 'CONCEPTS', id }, codelist: ref(list), assignmentStatus: null };
}

export interface SyntheticRegistry {
  dataflows: DataflowInfo[];
  dataStructures: DataStructureInfo[];
  codelists: CodelistInfo[];
}

/** A SYNTHETIC registry of `flows` dataflows over `lists` indicator code lists of about 100 codes each. */
export function syntheticRegistry(flows: number, lists: number): SyntheticRegistry {
  const codelists = Array.from({ length: lists }, (_, k) => indicatorList(k));
  const dataflows: DataflowInfo[] = Array.from({ length: flows }, (_, n) => ({
    id: `DS_${n}`,
    agency: 'SYN',
    version: '1.0',
    names: texts(pick(DOMAINS, n), [`(${n})`, `(${n})`, `(${n})`]),
    descriptions: [{ lang: 'en', value: `Synthetic dataflow ${n}, harmonised for comparison.` }],
    structure: ref(`DSD_${n}`),
  }));
  const dataStructures: DataStructureInfo[] = dataflows.map((_, n) => ({
    ...ref(`DSD_${n}`),
    names: [],
    dimensions: [dimension('INDICATOR', 1, `IND_${n % lists}`)],
    timeDimension: null,
    attributes: [],
    measure: null,
  }));
  return { dataflows, dataStructures, codelists };
}

/** The discovery index of a SYNTHETIC registry as the build leaves it (text indexes serialised). */
export async function syntheticDiscoveryData({
  dataflows,
  dataStructures,
  codelists,
}: SyntheticRegistry): Promise<DiscoveryData> {
  const codeText = await codeTextIndex(codelists);
  const flowText = await flowTextIndex(dataflows, {});
  const decoder = new TextDecoder();
  return {
    format: 2,
    agency: 'SYN',
    builtAt: '2026-01-01T00:00:00.000Z',
    list: {
      url: 'http://127.0.0.1/rest/dataflow/SYN',
      fetchedAt: '2026-01-01T00:00:00.000Z',
      prepared: null,
    },
    flows: dataflows,
    dataStructures,
    codelists,
    filedUnder: {},
    bulk: [
      {
        resource: 'datastructure',
        url: 'http://127.0.0.1/rest/datastructure/SYN',
        answered: true,
        reason: null,
      },
      { resource: 'codelist', url: 'http://127.0.0.1/rest/codelist/SYN', answered: true, reason: null },
    ],
    flowText: decoder.decode(await flowText.serializeAsync()),
    codeText: decoder.decode(await codeText.index.serializeAsync()),
    codePlaces: codeText.places,
  };
}
