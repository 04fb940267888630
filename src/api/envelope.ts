import { z } from 'zod';

/** Every JSON answer of the API has this shape. */
export function envelope<T extends z.ZodType>(value: T) {
  return z.object({
    success: z.boolean(),
    code: z.string(),
    message: z.string(),
    value,
  });
}

export const errorEnvelope = envelope(z.unknown().nullable());

export type Envelope<T> = { success: boolean; code: string; message: string; value: T };

export const fieldIssue = z.object({ path: z.string(), message: z.string() });
export type FieldIssue = z.infer<typeof fieldIssue>;
