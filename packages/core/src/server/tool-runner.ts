import type { ImageContent } from '@modelcontextprotocol/server';
import type { ToolContext } from '../contract/context.js';
import type { DataToolDefinition } from '../contract/tool.js';
import { compactQuery } from '../envelope/compact-query.js';
import { errorEnvelope as bareErrorEnvelope, type Envelope, successEnvelope } from '../envelope/envelope.js';
import { type ErrorBody, toErrorBody } from '../errors/error-body.js';
import { OpenDataError } from '../errors/opendata-error.js';
import { annotateLicence } from '../licences/annotate-licence.js';
import { currentRequestId } from '../log/request-scope.js';
import { envelopeSchemaOf } from './advertise-only.js';
import { oversizedAnswer } from './answer-budget.js';
import { applyDeprecatedAliases } from './apply-deprecated-aliases.js';
import { explainInvalidInput } from './explain-invalid-input.js';
import { formatIssues } from './format-issues.js';
import { keepAnswer } from './keep-answer.js';

/**
 * Runs one data tool call end to end: strict input check, execution under the call deadline,
 * output check, envelope. Every failure becomes an error envelope; nothing escapes as a throw.
 */
export async function runDataTool(
  // biome-ignore lint/suspicious/noExplicitAny: runs tools of every shape.
  tool: DataToolDefinition<any, any>,
  args: unknown,
  ctx: ToolContext,
  name: string = tool.name,
  rememberQuery: (sha256: string, text: string) => void = () => {},
  onImages: (images: ImageContent[]) => void = () => {},
): Promise<Envelope> {
  const renamed = applyDeprecatedAliases(args ?? {}, tool.deprecatedAliases);
  const parsed = tool.input.safeParse(renamed.args);
  if (!parsed.success) return errorEnvelope(toErrorBody(explainInvalidInput(tool, name, parsed.error)));
  const started = performance.now();
  try {
    ctx.signal.throwIfAborted();
    const result = await tool.execute(parsed.data, ctx);
    const envelope = successEnvelope(
      result.data as Record<string, unknown>,
      result.source ? annotateLicence(compactQuery(result.source, rememberQuery)) : result.source,
    );
    const checked = envelopeSchemaOf(tool.output).safeParse(envelope);
    if (!checked.success) {
      ctx.logger.error('tool output does not match its schema', {
        tool: tool.name,
        issues: formatIssues(checked.error),
      });
      return errorEnvelope(toErrorBody(new Error('output schema mismatch')));
    }
    // Measured before the answer is kept: an answer never sent leaves no result behind.
    const oversized = oversizedAnswer(envelope, { name, input: tool.input }, ctx.limits.maxAnswerBytes);
    if (oversized) throw oversized;
    if (result.images && result.images.length > 0) onImages(result.images);
    const kept = await keepAnswer(result, envelope, { tool: name, arguments: parsed.data }, ctx);
    ctx.logger.debug('tool call succeeded', { tool: tool.name, ms: Math.round(performance.now() - started) });
    return { ...envelope, ...kept, ...(renamed.notes.length > 0 ? { deprecated: renamed.notes } : {}) };
  } catch (error) {
    const body = toErrorBody(
      ctx.signal.aborted && !(error instanceof OpenDataError) ? cancelled(ctx.signal) : error,
    );
    const level = body.code === 'internal_error' ? 'error' : 'info';
    ctx.logger[level]('tool call failed', {
      tool: tool.name,
      code: body.code,
      ms: Math.round(performance.now() - started),
      ...(body.code === 'internal_error' ? { cause: describe(error) } : {}),
    });
    return errorEnvelope(body);
  }
}

function cancelled(signal: AbortSignal): OpenDataError {
  const reason = signal.reason;
  if (reason instanceof OpenDataError) return reason;
  return new OpenDataError(
    'upstream_timeout',
    'The call was cancelled or ran past its deadline before the portal answered.',
    {
      hint: 'Narrow the request or try again.',
    },
  );
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/** An error answer that names the request, so a user's report can be matched with the server's log. */
function errorEnvelope(body: ErrorBody) {
  const requestId = currentRequestId();
  return bareErrorEnvelope(
    requestId ? { ...body, details: { ...body.details, request_id: requestId } } : body,
  );
}
