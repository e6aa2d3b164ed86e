/**
 * What an adapter author needs: the contract, parameter helpers, errors, provenance and envelope
 * types, the guarded client's statuses, places and text search. A program that serves adapters
 * imports `@opendata-mcp/core/server` as well.
 */
export { createTtlCache, type TtlCache } from './cache/ttl-cache.js';
export {
  type Adapter,
  type HealthProbe,
  type PromptDefinition,
  type ResourceDefinition,
  SPECIFICATION_VERSION,
} from './contract/adapter.js';
export {
  type AdapterPlugin,
  defineAdapterPlugin,
  type OfflineFixture,
} from './contract/adapter-plugin.js';
export type { ProgressUpdate, RequestContext, ToolContext } from './contract/context.js';
export type { DemoJourney, DemoStep } from './contract/demo-journey.js';
export {
  type DimensionFilters,
  describeDimensionFilters,
  dimensionConditions,
  dimensionFiltersParam,
  dimensionFiltersSchema,
} from './contract/dimension-filters.js';
export { INSTANCE_ID_PATTERN, instanceIdParam } from './contract/instance-id.js';
export { DEFAULT_LIMITS, type Limits } from './contract/limits.js';
export { networkOptionsShape, networkPolicyOf } from './contract/network-options.js';
export { limitParam, NextOffsetSchema, nextOffset, offsetParam } from './contract/paging.js';
export type {
  AdapterPlaces,
  CoverageQuestion,
  HitCoverage,
  PlaceCode,
  PlaceCoding,
} from './contract/place-capability.js';
export type { AdapterSearch, SearchHit } from './contract/search-capability.js';
export {
  type DataToolDefinition,
  defineContentTool,
  defineTool,
  READ_ONLY_OPEN_WORLD,
  type ToolAnnotations,
} from './contract/tool.js';
export { toolResource } from './contract/tool-resource.js';
export {
  type Cell,
  type ColumnarTable,
  ColumnarTableShape,
  fromColumnarTable,
  type RecordCell,
  toColumnarTable,
  UnitsSchema,
} from './envelope/columnar-table.js';
export type { Envelope, SuccessEnvelope } from './envelope/envelope.js';
export type { CacheRecord, Licence, Provenance, QueryRecord } from './envelope/provenance.js';
export { chooseColumns, sortRecords } from './envelope/sort-records.js';
export { SqlResultShape } from './envelope/sql-result.js';
export { shorten } from './errors/error-body.js';
export type { ErrorCode } from './errors/error-codes.js';
export { nearbyNames } from './errors/nearby-names.js';
export { isOpenDataError, OpenDataError } from './errors/opendata-error.js';
export { NOT_RECORDED_STATUS, RECORDED_REQUESTS_HEADER, statusError } from './http/http-errors.js';
export type { HttpResponse } from './http/http-types.js';
export { forkIsolated, type IsolatedProcess } from './isolation/fork-isolated.js';
export { startIsolatedThread } from './isolation/isolated-thread.js';
export { describeLicence } from './licences/describe-licence.js';
export { foldName } from './places/fold-name.js';
export { gazetteer } from './places/gazetteer.js';
export { type Place, placeName } from './places/place.js';
export type { KeptResults } from './results/kept-results.js';
export type { KeepableTable, KeptSource, SerialisedKeptResult } from './results/kept-table.js';
export { analyzeQuery, phraseWords } from './search/analyze-query.js';
export type { LangText } from './search/document-terms.js';
export { foldWord } from './search/fold-word.js';
export { ANALYZED_LANGUAGES, baseLanguage, isStopWord, stemWord } from './search/language-analyzers.js';
export type { TextHit } from './search/match-query.js';
export { NUMBER_WORDS } from './search/number-words.js';
export { STATISTICAL_LEXICON } from './search/statistical-lexicon.js';
export {
  createTextIndex,
  loadTextIndex,
  loadTextIndexAsync,
  type TextDocument,
  type TextIndex,
} from './search/text-index.js';
export { type WorkSlicer, workSlicer } from './search/work-slicer.js';
export { isLoopbackBind } from './transports/http-guards.js';
