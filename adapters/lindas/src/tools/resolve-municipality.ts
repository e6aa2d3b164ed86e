import { defineTool, READ_ONLY_OPEN_WORLD } from '@opendata-mcp/core';
import { z } from 'zod';
import { type LangLiteral, pickLabel } from '../language.js';
import type { LindasRuntime } from '../lindas-runtime.js';
import { lindasSource } from '../lindas-source.js';
import { MUNICIPALITY_CLASS, PREFIXES } from '../sparql/prefixes.js';
import { selectRows } from '../sparql/send-sparql.js';
import { literal } from '../sparql/sparql-terms.js';
import { LanguageInputSchema } from './tool-inputs.js';

const MAX_MATCHES = 20;

export function resolveMunicipalityTool(rt: LindasRuntime) {
  return defineTool({
    name: 'resolve_municipality',
    title: 'Resolve a Swiss municipality',
    description:
      'Maps a Swiss municipality name to its LINDAS IRI and BFS number (the key Swiss statistics use), ' +
      'or a number to its name and IRI. Whole names match first, then parts of names (match_type). ' +
      `truncated means over ${MAX_MATCHES} matches: give more of the name.`,
    input: z
      .object({
        query: z
          .string()
          .trim()
          .min(1)
          .max(100)
          .describe('A municipality name ("Winterthur") or a BFS number of 1 to 4 digits ("230").'),
        language: LanguageInputSchema,
      })
      .strict(),
    output: z.object({
      query: z.string(),
      municipalities: z.array(
        z.object({ uri: z.string(), name: z.string().nullable(), bfs_number: z.number().nullable() }),
      ),
      returned: z.number(),
      truncated: z.boolean(),
      match_type: z.enum(['bfs_number', 'exact', 'partial', 'none']),
      suggestion: z.string().nullable(),
    }),
    annotations: READ_ONLY_OPEN_WORLD,
    example: { query: 'Winterthur' },
    deprecatedAliases: { name_or_bfs: 'query' },
    async execute(input, ctx) {
      const language = input.language ?? rt.language;
      const byNumber = /^\d{1,4}$/.test(input.query);
      const condition = byNumber
        ? `?m schema:identifier ?ident . FILTER(STR(?ident) = ${literal(String(Number(input.query)))})`
        : `?m schema:name ?needle . FILTER(CONTAINS(LCASE(STR(?needle)), ${literal(input.query.toLowerCase())}))`;
      const query = `${PREFIXES}
SELECT ?m ?name ?ident WHERE {
  { SELECT DISTINCT ?m WHERE { ?m a <${MUNICIPALITY_CLASS}> . ${condition} } ORDER BY ?m LIMIT ${MAX_MATCHES + 1} }
  OPTIONAL { ?m schema:name ?name }
  OPTIONAL { ?m schema:identifier ?ident }
}`;
      const answer = await selectRows(ctx, rt.endpoint, query);
      const found = new Map<string, { names: LangLiteral[]; ident: string | null }>();
      for (const b of answer.body.results.bindings) {
        const uri = b.m?.value;
        if (!uri) continue;
        const entry = found.get(uri) ?? { names: [], ident: null };
        if (b.name) entry.names.push({ value: b.name.value, lang: b.name['xml:lang'] ?? '' });
        entry.ident ??= b.ident?.value ?? null;
        found.set(uri, entry);
      }
      const all = [...found].map(([uri, e]) => ({
        uri,
        name: pickLabel(e.names, language)?.value ?? null,
        bfs_number: e.ident !== null && /^\d+$/.test(e.ident) ? Number(e.ident) : null,
        exact: e.names.some((n) => n.value.toLowerCase() === input.query.toLowerCase()),
      }));
      const exact = all.filter((m) => m.exact);
      const chosen = (byNumber || exact.length === 0 ? all : exact).slice(0, MAX_MATCHES);
      const matchType: 'bfs_number' | 'exact' | 'partial' | 'none' =
        chosen.length === 0 ? 'none' : byNumber ? 'bfs_number' : exact.length > 0 ? 'exact' : 'partial';
      return {
        data: {
          query: input.query,
          municipalities: chosen.map(({ exact: _exact, ...m }) => m),
          returned: chosen.length,
          truncated: found.size > MAX_MATCHES,
          match_type: matchType,
          suggestion:
            matchType === 'none'
              ? 'No municipality matched. Check the spelling, try a part of the name, or give the BFS number.'
              : null,
        },
        source: lindasSource(rt, {
          query,
          retrievedAt: answer.fetchedAt,
          fromCache: answer.fromCache,
          identifiers: { municipality_query: input.query },
          title: `Swiss municipality lookup «${input.query}»`,
        }),
      };
    },
  });
}
