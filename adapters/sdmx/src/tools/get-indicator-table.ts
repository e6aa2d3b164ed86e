import {
  defineTool,
  limitParam,
  NextOffsetSchema,
  nextOffset,
  OpenDataError,
  offsetParam,
  READ_ONLY_OPEN_WORLD,
} from '@opendata-mcp/core';
import { z } from 'zod';
import { boundColumns, boundsOf } from '../answers/bounds-of.js';
import { LabelledSchema, resolutionShape } from '../answers/compact-shapes.js';
import {
  compactSource,
  prepareQuestion,
  type Question,
  resolutionFields,
} from '../answers/prepare-question.js';
import { readObservations } from '../answers/read-observations.js';
import { fixedOf, labelled, spreadOf } from '../answers/series-spread.js';
import { PeriodOrLatestSchema, selectionOf } from '../answers/time-selection.js';
import { ambiguousAnswer, noObservationsAnswer } from '../answers/unanswered.js';
import { unitOf, valueUnits } from '../answers/unit-of.js';
import { withResolution } from '../answers/with-resolution.js';
import type { Observation } from '../messages/observation.js';
import { pickText } from '../registry/pick-text.js';
import type { HierarchyInfo } from '../registry/structure-types.js';
import { usableCodes } from '../registry/usable-codes.js';
import { areaKinds } from '../resolution/area-kinds.js';
import { codeTree } from '../resolution/code-tree.js';
import { gazetteerGroup } from '../resolution/gazetteer-group.js';
import { hierarchyGroups, loadHierarchies } from '../resolution/hierarchies.js';
import { membersOf } from '../resolution/members.js';
import { resolveCode } from '../resolution/resolve-code.js';
import type { SdmxRuntime } from '../sdmx-runtime.js';
import { labelFiltersParam } from './get-indicator-value.js';
import { flowInputShape } from './tool-inputs.js';

const SORTS = ['-value', 'value', 'area', '-area'] as const;

