import type { DemoJourney } from '../contract/demo-journey.js';
import type { SuccessEnvelope } from '../envelope/envelope.js';
import type { StdioSession } from './stdio-session.js';

/**
 * Plays a demo journey through a real client session, step by step, and returns every answer with
 * the lines the demo would print; a step that answers with an error fails with its envelope.
 */
export async function runJourney(
  session: StdioSession,
  journey: DemoJourney,
): Promise<{ answers: SuccessEnvelope[]; lines: string[] }> {
  const answers: SuccessEnvelope[] = [];
  const lines: string[] = [];
  for (const step of journey.steps) {
    const args = typeof step.args === 'function' ? step.args(answers) : step.args;
    const { body, isError } = await session.call(step.tool, args);
    if (isError) throw new Error(`${step.tool} failed: ${JSON.stringify(body).slice(0, 300)}`);
    const envelope = body as SuccessEnvelope;
    answers.push(envelope);
    lines.push(step.summarize(envelope));
  }
  return { answers, lines };
}
