/** The error body every API failure answers with (ARCHITECTURE §5). */
import { z } from 'zod';

export const fieldErrorSchema = z.object({ path: z.string(), message: z.string() });

export const problemSchema = z.object({
  title: z.string(),
  detail: z.string(),
  status: z.number().int(),
  errors: z.array(fieldErrorSchema).optional(),
});

export type Problem = z.infer<typeof problemSchema>;
export type FieldError = z.infer<typeof fieldErrorSchema>;
