import { defineTool, READ_ONLY_OPEN_WORLD } from '@opendata-mcp/core';
import { z } from 'zod';
import type { FlowComponent } from '../registry/flow-structure.js';
import { pickText } from '../registry/pick-text.js';
import type { ArtefactRef } from '../registry/structure-types.js';
import { usableCodes } from '../registry/usable-codes.js';
import { dimensionRoles, ROLES } from '../resolution/dimension-roles.js';
import { loadScopedStructure } from '../scope/scoped-structure.js';
import type { SdmxRuntime } from '../sdmx-runtime.js';
import { sdmxSource } from '../sdmx-source.js';
import { flowInputShape } from './tool-inputs.js';

const SAMPLE = 10;

function refText(ref: ArtefactRef | null): string | null {
  return ref ? `${ref.agency ?? '?'}:${ref.id}(${ref.version ?? 'latest'})` : null;
}

export function getDataflowStructureTool(rt: SdmxRuntime) {
  return defineTool({
    name: 'get_dataflow_structure',
    title: 'Describe a dataflow',
    description:
      'Shows how a dataflow is built: dimensions in series-key order with code list and code count, ' +
      "time dimension, measure, attributes (unit, status, notes …) and the registry's constraints " +
      "(allowed_codes, available_codes; null when none). Each dimension's role (area, indicator, sex, " +
      'age, unit …) is a filter key of the get_indicator_* tools. list_codes pages through a code list.',
    input: z.object(flowInputShape).strict(),
    output: z.object({
      flow: z.object({
        id: z.string(),
        agency: z.string(),
        version: z.string(),
        name: z.string().nullable(),
        description: z.string().nullable(),
      }),
      data_structure: z.string().describe('The DSD the flow uses, as agency:id(version).'),
      key_template: z.string().describe('Dimension ids joined by "." in the order a series key uses.'),
      dimensions: z.array(
        z.object({
          id: z.string(),
          position: z.number().describe('1-based position in the series key.'),
          role: z
            .enum(ROLES)
            .describe(
              'What the dimension means to a question (geography, indicator, sex, age …); a filter key may be the role.',
            ),
          name: z.string(),
          codelist: z
            .string()
            .nullable()
            .describe('Code list as agency:id(version); null for an uncoded dimension.'),
          code_count: z
            .number()
            .nullable()
            .describe('Codes in the code list; null when it is not in the answer.'),
          allowed_codes: z
            .number()
            .nullable()
            .describe(
              'Codes left after the registry constraints; null when no constraint narrows this dimension.',
            ),
          sample_codes: z.array(z.string()).describe(`Up to ${SAMPLE} usable code ids.`),
        }),
      ),
      time_dimension: z.object({ id: z.string(), position: z.number().nullable() }).nullable(),
      measure: z.object({ id: z.string(), name: z.string() }).nullable(),
      attributes: z.array(
        z.object({
          id: z.string(),
          name: z.string(),
          assignment_status: z.string().nullable().describe('Mandatory or Conditional, as the DSD states.'),
          codelist: z.string().nullable(),
        }),
      ),
      constraints: z.array(
        z.object({
          id: z.string(),
          type: z.string().describe('"Allowed" (what may be reported) or "Actual" (what holds data).'),
          dimensions: z
            .record(z.string(), z.number())
            .describe('Codes the constraint includes, per dimension.'),
        }),
      ),
      registry_prepared_at: z
        .string()
        .nullable()
        .describe('When the registry prepared the structure message.'),
    }),
    annotations: READ_ONLY_OPEN_WORLD,
    example: { flow_id: 'CME' },
    async execute(input, ctx) {
      const structure = await loadScopedStructure(rt, ctx, {
        flowId: input.flow_id,
        agency: input.agency,
        version: input.version,
      });
      const { flow, dsd } = structure;
      const roles = new Map(dimensionRoles(structure, rt.roleOverrides).map((r) => [r.dimension.id, r.role]));
      const dimension = (d: FlowComponent, index: number) => {
        const usable = usableCodes(d);
        return {
          id: d.id,
          position: d.position ?? index + 1,
          role: roles.get(d.id) ?? 'other',
          name: d.name,
          codelist: refText(d.codelistRef),
          code_count: d.codelist?.codes.length ?? null,
          allowed_codes: usable.constrained ? (usable.codes?.length ?? null) : null,
          sample_codes: (usable.codes ?? []).slice(0, SAMPLE).map((c) => c.id),
        };
      };
      return {
        data: {
          flow: {
            id: flow.id,
            agency: flow.agency,
            version: flow.version,
            name: pickText(flow.names, input.language ?? rt.language),
            description: pickText(flow.descriptions, input.language ?? rt.language),
          },
          data_structure: refText(dsd) ?? dsd.id,
          key_template: structure.dimensions.map((d) => d.id).join('.'),
          dimensions: structure.dimensions.map(dimension),
          time_dimension: structure.timeDimension
            ? { id: structure.timeDimension.id, position: structure.timeDimension.position }
            : null,
          measure: structure.measure ? { id: structure.measure.id, name: structure.measure.name } : null,
          attributes: structure.attributes.map((a) => ({
            id: a.id,
            name: a.name,
            assignment_status: a.assignmentStatus,
            codelist: refText(a.codelistRef),
          })),
          constraints: structure.constraints.map((c) => ({
            id: c.id,
            type: c.type,
            dimensions: Object.fromEntries(
              Object.entries(c.included).map(([dim, codes]) => [dim, codes.length]),
            ),
          })),
          registry_prepared_at: structure.prepared,
        },
        source: sdmxSource(rt, {
          url: structure.url,
          fetchedAt: structure.fetchedAt,
          fromCache: structure.fromCache,
          structure,
          modifiedAt: null,
        }),
      };
    },
  });
}
