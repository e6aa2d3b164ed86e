import { z } from 'zod';

/** A licence as the portal states it; unknown parts stay null rather than guessed. */
export const LicenceSchema = z
  .object({
    id: z.string().nullable().describe('Licence identifier as the portal gives it (e.g. "CC-BY-4.0").'),
    title: z.string().nullable().describe('Human-readable licence name.'),
    url: z.string().nullable().describe('Licence URL or URI (for LINDAS often a Fedlex URI).'),
    source_property: z
      .string()
      .nullable()
      .optional()
      .describe('Which metadata field stated the licence (e.g. "dcterms:license", "dcterms:rights").'),
    known_as: z
      .string()
      .optional()
      .describe('A readable name for the licence URI, from this server’s table of known licences.'),
    terms: z.string().optional().describe('In short, what a re-user must do (attribution, share-alike …).'),
  })
  .strict();
export type Licence = z.infer<typeof LicenceSchema>;

export const QuerySchema = z
  .object({
    language: z.enum(['sql', 'sparql', 'url', 'api']).describe('What kind of query this is.'),
    text: z
      .string()
      .describe('The query exactly as it was run, or the URL called; a short form when shortened is true.'),
    shortened: z
      .boolean()
      .optional()
      .describe('True when text is a short form: PREFIX lines and spacing dropped, the middle cut.'),
    sha256: z.string().optional().describe('SHA-256 of the full query text, to check it against a log.'),
    full_text_uri: z
      .string()
      .optional()
      .describe('MCP resource that serves the full query text (resources/read), while this server runs.'),
  })
  .strict();
export type QueryRecord = z.infer<typeof QuerySchema>;

export const CacheRecordSchema = z
  .object({
    hit: z.boolean().describe('True when a cached copy answered (possibly after revalidation).'),
    revalidated: z
      .boolean()
      .describe('True when the portal confirmed the cached copy is current (HTTP 304).'),
    first_fetched_at: z.string().nullable().describe('When the cached bytes were first fetched (ISO 8601).'),
  })
  .strict();
export type CacheRecord = z.infer<typeof CacheRecordSchema>;

/**
 * Where an answer came from and when. Dates the portal does not state stay null:
 * `retrieved_at` (our fetch time) never stands in for the portal's own modification date.
 */
export const ProvenanceSchema = z
  .object({
    backend: z.string().min(1).describe('Backend kind: "lindas", "ckan", "sdmx" …'),
    adapter_id: z.string().min(1).describe('The configured adapter instance that answered.'),
    endpoint: z.string().min(1).describe('Portal base URL or SPARQL endpoint.'),
    identifiers: z
      .record(z.string(), z.string())
      .describe('Ids of what was read: dataset, resource, cube, flow … as the portal names them.'),
    title: z.string().nullable().describe('Title of the dataset or cube, when known.'),
    publisher: z.string().nullable().describe('Publishing organisation, when known.'),
    url: z.string().nullable().describe('A page or URI a person can open to see the source.'),
    query: QuerySchema.nullable().describe('The query actually run, or the URL called.'),
    access_method: z.string().min(1).describe('How the data was read: "sparql", "ckan_api", "download" …'),
    retrieved_at: z.string().describe('When this server fetched the data (ISO 8601).'),
    metadata_retrieved_at: z
      .string()
      .nullable()
      .describe('When the metadata used was fetched; may be earlier when it came from cache.'),
    source_modified_at: z
      .string()
      .nullable()
      .describe('The modification date the portal states for the data; null when it states none.'),
    license: LicenceSchema.nullable().describe('Licence as stated by the portal; null when it states none.'),
    cache: CacheRecordSchema.describe('Whether a cache served this answer.'),
  })
  .strict();
export type Provenance = z.infer<typeof ProvenanceSchema>;
