export { type CacheCodec, jsonCodec } from './cache/cache-codec.js';
export {
  createResourceCache,
  type ResourceCache,
  type ResourceCacheStats,
  type ResourceEntry,
} from './cache/resource-cache.js';
export { createSharedTier, type SharedTier, type SharedTierOptions } from './cache/shared-tier.js';
export {
  type CacheOutcome,
  createTtlCache,
  type TtlCache,
  type TtlCacheOptions,
} from './cache/ttl-cache.js';
export {
  type Adapter,
  type HealthProbe,
  type NetworkPolicy,
  type PromptDefinition,
  type ResourceDefinition,
  SPECIFICATION_VERSION,
} from './contract/adapter.js';
export {
  type AdapterPlugin,
  defineAdapterPlugin,
  type OfflineFixture,
} from './contract/adapter-plugin.js';
export type { Clock, ProgressUpdate, RequestContext, ToolContext } from './contract/context.js';
export type { DemoJourney, DemoStep } from './contract/demo-journey.js';
export {
  type DimensionCondition,
  type DimensionFilters,
  DimensionFilterValueSchema,
  describeDimensionFilters,
  dimensionConditions,
  dimensionFiltersParam,
  dimensionFiltersSchema,
  FILTER_COMPARISONS,
  type FilterComparison,
} from './contract/dimension-filters.js';
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
export type { AdapterSearch, SearchHit, SearchRequest } from './contract/search-capability.js';
export {
  type AnyObjectSchema,
  type AnyToolDefinition,
  type ContentToolDefinition,
  type DataToolDefinition,
  defineContentTool,
  defineTool,
  READ_ONLY_OPEN_WORLD,
  type ToolAnnotations,
  type ToolResult,
} from './contract/tool.js';
export { type ToolResourceOptions, toolResource } from './contract/tool-resource.js';
export { buildCitation } from './envelope/citation.js';
export {
  type Cell,
  type ColumnarTable,
  ColumnarTableShape,
  fromColumnarTable,
  type LabelledCell,
  type RecordCell,
  toColumnarTable,
  UnitsSchema,
} from './envelope/columnar-table.js';
export {
  type Envelope,
  type ErrorEnvelope,
  ErrorEnvelopeSchema,
  errorEnvelope,
  MissingProvenanceError,
  type SuccessEnvelope,
  successEnvelope,
  successEnvelopeSchema,
} from './envelope/envelope.js';
export {
  type CacheRecord,
  type License,
  LicenseSchema,
  type Provenance,
  ProvenanceSchema,
  type QueryRecord,
} from './envelope/provenance.js';
export { chooseColumns, sortRecords } from './envelope/sort-records.js';
export { type ErrorBody, shorten, toErrorBody } from './errors/error-body.js';
export { ERROR_CODE_LIST, ERROR_CODES, type ErrorCode, isRetryable } from './errors/error-codes.js';
export { nearbyNames } from './errors/nearby-names.js';
export { isOpenDataError, OpenDataError, type OpenDataErrorOptions } from './errors/opendata-error.js';
export { isPublicAddress } from './http/address-guard.js';
export { createHttpClient, type HttpClientOptions } from './http/create-http-client.js';
export { NOT_RECORDED_STATUS, RECORDED_REQUESTS_HEADER, statusError } from './http/http-errors.js';
export type { DownloadResult, HttpClient, HttpRequest, HttpResponse, HttpStats } from './http/http-types.js';
export { type Resolver, systemResolver } from './http/resolver.js';
export { DEFAULT_RETRY_POLICY, type RetryPolicy } from './http/retry-policy.js';
export type { UpstreamBudget, UpstreamBudgets } from './http/upstream-budget.js';
export { DEFAULT_USER_AGENT } from './http/user-agent.js';
export {
  type ForkIsolatedOptions,
  forkIsolated,
  type IsolatedProcess,
} from './isolation/fork-isolated.js';
export { startIsolatedThread } from './isolation/isolated-thread.js';
export { describeLicence } from './licences/describe-licence.js';
export { KNOWN_LICENCES, type KnownLicence } from './licences/known-licences.js';
export {
  createJsonLogger,
  type JsonLoggerOptions,
  type Logger,
  type LogLevel,
  silentLogger,
} from './log/logger.js';
export { currentRequestId, withRequestId } from './log/request-scope.js';
export {
  loadPrometheusMetrics,
  type PrometheusMetrics,
  type PrometheusMetricsOptions,
} from './observe/load-prometheus-metrics.js';
export { noTelemetry, type Telemetry } from './observe/telemetry.js';
export { foldName } from './places/fold-name.js';
export { type Gazetteer, gazetteer, type PlaceMention } from './places/gazetteer.js';
export {
  PLACE_LANGUAGES,
  type Place,
  type PlaceCodes,
  type PlaceKind,
  type PlaceLanguage,
  placeName,
} from './places/place.js';
export { inferType, keepableTableOf, toKeptTable, unitsOf } from './results/keepable-table.js';
export {
  createKeptResults,
  type KeepOutcome,
  type KeepRequest,
  type KeptResults,
  type KeptResultsOptions,
} from './results/kept-results.js';
export type {
  KeepableTable,
  KeptCall,
  KeptColumn,
  KeptResult,
  KeptResultHead,
  KeptSource,
  KeptTable,
  SerialisedKeepableTable,
  SerialisedKeptResult,
} from './results/kept-table.js';
export { RESULT_ID_PATTERN } from './results/result-id.js';
export { analyzeQuery, EXPANSION_WEIGHT, type QueryWord } from './search/analyze-query.js';
export { termOf, termsOfWord } from './search/analyze-word.js';
export type { LangText } from './search/document-terms.js';
export { foldWord } from './search/fold-word.js';
export { ANALYZED_LANGUAGES, baseLanguage, isStopWord, stemWord } from './search/language-analyzers.js';
export type { TextHit, TextSearchOptions } from './search/match-query.js';
export { splitCompound } from './search/split-compound.js';
export { type LexiconConcept, STATISTICAL_LEXICON } from './search/statistical-lexicon.js';
export {
  createTextIndex,
  loadTextIndex,
  loadTextIndexAsync,
  type TextDocument,
  type TextField,
  type TextIndex,
  type TextIndexOptions,
} from './search/text-index.js';
export { SLICE_MS, type WorkSlicer, workSlicer } from './search/work-slicer.js';
export { type AdapterEntry, CompositionError } from './server/compose-adapters.js';
export {
  type CallOptions,
  createOpenDataServer,
  type OpenDataServer,
  type OpenDataServerOptions,
  SERVER_NAME,
  SERVER_VERSION,
  type ServerExtension,
} from './server/create-server.js';
export { type ToolDefinitionJson, toolDefinitionJson } from './server/tool-definition-json.js';
export {
  accountCacheRoot,
  type CacheRootInputs,
  defaultCacheRoot,
  resourceCacheDir,
} from './store/cache-root.js';
export { createFileStore, type FileStoreOptions } from './store/file-store.js';
export { createMemoryStore, type MemoryStoreOptions } from './store/memory-store.js';
export { openSharedStore, type SharedStoreConfig } from './store/open-shared-store.js';
export { type PrivateDirectoryOptions, preparePrivateDirectory } from './store/private-directory.js';
export type { RedisStoreOptions } from './store/redis-store.js';
export type { SharedStore } from './store/shared-store.js';
export { startStdioServer } from './transports/serve-stdio.js';
export {
  DEFAULT_MAX_BODY_BYTES,
  type HttpServerOptions,
  type RunningHttpServer,
  startHttpServer,
} from './transports/start-http-server.js';
