import { z } from 'zod';

const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,99}$/;

/**
 * A table or folder id: v2 ids are single tokens ("TAB638"), v1 ids are paths from the language
 * root ("ssd/BE/BE0101/BE0101A/BefolkningNy"). Segments are checked one by one so no id can
 * climb out of the API ("..") or carry a query.
 */
export const PxwebIdSchema = z
  .string()
  .min(1)
  .max(400)
  .refine((id) => id.split('/').every((segment) => SEGMENT.test(segment) && !/^\.+$/.test(segment)), {
    message: 'expected an id such as "TAB638" or a path such as "ssd/BE/BE0101"',
  });

/** A variable code as PxWeb writes it ("Region", "ContentsCode", "Tid", "Alder"). */
export const VariableCodeSchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[\p{L}\p{N}_ .()-]+$/u, 'not a variable code');

/** A value code ("00", "2023", "105+", "0114"). Commas are refused: v2 separates codes with them. */
export const ValueCodeSchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[^,\s][^,]*$/, 'not a value code');

/** Encodes each path segment of an id already checked by {@link PxwebIdSchema}. */
export function encodePath(id: string): string {
  return id.split('/').map(encodeURIComponent).join('/');
}
