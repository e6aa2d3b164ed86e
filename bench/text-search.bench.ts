import { longestStall } from '@opendata-mcp/core/testing';
// `pnpm bench text-search`: the text index of @opendata-mcp/core against a naive substring scan,
// side by side in one run, over 10,000 synthetic documents with names and descriptions in German,
// French, English and Ukrainian (made here from the statistical lexicon's words, deterministic).
// Prints the index build time, its serialised size per 1,000 documents, the load time of those
// bytes, and query p50 / p95 of both, with their ratio, then one JSON line. Build, serialisation
// and load are timed both at once and in slices (`prepare`, `serializeAsync`, `loadTextIndexAsync`),
// each with the longest main-thread stall it caused.

import {
  createTextIndex,
  loadTextIndex,
  loadTextIndexAsync,
  STATISTICAL_LEXICON,
  type TextDocument,
} from '@opendata-mcp/core';

const DOCS = 10_000;
const QUERIES = [
  'Geburten Rate',
  'Waldbrände Tessin',
  'population by region',
  'населенню',
  'unemployment rate women',
  'Strassenverkehrsunfälle',
  'consumer prices',
  'life expectancy',
  'naissances par canton',
  'électricité production',
  'wie viele Einwohner hat Zürich',
  'hospital beds',
];
const PLACES = ['Zürich', 'Bern', 'Tessin', 'Genève', 'Київ', 'Львів', 'Vaud', 'Basel', 'Одеса', 'Luzern'];
const LANGS = ['de', 'fr', 'en', 'uk'] as const;

let seed = 42;
function random(): number {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
}
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;

function makeDocs(): TextDocument[] {
  return Array.from({ length: DOCS }, (_, i) => {
    const concepts = [pick(STATISTICAL_LEXICON), pick(STATISTICAL_LEXICON), pick(STATISTICAL_LEXICON)];
    const place = pick(PLACES);
    const title = LANGS.map((lang) => ({
      lang,
      text: `${pick(concepts[0]?.[lang] ?? [])} ${place} ${2000 + (i % 25)}`,
    }));
    const description = LANGS.map((lang) => ({
      lang,
      text: `${concepts.map((c) => pick(c[lang])).join(', ')} — ${place}, ${pick(concepts[2]?.[lang] ?? [])}`,
    }));
    return { id: `doc-${i}`, fields: { title, description } };
  });
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;
}

function timeQueries(run: (query: string) => unknown, rounds = 5): number[] {
  for (const q of QUERIES) run(q);
  const times: number[] = [];
  for (let r = 0; r < rounds; r++) {
    for (const q of QUERIES) {
      const started = performance.now();
      run(q);
      times.push(performance.now() - started);
    }
  }
  return times;
}

const docs = makeDocs();
const fields = [
  { name: 'title', boost: 3 },
  { name: 'description', boost: 1 },
];

const timed = async <T>(work: () => T | Promise<T>) => {
  const started = performance.now();
  const { value, stallMs } = await longestStall(work);
  return { value, ms: Math.round(performance.now() - started), stallMs };
};

const built = await timed(() => {
  const atOnce = createTextIndex({ fields });
  atOnce.addAll(docs);
  atOnce.search('warm');
  return atOnce;
});
const index = built.value;
const builtSliced = await timed(async () => {
  const sliced = createTextIndex({ fields });
  sliced.addAll(docs);
  await sliced.prepare();
  return sliced;
});
const serialised = await timed(() => index.serialize());
const serialisedSliced = await timed(() => builtSliced.value.serializeAsync());
const bytes = serialised.value;
const load = await timed(() => loadTextIndex(bytes).search('warm'));
const loadSliced = await timed(async () => (await loadTextIndexAsync(bytes)).search('warm'));
const buildMs = built.ms;
const loadMs = load.ms;

// The naive scan: every document's texts lower-cased once, each query word looked for as a substring.
const haystacks = docs.map((d) => ({
  id: d.id,
  text: Object.values(d.fields)
    .flat()
    .map((t) => t.text)
    .join(' ')
    .toLowerCase(),
}));
const scan = (query: string) => {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return haystacks
    .map((h) => ({ id: h.id, n: words.filter((w) => h.text.includes(w)).length }))
    .filter((h) => h.n > 0)
    .sort((a, b) => b.n - a.n)
    .slice(0, 20);
};

const indexTimes = timeQueries((q) => index.search(q, { limit: 20 }));
const scanTimes = timeQueries(scan);
const result = {
  documents: DOCS,
  build_ms: Math.round(buildMs),
  bytes_per_1000_docs: Math.round((bytes.length / DOCS) * 1000),
  load_ms: Math.round(loadMs),
  stall_build_ms: built.stallMs,
  sliced_build_ms: builtSliced.ms,
  stall_sliced_build_ms: builtSliced.stallMs,
  serialize_ms: serialised.ms,
  stall_serialize_ms: serialised.stallMs,
  sliced_serialize_ms: serialisedSliced.ms,
  stall_sliced_serialize_ms: serialisedSliced.stallMs,
  stall_load_ms: load.stallMs,
  sliced_load_ms: loadSliced.ms,
  stall_sliced_load_ms: loadSliced.stallMs,
  index_p50_ms: +percentile(indexTimes, 0.5).toFixed(2),
  index_p95_ms: +percentile(indexTimes, 0.95).toFixed(2),
  scan_p50_ms: +percentile(scanTimes, 0.5).toFixed(2),
  scan_p95_ms: +percentile(scanTimes, 0.95).toFixed(2),
};
const ratio = result.index_p50_ms / result.scan_p50_ms;

console.log(`text index over ${DOCS} documents (4 languages each), side by side with a substring scan`);
console.log('                            at once (longest stall)   in slices (longest stall)');
const row = (label: string, a: number, sa: number, b: number, sb: number) =>
  console.log(`  ${label.padEnd(26)}${`${a} ms (${sa} ms)`.padEnd(26)}${b} ms (${sb} ms)`);
row(
  'build (analyse + index)',
  result.build_ms,
  result.stall_build_ms,
  result.sliced_build_ms,
  result.stall_sliced_build_ms,
);
row(
  'serialise',
  result.serialize_ms,
  result.stall_serialize_ms,
  result.sliced_serialize_ms,
  result.stall_sliced_serialize_ms,
);
row(
  'load from bytes',
  result.load_ms,
  result.stall_load_ms,
  result.sliced_load_ms,
  result.stall_sliced_load_ms,
);
console.log(
  `  serialised size           ${(bytes.length / 1024 / 1024).toFixed(1)} MiB (${result.bytes_per_1000_docs} bytes per 1,000 docs)`,
);
console.log('                            p50 ms    p95 ms');
console.log(`  ranked index query        ${result.index_p50_ms.toString().padEnd(10)}${result.index_p95_ms}`);
console.log(`  naive substring scan      ${result.scan_p50_ms.toString().padEnd(10)}${result.scan_p95_ms}`);
console.log(`  ratio index / scan (p50)  ${ratio.toFixed(2)}`);
console.log(JSON.stringify({ ...result, ratio_p50: +ratio.toFixed(2) }));
