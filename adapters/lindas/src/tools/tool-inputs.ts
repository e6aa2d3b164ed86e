import { z } from 'zod';
import { LANGUAGES } from '../language.js';

export const CubeIdSchema = z.string().min(8).max(2000).describe('Cube IRI as search_cubes returned it.');

export const LanguageInputSchema = z
  .enum(LANGUAGES)
  .optional()
  .describe("Label language (default: the instance's, de unless configured; others when missing).");
