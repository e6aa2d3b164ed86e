import { z } from 'zod';
import { LANGUAGES } from '../language.js';

export const CubeIdSchema = z.string().min(8).max(2000).describe('Cube IRI as search_cubes returned it.');

export const LanguageInputSchema = z
  .enum(LANGUAGES)
  .optional()
  .describe(
    'Language of labels (default: the language configured for this instance, de unless set; the others in turn when missing).',
  );
