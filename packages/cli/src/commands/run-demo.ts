import type { DemoJourney, Envelope, SuccessEnvelope } from '@opendata-mcp/core';
import type { OpenDataServer } from '@opendata-mcp/core/server';

export interface DemoOutcome {
  journey: string;
  ok: boolean;
}

/** Stores a picture a step drew under a file name; answers where it was written. */
export type SavePicture = (fileName: string, png: Uint8Array) => Promise<string>;

/**
 * Runs each journey's steps in order, printing every answer's summary and its citation. A picture a
 * step draws (a chart) is handed to `savePicture` and the demo prints where it went.
 */
export async function runDemo(
  server: OpenDataServer,
  journeys: Array<{ journey: DemoJourney; toolPrefix?: string }>,
  print: (line: string) => void,
  savePicture?: SavePicture,
): Promise<DemoOutcome[]> {
  const outcomes: DemoOutcome[] = [];
  for (const [j, { journey, toolPrefix }] of journeys.entries()) {
    print(`\n=== ${journey.title} ===`);
    const answers: SuccessEnvelope[] = [];
    let ok = true;
    for (const [i, step] of journey.steps.entries()) {
      const tool = toolPrefix ? `${toolPrefix}_${step.tool}` : step.tool;
      const args = typeof step.args === 'function' ? step.args(answers) : step.args;
      print(`\n> ${tool} ${JSON.stringify(args)}`);
      const pictures: Uint8Array[] = [];
      const envelope: Envelope = await server.callTool(tool, args, {
        onImages: (images) => {
          for (const image of images) pictures.push(Buffer.from(image.data, 'base64'));
        },
      });
      if (!envelope.ok) {
        print(`  failed: ${envelope.error.code}: ${envelope.error.message}`);
        ok = false;
        break;
      }
      answers.push(envelope);
      for (const line of step.summarize(envelope).split('\n')) print(`  ${line}`);
      print(`  source: ${envelope.citation}`);
      for (const [k, png] of pictures.entries()) {
        if (!savePicture) break;
        const where = await savePicture(`journey-${j + 1}-step-${i + 1}${k > 0 ? `-${k + 1}` : ''}.png`, png);
        print(`  chart: ${where}`);
      }
    }
    outcomes.push({ journey: journey.title, ok });
  }
  return outcomes;
}
