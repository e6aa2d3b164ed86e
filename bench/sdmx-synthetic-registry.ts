// A SYNTHETIC SDMX-ML 2.1 registry on loopback, shaped like Eurostat's (one agency, one DSD per
// dataflow, flows named in English, French and German with a description and a few annotations,
// shared code lists for areas, units, ages, sexes and frequencies, an indicator code list per
// domain). Every name is generated from the word lists below; nothing is copied from a registry.
// It answers the dataflow list, the whole-agency DSD and code list queries, and one flow's
// structure with references, each after 100–300 ms, and 429 (Retry-After: 1) past a request rate.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SyntheticRegistryOptions {
  flows: number;
  /** Requests answered per second; the next ones get 429 until the second is over. */
  ratePerSecond: number;
  latencyMs?: [number, number];
}

export interface SyntheticRegistry {
  url: string;
  hostPort: string;
  /** Requests answered (429s included) since start. */
  requests(): number;
  /** Sizes of the bulk answers, in bytes. */
  sizes(): Record<string, number>;
  close(): Promise<void>;
}

// [en, fr, de] — domains name flows and indicator code lists; measures and breakdowns name codes.
const DOMAINS: Array<[string, string, string]> = [
  ['Population', 'Population', 'Bevölkerung'],
  ['Employment', 'Emploi', 'Beschäftigung'],
  ['Unemployment', 'Chômage', 'Arbeitslosigkeit'],
  ['Gross domestic product', 'Produit intérieur brut', 'Bruttoinlandsprodukt'],
  ['International trade', 'Commerce international', 'Internationaler Handel'],
  ['Energy consumption', "Consommation d'énergie", 'Energieverbrauch'],
  ['Health care', 'Soins de santé', 'Gesundheitsversorgung'],
  ['Education', 'Éducation', 'Bildung'],
  ['Transport', 'Transport', 'Verkehr'],
  ['Agriculture', 'Agriculture', 'Landwirtschaft'],
  ['Environment', 'Environnement', 'Umwelt'],
  ['Tourism', 'Tourisme', 'Tourismus'],
  ['Consumer prices', 'Prix à la consommation', 'Verbraucherpreise'],
  ['Government finance', 'Finances publiques', 'Staatsfinanzen'],
  ['Housing', 'Logement', 'Wohnen'],
  ['Income and living conditions', 'Revenus et conditions de vie', 'Einkommen und Lebensbedingungen'],
  ['Research and development', 'Recherche et développement', 'Forschung und Entwicklung'],
  ['Migration', 'Migration', 'Migration'],
  ['Crime', 'Criminalité', 'Kriminalität'],
  ['Digital economy', 'Économie numérique', 'Digitale Wirtschaft'],
];
const MEASURES: Array<[string, string, string]> = [
  ['Mortality rate', 'Taux de mortalité', 'Sterberate'],
  ['Birth rate', 'Taux de natalité', 'Geburtenrate'],
  ['Share of persons', 'Part des personnes', 'Anteil der Personen'],
  ['Expenditure', 'Dépenses', 'Ausgaben'],
  ['Volume index', 'Indice de volume', 'Volumenindex'],
  ['Emissions of greenhouse gases', 'Émissions de gaz à effet de serre', 'Treibhausgasemissionen'],
  ['Average hours worked', 'Heures moyennes travaillées', 'Durchschnittliche Arbeitsstunden'],
  ['Number of enterprises', "Nombre d'entreprises", 'Anzahl der Unternehmen'],
  ['Life expectancy', 'Espérance de vie', 'Lebenserwartung'],
  ['Poverty risk', 'Risque de pauvreté', 'Armutsgefährdung'],
  ['Final consumption', 'Consommation finale', 'Konsumausgaben'],
  ['Passenger kilometres', 'Voyageurs-kilomètres', 'Personenkilometer'],
];
const BREAKDOWNS: Array<[string, string, string]> = [
  ['of children under five', 'des enfants de moins de cinq ans', 'der Kinder unter fünf Jahren'],
  ['of young people', 'des jeunes', 'der Jugendlichen'],
  ['of women', 'des femmes', 'der Frauen'],
  ['in rural areas', 'en zone rurale', 'in ländlichen Gebieten'],
  ['in cities', 'dans les villes', 'in Städten'],
  ['by level of education', "par niveau d'éducation", 'nach Bildungsstand'],
  ['by economic activity', 'par activité économique', 'nach Wirtschaftszweig'],
  ['at current prices', 'aux prix courants', 'zu jeweiligen Preisen'],
  ['per inhabitant', 'par habitant', 'je Einwohner'],
  ['of households', 'des ménages', 'der Haushalte'],
];
const FLOW_KINDS: Array<[string, string, string]> = [
  ['by sex and age', 'par sexe et âge', 'nach Geschlecht und Alter'],
  ['by NUTS 2 region', 'par région NUTS 2', 'nach NUTS-2-Region'],
  ['annual data', 'données annuelles', 'Jahresdaten'],
  ['quarterly data', 'données trimestrielles', 'Vierteljahresdaten'],
  ['monthly data', 'données mensuelles', 'Monatsdaten'],
  ['by country of citizenship', 'par pays de citoyenneté', 'nach Staatsangehörigkeit'],
];
const LANGS = ['en', 'fr', 'de'] as const;
const INDICATOR_LISTS = 250;
const NS =
  'xmlns:mes="http://www.sdmx.org/resources/sdmxml/schemas/v2_1/message" xmlns:str="http://www.sdmx.org/resources/sdmxml/schemas/v2_1/structure" xmlns:com="http://www.sdmx.org/resources/sdmxml/schemas/v2_1/common"';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
