import { z } from 'zod';
import type { Adapter } from '../contract/adapter.js';
import type { ToolContext } from '../contract/context.js';
import { defineTool, READ_ONLY_OPEN_WORLD } from '../contract/tool.js';
import { toErrorBody } from '../errors/error-body.js';
import { OpenDataError } from '../errors/opendata-error.js';
import { gazetteer } from '../places/gazetteer.js';
import { type Place, type PlaceKind, placeName } from '../places/place.js';
import { serverSource } from './server-source.js';

// A backend that has not answered by then is reported as failed; the others still answer.
const CODING_TIMEOUT_MS = 20_000;
const KINDS = [
  'country',
  'country_group',
  'world_region',
  'canton',
  'municipality',
] as const satisfies PlaceKind[];

const PlaceSchema = z.object({
  id: z.string().describe('Gazetteer id, e.g. "country/CH", "group/EU27", "m49/202", "canton/25".'),
  kind: z.enum(KINDS),
  name: z.string().describe('Name in the language asked for (English when it has none there).'),
  names: z.record(z.string(), z.array(z.string())).describe('Names per language, the usual first.'),
  codes: z
    .object({
      iso2: z.string().optional(),
      iso3: z.string().optional(),
      m49: z.string().optional(),
      bfs: z.number().optional().describe('Swiss BFS number of a canton or municipality.'),
      abbreviation: z.string().optional(),
      aggregate: z.array(z.string()).optional().describe('Codes registries commonly give this group.'),
    })
    .describe('Codes in the standards backends use.'),
  source: z.string().describe('Where the gazetteer has these facts from.'),
});

const BackendCodingSchema = z.object({
  adapter_id: z.string(),
  backend: z.string(),
  status: z
    .enum(['coded', 'not_coded', 'cannot_resolve', 'failed'])
    .describe(
      '"coded": codes below; "not_coded": the backend has no code for it; "cannot_resolve": the backend ' +
        'does not map places; "failed": it could not be asked, so nothing is known.',
    ),
  codes: z
    .array(z.object({ code: z.string(), label: z.string().nullable(), where: z.string() }))
    .describe('Codes or IRIs to use in its filters, and where each applies.'),
  note: z.string().nullable(),
  members: z
    .object({ codes: z.array(z.string()), source: z.enum(['backend', 'gazetteer']) })
    .nullable()
    .describe(
      "A group's members in this backend's codes; source says whose membership (its own or the gazetteer's).",
    ),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});

/**
 * Resolves a place name in any of the gazetteer's languages to the place, its members for a group,
 * and the code each configured backend (that maps places) knows it by.
 */
export function createResolvePlaceTool(
  adapters: ReadonlyArray<Adapter>,
  contextFor: (adapter: Adapter, signal: AbortSignal) => ToolContext,
) {
  return defineTool({
    name: 'resolve_place',
    title: 'Resolve a place',
    description:
      'A place name in any of en, de, fr, it, nl, es, uk, ru (country, group such as "EU", Swiss canton or ' +
      "town) as the place, a group's members and each backend's code, which filters take by name too. " +
      'An ambiguous name is refused with candidates: pass kind or an id.',
    input: z
      .object({
        name: z
          .string()
          .trim()
          .min(1)
          .max(100)
          .describe(
            'Place name, ISO code in capitals ("CH", "CHE"), M49 number ("756") or gazetteer id ("canton/25").',
          ),
        kind: z.enum(KINDS).optional().describe('Default: any.'),
        backend: z.string().max(100).optional().describe('Backend id (default: all).'),
        language: z
          .string()
          .regex(/^[a-z]{2}$/)
          .optional()
          .describe('Of names (default "en").'),
      })
      .strict(),
    output: z.object({
      query: z.string(),
      place: PlaceSchema,
      members: z
        .array(z.object({ id: z.string(), name: z.string(), iso3: z.string().nullable() }))
        .nullable()
        .describe('The countries of a group or region; null for a single place.'),
      backends: z.array(BackendCodingSchema).describe('Each backend asked and how it codes the place.'),
    }),
    annotations: READ_ONLY_OPEN_WORLD,
    example: { name: 'Genf', kind: 'canton' },
    async execute(input, ctx) {
      const language = input.language ?? 'en';
      const asked = selectBackends(adapters, input.backend);
      const place = onePlace(input.name, input.kind);
      const backends = await Promise.all(asked.map((adapter) => codingOf(adapter, place, ctx, contextFor)));
      const members = place.members ? gazetteer().membersOf(place) : null;
      return {
        data: {
          query: input.name,
          place: {
            id: place.id,
            kind: place.kind,
            name: placeName(place, language),
            names: place.names as Record<string, string[]>,
            codes: place.codes,
            source: place.source,
          },
          members:
            members?.map((m) => ({ id: m.id, name: placeName(m, language), iso3: m.codes.iso3 ?? null })) ??
            null,
          backends,
        },
        source: serverSource(ctx.clock, {
          title: `Place «${placeName(place, language)}» and its codes per backend`,
          accessMethod: 'gazetteer',
          identifiers: { place: place.id },
        }),
      };
    },
  });
}

function selectBackends(adapters: ReadonlyArray<Adapter>, id: string | undefined): ReadonlyArray<Adapter> {
  if (id === undefined) return adapters;
  const found = adapters.find((a) => a.id === id);
  if (found) return [found];
  throw new OpenDataError('invalid_input', `No backend "${id.slice(0, 40)}" is configured.`, {
    hint: `Configured backends: ${adapters.map((a) => a.id).join(', ')}; or leave backend out to ask them all.`,
  });
}

function onePlace(name: string, kind: PlaceKind | undefined): Place {
  const found = gazetteer().find(name, kind);
  const [first] = found;
  if (first && found.length === 1) return first;
  if (!first) {
    throw new OpenDataError(
      'not_found',
      `No place${kind ? ` of kind ${kind}` : ''} is named "${name.slice(0, 60)}".`,
      {
        hint: 'Give the whole name (any of en, de, fr, it, nl, es, uk, ru), an ISO code in capitals or an M49 number.',
      },
    );
  }
  const candidates = found.map((p) => ({ id: p.id, kind: p.kind, name: placeName(p) }));
  throw new OpenDataError('invalid_input', `"${name.slice(0, 60)}" names ${found.length} places.`, {
    hint: `Pass kind or one of these ids as name: ${candidates.map((c) => `${c.id} (${c.name})`).join(', ')}.`,
    details: { candidates },
  });
}

async function codingOf(
  adapter: Adapter,
  place: Place,
  ctx: ToolContext,
  contextFor: (adapter: Adapter, signal: AbortSignal) => ToolContext,
): Promise<z.infer<typeof BackendCodingSchema>> {
  const base = { adapter_id: adapter.id, backend: adapter.backend };
  if (!adapter.places)
    return { ...base, status: 'cannot_resolve', codes: [], note: null, members: null, error: null };
  const signal = AbortSignal.any([ctx.signal, AbortSignal.timeout(CODING_TIMEOUT_MS)]);
  try {
    const coding = await adapter.places.code(place, contextFor(adapter, signal));
    return {
      ...base,
      status: coding.codes.length > 0 ? 'coded' : 'not_coded',
      codes: coding.codes,
      note: coding.note,
      members: coding.members ?? null,
      error: null,
    };
  } catch (error) {
    const body = toErrorBody(error);
    return {
      ...base,
      status: 'failed',
      codes: [],
      note: null,
      members: null,
      error: { code: body.code, message: body.message },
    };
  }
}
