import { feedXml } from '../registry/feed-xml.js';
import { isSdmxMl3 } from '../registry/sdmx-ml-version.js';
import type { DataContext } from './data-context.js';
import { GenericReader } from './generic-data-reader.js';
import { notData } from './not-data.js';
import type { DataFormat, Observation, ParsedData } from './observation.js';
import { StructureSpecificReader } from './structure-specific-reader.js';

const MAX_ERROR_TEXT = 300;

/**
 * Reads an SDMX-ML data message: 2.1 GenericData (series or flat), 2.1 StructureSpecificData and
 * its time-series variant, and 3.0 StructureSpecificData (whose multi-valued attributes sit in
 * `Comp` elements). Group and data-set attributes are carried down to each observation. The
 * message is streamed: each observation is built when its element closes, so what is held besides
 * the observations is one series' values, and the parse yields between slices of the text.
 */
export async function parseDataXml(xml: string, ctx: DataContext, signal?: AbortSignal): Promise<ParsedData> {
  const observations: Observation[] = [];
  let reader: GenericReader | StructureSpecificReader | null = null;
  let root: string | null = null;
  let format: DataFormat = 'sdmx-ml-2.1-generic';
  const error = { depth: 0, text: null as string | null, inText: false };
  // The dimension at observation level, from the header's Structure (one structure per message).
  const header = { structures: 0, atObservation: null as string | null };
  await feedXml(
    xml,
    {
      open(name, attributes, path) {
        if (root === null) {
          root = name;
          if (name === 'Error') return;
          const generic = name === 'GenericData' || name === 'GenericTimeSeriesData';
          if (!generic && !/^StructureSpecific(TimeSeries)?Data$/.test(name))
            throw notData('SDMX-ML', `a ${name} message is not a data message`);
          const v3 = isSdmxMl3(xml);
          format = generic
            ? 'sdmx-ml-2.1-generic'
            : v3
              ? 'sdmx-ml-3.0-structure-specific'
              : 'sdmx-ml-2.1-structure-specific';
          return;
        }
        if (root === 'Error') {
          if (name === 'Text' && path[path.length - 2] === 'ErrorMessage' && error.text === null) {
            error.inText = true;
            error.text = '';
          }
          return;
        }
        if (path.length === 3 && path[1] === 'Header' && name === 'Structure') {
          header.structures++;
          header.atObservation = attributes.get('dimensionAtObservation') ?? null;
          return;
        }
        if (path.length === 2 && name === 'DataSet') {
          const atObservation = header.structures === 1 ? (header.atObservation ?? ctx.timeId) : ctx.timeId;
          reader =
            format === 'sdmx-ml-2.1-generic'
              ? new GenericReader(ctx, atObservation, observations)
              : new StructureSpecificReader(ctx, observations);
          return;
        }
        reader?.open(name, attributes, path);
      },
      close(name, path) {
        if (root === 'Error') {
          if (error.inText && name === 'Text') error.inText = false;
          else if (path.length === 1) throw registryError(error.text);
        } else if (path.length === 2 && name === 'DataSet') reader = null;
        else reader?.close(name, path);
      },
      text(text) {
        if (error.inText) error.text += text;
        else reader?.text(text);
      },
    },
    { format: 'SDMX-ML', refuse: (why) => notData('SDMX-ML', why), signal },
  );
  return { dialect: format, observations };
}

function registryError(text: string | null): Error {
  const said = text?.trim() || 'no text';
  const short = said.length > MAX_ERROR_TEXT ? `${said.slice(0, MAX_ERROR_TEXT)}…` : said;
  return notData('SDMX-ML', `the registry sent an error message: ${short}`);
}
