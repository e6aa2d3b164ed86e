import { feedXml, type XmlHandler } from '../registry/feed-xml.js';
import { isSdmxMl3 } from '../registry/sdmx-ml-version.js';
import type { XmlAttributes } from '../registry/xml-attributes.js';
import { type DataContext, dataContext } from './data-context.js';
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
  const handler = new DataMessageHandler(ctx, isSdmxMl3(xml));
  await feedXml(xml, handler, { format: 'SDMX-ML', refuse: (why) => notData('SDMX-ML', why), signal });
  return { dialect: handler.format, observations: handler.observations };
}

/** The message around the data sets: its root, its header, an error message, and a reader per data set. */
class DataMessageHandler implements XmlHandler {
  readonly observations: Observation[] = [];
  format: DataFormat = 'sdmx-ml-2.1-generic';
  private reader: GenericReader | StructureSpecificReader | null = null;
  private root: string | null = null;
  /** The registry's error text, while the root is `Error`. */
  private errorText: string | null = null;
  private inErrorText = false;
  /** The header's Structure elements (one structure per message) and its dimension at observation level. */
  private structures = 0;
  private atObservation: string | null = null;

  constructor(
    private readonly ctx: DataContext,
    private readonly v3: boolean,
  ) {}

  open(name: string, attributes: XmlAttributes, path: readonly string[]): void {
    if (this.root === null) {
      this.root = name;
      if (name === 'Error') return;
      const generic = name === 'GenericData' || name === 'GenericTimeSeriesData';
      if (!generic && !/^StructureSpecific(TimeSeries)?Data$/.test(name))
        throw notData('SDMX-ML', `a ${name} message is not a data message`);
      this.format = generic
        ? 'sdmx-ml-2.1-generic'
        : this.v3
          ? 'sdmx-ml-3.0-structure-specific'
          : 'sdmx-ml-2.1-structure-specific';
      return;
    }
    if (this.root === 'Error') {
      if (name === 'Text' && path[path.length - 2] === 'ErrorMessage' && this.errorText === null) {
        this.inErrorText = true;
        this.errorText = '';
      }
      return;
    }
    if (path.length === 3 && path[1] === 'Header' && name === 'Structure') {
      this.structures++;
      this.atObservation = attributes.get('dimensionAtObservation') ?? null;
      return;
    }
    if (path.length === 2 && name === 'DataSet') {
      const { ctx } = this;
      const atObservation = this.structures === 1 ? (this.atObservation ?? ctx.timeId) : ctx.timeId;
      this.reader =
        this.format === 'sdmx-ml-2.1-generic'
          ? new GenericReader(ctx, atObservation, this.observations)
          : new StructureSpecificReader(ctx, this.observations);
      return;
    }
    this.reader?.open(name, attributes, path);
  }

  close(name: string, path: readonly string[]): void {
    if (this.root === 'Error') {
      if (this.inErrorText && name === 'Text') this.inErrorText = false;
      else if (path.length === 1) throw registryError(this.errorText);
    } else if (path.length === 2 && name === 'DataSet') this.reader = null;
    else this.reader?.close(name, path);
  }

  text(text: string): void {
    if (this.inErrorText) this.errorText += text;
    else this.reader?.text(text);
  }
}

function registryError(text: string | null): Error {
  const said = text?.trim() || 'no text';
  const short = said.length > MAX_ERROR_TEXT ? `${said.slice(0, MAX_ERROR_TEXT)}…` : said;
  return notData('SDMX-ML', `the registry sent an error message: ${short}`);
}

/**
 * One of each object a message is read with, kept for the life of the process. V8 forgets an
 * object layout (hidden class) once no object has it, and throws away the optimized code built on
 * it: were none of these alive between two messages, each message after a full collection would be
 * read by unoptimized code while the optimizer starts over, three to five times slower.
 */
const keptCtx = dataContext(null, 'en');
export const keptLayouts = [
  new DataMessageHandler(keptCtx, false),
  new GenericReader(keptCtx, keptCtx.timeId, []),
  new StructureSpecificReader(keptCtx, []),
];
