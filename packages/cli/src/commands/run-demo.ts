import type { DemoJourney, Envelope, OpenDataServer, SuccessEnvelope } from '@opendata-mcp/core';

export interface DemoOutcome {
  journey: string;
  ok: boolean;
}

/** Runs each journey's steps in order, printing every answer's summary and its citation. */
export async function runDemo(
  server: OpenDataServer,
  journeys: Array<{ journey: DemoJourney; toolPrefix?: string }>,
  print: (line: string) => void,
): Promise<DemoOutcome[]> {
  const outcomes: DemoOutcome[] = [];
  for (const { journey, toolPrefix } of journeys) {
    print(`\n=== ${journey.title} ===`);
    const answers: SuccessEnvelope[] = [];
    let ok = true;
    for (const step of journey.steps) {
      const tool = toolPrefix ? `${toolPrefix}_${step.tool}` : step.tool;
      const args = typeof step.args === 'function' ? step.args(answers) : step.args;
      print(`\n> ${tool} ${JSON.stringify(args)}`);
      const envelope: Envelope = await server.callTool(tool, args);
      if (!envelope.ok) {
        print(`  failed: ${envelope.error.code}: ${envelope.error.message}`);
        ok = false;
        break;
      }
      answers.push(envelope);
      for (const line of step.summarize(envelope).split('\n')) print(`  ${line}`);
      print(`  source: ${envelope.citation}`);
    }
    outcomes.push({ journey: journey.title, ok });
  }
  return outcomes;
}