export function getIndicatorTableTool(rt: SdmxRuntime) {
  return defineTool({
    name: 'get_indicator_table',
    title: 'An indicator across areas',
    description:
      "One indicator for many areas in one period (or each area's latest), sorted by value: rankings, " +
      "top 10, the countries of a region. within keeps a region's or group's members; areas keeps " +
      'countries or aggregates only. Rows are [area code, period, value], plus lower_bound and ' +
      'upper_bound where the registry gives them; labels names each area. ' +
      'filters and status as in get_indicator_value. Page with offset = next_offset.',
    input: z
      .object({
        ...flowInputShape,
        filters: labelFiltersParam(),
        period: PeriodOrLatestSchema,
        within: z
          .string()
          .trim()
          .min(1)
          .max(200)
          .optional()
          .describe(
            'A region or group, by code or label in any language ("Sub-Saharan Africa", "G7"): only its members (default: all areas).',
          ),
        areas: z
          .enum(['all', 'countries', 'aggregates'])
          .default('all')
          .describe('countries: leave out regions and groups; aggregates: only those; all (default).'),
        sort: z
          .enum(SORTS)
          .default('-value')
          .describe('"-value" highest first (default), "value" lowest first, "area" / "-area" by area code.'),
        limit: limitParam('Rows', 300, 20),
        offset: offsetParam('Rows'),
      })
      .strict(),
    output: z.object({
      status: z.enum(['ok', 'no_observations', 'not_a_single_value', 'ambiguous']),
      flow_id: z.string(),
      area_dimension: z.string().describe('The dimension whose codes are the rows.'),
      columns: z.array(z.string()),
      rows: z.array(z.array(z.union([z.string(), z.number(), z.null()]))),
      labels: z.record(z.string(), z.record(z.string(), z.string())).describe('Label of each area code.'),
      series: z
        .record(z.string(), LabelledSchema)
        .describe('The other dimensions, one code each, with labels.'),
      within: z
        .object({ code: z.string(), label: z.string(), members: z.number(), countries: z.boolean() })
        .nullable()
        .describe(
          'The region asked for; countries false means its members are sub-groups. A code such as ' +
            '"group/G7" is a group the registry does not code, its members taken from the gazetteer.',
        ),
      series_key: z.string(),
      returned: z.number(),
      truncated: z.boolean(),
      total_matched: z.number().describe('Rows before paging (same unit as returned).'),
      next_offset: NextOffsetSchema,
      ...resolutionShape,
    }),
    annotations: READ_ONLY_OPEN_WORLD,
    example: {
      flow_id: 'CME',
      filters: { indicator: 'CME_MRY0T4', sex: '_T', WEALTH_QUINTILE: '_T' },
      period: '2020',
      areas: 'countries',
      limit: 5,
    },
    async execute(input, ctx) {
      const question = await prepareQuestion(rt, ctx, input);
      const area = question.roled.find((r) => r.role === 'geography')?.dimension;
      if (!area) {
        throw new OpenDataError('invalid_input', `Dataflow ${input.flow_id} has no area dimension.`, {
          hint: 'Use get_indicator_series or query_data for flows without areas.',
        });
      }
      const areaCodes = usableCodes(area).codes ?? [];
      const within = input.within
        ? findRegion(
            question,
            areaCodes,
            input.within,
            await loadHierarchies(rt, ctx, question.structure.flow.agency),
          )
        : null;
      const empty = {
        flow_id: question.structure.flow.id,
        area_dimension: area.id,
        columns: [area.id, 'time_period', 'value'],
        rows: [],
        labels: {},
        series: {},
        within: within && 'code' in within ? withinSummary(within) : null,
        returned: 0,
        truncated: false,
        total_matched: 0,
        next_offset: null,
        varying: [],
        unit: null,
        unit_multiplier: null,
        ...resolutionFields(question),
      };
      if (within && 'ambiguous' in within) {
        question.resolution.ambiguous.push(within.ambiguous);
      }
      if (question.resolution.ambiguous.length > 0) {
        // The region asked for (within) may be the value that fits several codes, not a filter.
        return ambiguousAnswer(
          rt,
          ctx,
          question,
          empty,
          'A value fits several codes; choose one code from ambiguous and ask again.',
        );
      }
      const codes = { ...question.resolution.codes };
      if (within && 'code' in within) codes[area.id] = within.memberCodes;
      const read = await withResolution(question, () =>
        readObservations(rt, ctx, question.structure, codes, selectionOf(input.period), question.language),
      );
      const source = compactSource(rt, ctx, question, read);
      const kind = areaKinds(areaCodes);
      const observations = read.observations.filter(
        (o) =>
          input.areas === 'all' ||
          kind(o.dimensions[area.id]?.code ?? '') === (input.areas === 'countries' ? 'country' : 'aggregate'),
      );
      if (observations.length === 0) {
        return noObservationsAnswer(empty, read.key, source);
      }
      const varying = spreadOf(observations, [area.id]);
      if (varying.length > 0) {
        return {
          data: {
            ...empty,
            status: 'not_a_single_value' as const,
            series_key: read.key,
            series: fixedOf(observations, [area.id]),
            varying,
            message: `Each area has several values; pin ${varying.map((v) => v.dimension).join(', ')} with a filter.`,
          },
          source,
        };
      }
      const rows = latestPerArea(observations, area.id);
      sortRows(rows, input.sort);
      const page = rows.slice(input.offset, input.offset + input.limit);
      const truncated = rows.length > input.offset + page.length;
      const labelsOf = (observations: Observation[]) => {
        const labels: Record<string, string> = {};
        for (const o of observations) {
          const cell = labelled(o.dimensions[area.id]);
          labels[cell.code] = cell.label;
        }
        return labels;
      };
      const bounds = boundColumns(rows);
      const columns = [...empty.columns, ...bounds];
      const asRow = (o: Observation): Array<string | number | null> => {
        const interval = boundsOf(o);
        return [o.dimensions[area.id]?.code ?? '', o.time_period, o.value, ...bounds.map((b) => interval[b])];
      };
      const series = fixedOf(observations, [area.id]);
      // The answer states the unit in `unit`; the kept table by column, the bounds in the value's.
      const units = valueUnits(rows, ['value', ...bounds]);
      return {
        data: {
          ...empty,
          status: 'ok' as const,
          series_key: read.key,
          columns,
          rows: page.map(asRow),
          labels: { [area.id]: labelsOf(page) },
          series,
          ...unitOf(observations[0]),
          returned: page.length,
          truncated,
          total_matched: rows.length,
          next_offset: nextOffset(input.offset, page.length, truncated),
          message:
            `${rows.length} areas with a value${input.period === 'latest' ? ' (each its latest period)' : ''}.` +
            (within && 'code' in within && !within.countries
              ? ` The code list links no countries to ${within.code}, only the sub-groups listed.`
              : ''),
        },
        source,
        // The whole table is kept, not the page shown: query_results and draw_chart over this
        // answer see every area.
        keep: {
          table: { columns, rows: rows.map(asRow), labels: { [area.id]: labelsOf(rows) }, units },
        },
      };
    },
  });
}

