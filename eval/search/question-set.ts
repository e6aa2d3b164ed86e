import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** How a question departs from the words of the object's own metadata. */
export const QUESTION_CLASSES = [
  'exact',
  'inflection',
  'compound',
  'spelling',
  'extra-word',
  'cross-language',
  'place',
] as const;

const TargetSchema = z
  .object({
    adapter: z
      .string()
      .min(1)
      .describe('The adapter instance id that holds the object, as search_all names it.'),
    kind: z.string().min(1),
    id: z.string().min(1),
  })
  .strict();

const QuestionSchema = z
  .object({
    id: z.string().min(1),
    query: z.string().min(2).max(200),
    language: z.string().regex(/^[a-z]{2}$/),
    class: z.enum(QUESTION_CLASSES),
    answers: z.array(TargetSchema).min(1),
    note: z.string().optional(),
  })
  .strict();

const QuestionSetSchema = z
  .object({ description: z.string(), synthetic: z.boolean(), questions: z.array(QuestionSchema).min(1) })
  .strict();

export type Target = z.infer<typeof TargetSchema>;
export type Question = z.infer<typeof QuestionSchema>;
export type QuestionSet = z.infer<typeof QuestionSetSchema>;

/** Reads and checks a question file; question ids must be unique within it. */
export function loadQuestionSet(path: string): QuestionSet {
  const set = QuestionSetSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
  const seen = new Set<string>();
  for (const question of set.questions) {
    if (seen.has(question.id)) throw new Error(`${path}: question id ${question.id} is used twice`);
    seen.add(question.id);
  }
  return set;
}

export const QUESTIONS_FILE = fileURLToPath(new URL('./questions.json', import.meta.url));
export const SYNTHETIC_QUESTIONS_FILE = fileURLToPath(new URL('./questions-synthetic.json', import.meta.url));
