import {
  defineTool,
  limitParam,
  NextOffsetSchema,
  nextOffset,
  offsetParam,
  READ_ONLY_OPEN_WORLD,
} from '@opendata-mcp/core';
import { z } from 'zod';
import { localName } from '../cube/dimension-names.js';
import { pickLabel } from '../language.js';
import type { LindasRuntime } from '../lindas-runtime.js';
import { lindasSource } from '../lindas-source.js';
import { PREFIXES, PUBLISHED } from '../sparql/prefixes.js';
import { selectRows } from '../sparql/send-sparql.js';
import { LanguageInputSchema } from './tool-inputs.js';

const PUBLISHERS_TTL_MS = 60 * 60_000;

const QUERY = `${PREFIXES}
SELECT ?creator ?cubes ?name WHERE {
  { SELECT ?creator (COUNT(DISTINCT ?cube) AS ?cubes) WHERE {
      ?cube a cube:Cube ; dcterms:creator ?creator .
      OPTIONAL { ?cube schema:creativeWorkStatus ?st }
      FILTER(!BOUND(?st) || ?st = <${PUBLISHED}>)
    } GROUP BY ?creator }
  OPTIONAL { ?creator schema:name ?name }
}
ORDER BY DESC(?cubes) ?creator`;

export function listPublishersTool(rt: LindasRuntime) {
  return defineTool({
    name: 'list_publishers',
    title: 'List cube publishers',
    description:
      'Lists the federal bodies that publish cubes, with their number of published cube versions. Pass ' +
      'a publisher_id to search_cubes to search one publisher.',
    input: z
      .object({
        language: LanguageInputSchema,
        limit: limitParam('Publishers', 500, 100),
        offset: offsetParam('Publishers'),
      })
      .strict(),
    output: z.object({
      publishers: z.array(
        z.object({
          publisher_id: z.string(),
          name: z.string(),
          name_from: z
            .enum(['label', 'uri'])
            .describe('"uri" when no name is stated and the IRI slug is shown.'),
          cube_count: z.number().describe('Published cube versions (each version counts once).'),
        }),
      ),
      returned: z.number(),
      truncated: z.boolean(),
      next_offset: NextOffsetSchema,
    }),
    annotations: READ_ONLY_OPEN_WORLD,
    example: {},
    async execute(input, ctx) {
      const language = input.language ?? rt.language;
      const answer = await selectRows(ctx, rt.endpoint, QUERY, { cacheTtlMs: PUBLISHERS_TTL_MS });
      const byCreator = new Map<string, { count: number; names: Array<{ value: string; lang: string }> }>();
      for (const b of answer.body.results.bindings) {
        const uri = b.creator?.value;
        if (!uri) continue;
        const entry = byCreator.get(uri) ?? { count: Number(b.cubes?.value ?? 0), names: [] };
        if (b.name) entry.names.push({ value: b.name.value, lang: b.name['xml:lang'] ?? '' });
        byCreator.set(uri, entry);
      }
      const all = [...byCreator].map(([uri, entry]) => {
        const label = pickLabel(entry.names, language);
        return {
          publisher_id: uri,
          name: label?.value ?? localName(uri),
          name_from: label ? ('label' as const) : ('uri' as const),
          cube_count: entry.count,
        };
      });
      const publishers = all.slice(input.offset, input.offset + input.limit);
      const truncated = all.length > input.offset + publishers.length;
      return {
        data: {
          publishers,
          returned: publishers.length,
          truncated,
          next_offset: nextOffset(input.offset, publishers.length, truncated),
        },
        source: lindasSource(rt, {
          query: QUERY,
          retrievedAt: answer.fetchedAt,
          fromCache: answer.fromCache,
          identifiers: { listing: 'publishers' },
          title: 'LINDAS cube publishers',
        }),
      };
    },
  });
}
