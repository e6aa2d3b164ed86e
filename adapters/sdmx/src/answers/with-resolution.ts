import { isOpenDataError, OpenDataError } from '@opendata-mcp/core';
import type { Question } from './prepare-question.js';

/**
 * Runs the data request of a question whose words were read as codes. An error it ends in also
 * carries what the words were read as (`details.resolved`) and which dimensions were fixed
 * without being asked (`details.defaults_applied`), as a successful answer does: without them an
 * agent cannot tell a refused request for the right codes from one for codes it did not mean.
 */
export async function withResolution<T>(question: Question, request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    const { resolved, defaults } = question.resolution;
    if (!isOpenDataError(error) || resolved.length + defaults.length === 0) throw error;
    throw new OpenDataError(error.code, error.message, {
      hint: error.hint,
      retryable: error.retryable,
      details: { ...error.details, resolved, defaults_applied: defaults },
      cause: error,
    });
  }
}
