import { defineTool, READ_ONLY_OPEN_WORLD } from '@opendata-mcp/core';
import { z } from 'zod';
import { cellValue } from '../cube/observation-rows.js';
import type { LindasRuntime } from '../lindas-runtime.js';
import { lindasSource } from '../lindas-source.js';
import { sendSparql } from '../sparql/send-sparql.js';
import { MAX_QUERY_CHARS, precheckSparql } from '../sparql/sparql-guard.js';
import { isAskResult } from '../sparql/sparql-results.js';

export const ROW_CAP = 500;
const DEADLINE_MS = 30_000;

export function runSparqlTool(rt: LindasRuntime) {
  return defineTool({
    name: 'run_sparql',
    title: 'Run a read-only SPARQL query',
    description:
      'Escape hatch for aggregations, joins across cubes and custom filters. One SELECT or ASK with its ' +
      'PREFIX lines; updates, CONSTRUCT/DESCRIBE, SERVICE, FROM and extension functions are refused ' +
      '(unsafe_sparql). At most 500 rows, 30 s. Anchor every pattern on a class (?c a ' +
      '<https://cube.link/Cube>) or a known IRI: { ?s ?p ?o } scans time out. Observations hang off ' +
      '<cube> cube:observationSet/cube:observation. Page with LIMIT and OFFSET in the query.',
    input: z
      .object({
        sparql: z
          .string()
          .min(1)
          .max(MAX_QUERY_CHARS * 4)
          .describe(
            `One SPARQL SELECT or ASK query including its PREFIX lines (at most ${MAX_QUERY_CHARS} characters).`,
          ),
      })
      .strict(),
    output: z.object({
      rows: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))),
      row_count: z.number(),
      truncated: z.boolean().describe('True when the row cap may have cut the answer.'),
      boolean: z.boolean().nullable().describe('The answer of an ASK query; null for SELECT.'),
      limit_applied: z.number().nullable().describe('The LIMIT written into the query sent.'),
      note: z.string(),
    }),
    annotations: READ_ONLY_OPEN_WORLD,
    example: { sparql: 'PREFIX cube: <https://cube.link/> SELECT ?cube WHERE { ?cube a cube:Cube } LIMIT 5' },
    deprecatedAliases: { query: 'sparql' },
    async execute(input, ctx) {
      precheckSparql(input.sparql);
      const { guardSparqlInWorker } = await import('../sparql/guard-in-worker.js');
      const guarded = await guardSparqlInWorker(input.sparql, ROW_CAP, ctx.signal);
      // The 30 s ceiling; an operator's shorter query timeout wins.
      const deadline = Math.min(DEADLINE_MS, ctx.limits.queryTimeoutMs);
      const answer = await sendSparql(ctx, rt.endpoint, guarded.text, { timeoutMs: deadline });
      const source = lindasSource(rt, {
        query: guarded.text,
        retrievedAt: answer.fetchedAt,
        fromCache: answer.fromCache,
        title: 'SPARQL query on LINDAS',
      });
      if (isAskResult(answer.body)) {
        return {
          data: {
            rows: [],
            row_count: 0,
            truncated: false,
            boolean: answer.body.boolean,
            limit_applied: null,
            note: 'ASK answered.',
          },
          source,
        };
      }
      const rows = answer.body.results.bindings.map((b) =>
        Object.fromEntries(Object.entries(b).map(([k, term]) => [k, cellValue(term)])),
      );
      const capCut =
        rows.length >= ROW_CAP && (guarded.requestedLimit === null || guarded.requestedLimit > ROW_CAP);
      return {
        data: {
          rows,
          row_count: rows.length,
          truncated: capCut,
          boolean: null,
          limit_applied: guarded.limit,
          note: capCut
            ? `Capped at ${ROW_CAP} rows; more may exist. Aggregate (COUNT, GROUP BY) or page with OFFSET.`
            : `The query ran with LIMIT ${guarded.limit}.`,
        },
        source,
      };
    },
  });
}