type Region =
  | { code: string; label: string; members: number; countries: boolean; memberCodes: string[] }
  | { ambiguous: { dimension: string; asked: string; candidates: Array<{ code: string; label: string }> } };

function findRegion(
  question: Question,
  codes: Parameters<typeof membersOf>[0],
  asked: string,
  hierarchies: HierarchyInfo[],
): Region {
  const area = question.roled.find((r) => r.role === 'geography');
  const dimension = area?.dimension.id ?? '';
  const all = area?.dimension.codelist?.codes ?? codes;
  // Only groups the code list gives members can be listed; the others would be a dead end.
  const tree = codeTree(all);
  const inHierarchy = hierarchyGroups(hierarchies);
  const aggregates = all.filter((c) => tree.children.has(c.id) || inHierarchy.has(c.id));
  const hit = resolveCode(aggregates, asked, { role: 'geography', language: question.language });
  if (hit.status === 'ambiguous') return { ambiguous: { dimension, asked, candidates: hit.candidates } };
  const usable = new Set(codes.map((c) => c.id));
  const group = hit.status === 'unknown' ? gazetteerGroup(asked, all, aggregates, question.language) : null;
  if (group?.kind === 'gazetteer') {
    const memberCodes = group.memberCodes.filter((c) => usable.has(c));
    if (memberCodes.length > 0)
      return {
        code: group.place.id,
        label: group.label,
        members: memberCodes.length,
        countries: true,
        memberCodes,
      };
  }
  const groupCode = hit.status === 'resolved' ? hit.code : group?.kind === 'registry' ? group.code : null;
  if (groupCode === null) {
    throw new OpenDataError(
      'invalid_input',
      `No region or group of ${dimension} matches "${asked.slice(0, 60)}".`,
      {
        hint: `list_codes {"flow_id": "${question.structure.flow.id}", "dimension": "${dimension}", "kind": "aggregate"} lists them.`,
      },
    );
  }
  const members = membersOf(all, groupCode, hierarchies);
  const memberCodes = members.codes.filter((c) => usable.has(c));
  if (memberCodes.length === 0) {
    throw new OpenDataError('invalid_input', `The code list gives ${groupCode} no members.`, {
      hint: 'Filter the area dimension by codes instead, or choose another region.',
    });
  }
  const code = all.find((c) => c.id === groupCode);
  return {
    code: groupCode,
    label: (code && pickText(code.names, question.language)) ?? groupCode,
    members: memberCodes.length,
    countries: members.countries,
    memberCodes,
  };
}

function withinSummary(region: Extract<Region, { code: string }>) {
  return { code: region.code, label: region.label, members: region.members, countries: region.countries };
}

function latestPerArea(observations: Observation[], areaId: string): Observation[] {
  const byArea = new Map<string, Observation>();
  for (const o of observations) {
    const code = o.dimensions[areaId]?.code ?? '';
    const kept = byArea.get(code);
    if (!kept || kept.time_period < o.time_period) byArea.set(code, o);
  }
  return [...byArea.values()].filter((o) => o.value !== null);
}

function sortRows(rows: Observation[], sort: (typeof SORTS)[number]): void {
  const sign = sort.startsWith('-') ? -1 : 1;
  if (sort.endsWith('value')) rows.sort((a, b) => sign * ((a.value ?? 0) - (b.value ?? 0)));
  else rows.sort((a, b) => sign * a.series_key.localeCompare(b.series_key));
}
