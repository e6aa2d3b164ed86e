import type { z } from 'zod';

/** Zod issues as one short line per field, without echoing the rejected values. */
export function formatIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 8)
    .map((issue) => {
      const path = issue.path.length > 0 ? issue.path.join('.') : '(arguments)';
      return `${path}: ${issue.message}`;
    })
    .join('; ');
}