const names = (tag: string, texts: readonly string[]) =>
  texts.map((t, i) => `<com:${tag} xml:lang="${LANGS[i]}">${esc(t)}</com:${tag}>`).join('');
const pick = <T>(list: T[], n: number): T => list[n % list.length] as T;
const join3 = (...parts: Array<readonly string[]>) => LANGS.map((_, i) => parts.map((p) => p[i]).join(' '));
const message = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><mes:Structure ${NS}><mes:Header><mes:ID>SYNTHETIC</mes:ID><mes:Test>true</mes:Test><mes:Prepared>2026-01-01T00:00:00Z</mes:Prepared><mes:Sender id="SYNTHETIC"/></mes:Header><mes:Structures>${body}</mes:Structures></mes:Structure>`;
const ref = (pkg: string, cls: string, id: string) =>
  `<Ref package="${pkg}" agencyID="ESTAT" id="${id}" version="1.0" class="${cls}"/>`;

function codelist(
  id: string,
  title: readonly string[],
  codes: Array<[string, string[], string | null]>,
): string {
  const items = codes
    .map(
      ([code, texts, parent]) =>
        `<str:Code urn="urn:sdmx:org.sdmx.infomodel.codelist.Code=ESTAT:${id}(1.0).${code}" id="${code}">${names('Name', texts)}${parent ? `<str:Parent><Ref id="${parent}"/></str:Parent>` : ''}</str:Code>`,
    )
    .join('');
  return `<str:Codelist urn="urn:sdmx:org.sdmx.infomodel.codelist.Codelist=ESTAT:${id}(1.0)" agencyID="ESTAT" id="${id}" version="1.0" isFinal="true">${names('Name', title)}${items}</str:Codelist>`;
}

function sharedLists(): Map<string, string> {
  const lists = new Map<string, string>();
  const numbered = (prefix: string, n: number, label: readonly string[]) =>
    Array.from({ length: n }, (_, i): [string, string[], string | null] => [
      `${prefix}${i}`,
      label.map((l) => `${l} ${i}`),
      null,
    ]);
  lists.set(
    'FREQ',
    codelist(
      'FREQ',
      ['Frequency', 'Fréquence', 'Frequenz'],
      numbered('F', 6, ['Frequency', 'Fréquence', 'Frequenz']),
    ),
  );
  lists.set(
    'SEX',
    codelist('SEX', ['Sex', 'Sexe', 'Geschlecht'], numbered('S', 3, ['Sex', 'Sexe', 'Geschlecht'])),
  );
  lists.set(
    'AGE',
    codelist(
      'AGE',
      ['Age class', "Classe d'âge", 'Altersklasse'],
      numbered('Y', 150, ['Age', 'Âge', 'Alter']),
    ),
  );
  lists.set(
    'UNIT',
    codelist(
      'UNIT',
      ['Unit of measure', 'Unité de mesure', 'Maßeinheit'],
      numbered('U', 300, ['Unit', 'Unité', 'Einheit']),
    ),
  );
  lists.set(
    'GEO',
    codelist(
      'GEO',
      ['Geopolitical entity', 'Entité géopolitique', 'Geopolitische Einheit'],
      numbered('G', 600, ['Region', 'Région', 'Region']),
    ),
  );
  return lists;
}

/** Indicator code list k: a few measure headings, each with its breakdowns under it (80–200 codes). */
function indicatorList(k: number): string {
  const domain = pick(DOMAINS, k);
  const codes: Array<[string, string[], string | null]> = [];
  const size = 80 + ((k * 37) % 121);
  for (let m = 0; codes.length < size; m++) {
    const measure = pick(MEASURES, k + m);
    const head = `M${m}`;
    codes.push([head, join3(measure, domain), null]);
    for (let b = 0; b < BREAKDOWNS.length && codes.length < size; b++)
      codes.push([`I${k}_${m}_${b}`, join3(measure, pick(BREAKDOWNS, b + m)), head]);
  }
  return codelist(`IND_${k}`, join3(domain, ['indicators', 'indicateurs', 'Indikatoren']), codes);
}

function dataflow(n: number): string {
  const domain = pick(DOMAINS, n);
  const kind = pick(FLOW_KINDS, Math.floor(n / DOMAINS.length));
  const title = LANGS.map((_, i) => `${domain[i]} ${kind[i]} (${n})`);
  const notes = [
    'OBS_COUNT',
    'OBS_PERIOD_OVERALL_OLDEST',
    'OBS_PERIOD_OVERALL_LATEST',
    'UPDATE_DATA',
    'UPDATE_STRUCTURE',
    'SOURCE_INSTITUTIONS',
    'ESMS_HTML',
    'DISSEMINATION_DOI_XML',
  ]
    .map(
      (type) =>
        `<com:Annotation><com:AnnotationTitle>${type === 'OBS_COUNT' ? n * 97 : `synthetic ${type.toLowerCase()} value ${n}`}</com:AnnotationTitle><com:AnnotationType>${type}</com:AnnotationType></com:Annotation>`,
    )
    .join('');
  const description = `Synthetic dataflow ${n}: ${domain[0].toLowerCase()} statistics ${kind[0]}, from national sources, harmonised for comparison.`;
  return `<str:Dataflow urn="urn:sdmx:org.sdmx.infomodel.datastructure.Dataflow=ESTAT:DS_${n}(1.0)" agencyID="ESTAT" id="DS_${n}" version="1.0" isFinal="true"><com:Annotations>${notes}</com:Annotations>${names('Name', title)}<com:Description xml:lang="en">${esc(description)}</com:Description><str:Structure>${ref('datastructure', 'DataStructure', `DSD_${n}`)}</str:Structure></str:Dataflow>`;
}

function dsd(n: number): string {
  const dims = ['FREQ', 'UNIT', 'INDICATOR', 'SEX', 'AGE', 'GEO'];
  const list = (d: string) => (d === 'INDICATOR' ? `IND_${n % INDICATOR_LISTS}` : d);
  const dimension = (d: string, i: number) =>
    `<str:Dimension urn="urn:sdmx:org.sdmx.infomodel.datastructure.Dimension=ESTAT:DSD_${n}(1.0).${d}" id="${d}" position="${i + 1}"><str:ConceptIdentity><Ref maintainableParentID="CONCEPTS" maintainableParentVersion="1.0" agencyID="ESTAT" id="${d}" class="Concept" package="conceptscheme"/></str:ConceptIdentity><str:LocalRepresentation><str:Enumeration>${ref('codelist', 'Codelist', list(d))}</str:Enumeration></str:LocalRepresentation></str:Dimension>`;
  return `<str:DataStructure urn="urn:sdmx:org.sdmx.infomodel.datastructure.DataStructure=ESTAT:DSD_${n}(1.0)" agencyID="ESTAT" id="DSD_${n}" version="1.0" isFinal="true">${names('Name', [`DSD ${n}`, `DSD ${n}`, `DSD ${n}`])}<str:DataStructureComponents><str:DimensionList id="DimensionDescriptor">${dims.map(dimension).join('')}<str:TimeDimension id="TIME_PERIOD" position="7"><str:ConceptIdentity><Ref maintainableParentID="CONCEPTS" maintainableParentVersion="1.0" agencyID="ESTAT" id="TIME_PERIOD" class="Concept" package="conceptscheme"/></str:ConceptIdentity><str:LocalRepresentation><str:TextFormat textType="ObservationalTimePeriod"/></str:LocalRepresentation></str:TimeDimension></str:DimensionList><str:AttributeList id="AttributeDescriptor"><str:Attribute id="OBS_FLAG" assignmentStatus="Conditional"><str:ConceptIdentity><Ref maintainableParentID="CONCEPTS" maintainableParentVersion="1.0" agencyID="ESTAT" id="OBS_FLAG" class="Concept" package="conceptscheme"/></str:ConceptIdentity><str:AttributeRelationship><str:PrimaryMeasure><Ref id="OBS_VALUE"/></str:PrimaryMeasure></str:AttributeRelationship></str:Attribute></str:AttributeList><str:MeasureList id="MeasureDescriptor"><str:PrimaryMeasure id="OBS_VALUE"><str:ConceptIdentity><Ref maintainableParentID="CONCEPTS" maintainableParentVersion="1.0" agencyID="ESTAT" id="OBS_VALUE" class="Concept" package="conceptscheme"/></str:ConceptIdentity></str:PrimaryMeasure></str:MeasureList></str:DataStructureComponents></str:DataStructure>`;
}

/** Starts the registry; the bulk answers are generated once, on their first request. */
export async function startSyntheticRegistry(options: SyntheticRegistryOptions): Promise<SyntheticRegistry> {
  const [low, high] = options.latencyMs ?? [100, 300];
  const shared = sharedLists();
  const indicators = new Map<number, string>();
  const indicator = (k: number) => {
    const xml = indicators.get(k) ?? indicatorList(k);
    indicators.set(k, xml);
    return xml;
  };
  const bulk = new Map<string, string>();
  const once = (key: string, make: () => string) => {
    const body = bulk.get(key) ?? make();
    bulk.set(key, body);
    return body;
  };
  const range = (n: number) => Array.from({ length: n }, (_, i) => i);
  const answers: Record<string, () => string> = {
    dataflow: () => message(`<str:Dataflows>${range(options.flows).map(dataflow).join('')}</str:Dataflows>`),
    datastructure: () =>
      message(`<str:DataStructures>${range(options.flows).map(dsd).join('')}</str:DataStructures>`),
    codelist: () =>
      message(
        `<str:Codelists>${[...shared.values()].join('')}${range(INDICATOR_LISTS).map(indicator).join('')}</str:Codelists>`,
      ),
  };
  const oneFlow = (n: number) =>
    message(
      `<str:Dataflows>${dataflow(n)}</str:Dataflows><str:Codelists>${[...shared.values()].join('')}${indicator(n % INDICATOR_LISTS)}</str:Codelists><str:DataStructures>${dsd(n)}</str:DataStructures>`,
    );
  let served = 0;
  let windowStart = 0;
  let inWindow = 0;
  let seed = 1;
  const latency = () => {
    seed = (seed * 48271) % 2147483647;
    return low + (seed % (high - low + 1));
  };
  const server = createServer((req, res) => {
    served++;
    const now = Date.now();
    if (now - windowStart >= 1000) {
      windowStart = now;
      inWindow = 0;
    }
    if (++inWindow > options.ratePerSecond) {
      res.writeHead(429, { 'retry-after': '1', 'content-type': 'text/plain' });
      res.end('Too Many Requests');
      return;
    }
    const parts = new URL(req.url ?? '/', 'http://registry').pathname.split('/').filter(Boolean).slice(1);
    const [resource, agency, id] = parts;
    let body: string | null = null;
    if (agency === 'ESTAT' || agency === 'all') {
      const flow = /^DS_(\d+)$/.exec(id ?? '');
      if (resource === 'dataflow' && flow)
        body = Number(flow[1]) < options.flows ? oneFlow(Number(flow[1])) : null;
      else if (
        resource &&
        answers[resource] &&
        (resource === 'dataflow' ? !id || id === 'all' : id === 'all')
      )
        body = once(resource, answers[resource]);
    }
    setTimeout(() => {
      if (body === null) {
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('NoResultsFound');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/vnd.sdmx.structure+xml; version=2.1' });
      res.end(body);
    }, latency());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/rest`,
    hostPort: `127.0.0.1:${port}`,
    requests: () => served,
    sizes: () => Object.fromEntries([...bulk.entries()].map(([k, v]) => [k, Buffer.byteLength(v)])),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
