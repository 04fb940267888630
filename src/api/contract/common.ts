import { z } from 'zod';
import { LANGUAGES, type LanguageCode } from '../languages';

export const languageCode = z.enum(LANGUAGES);
export type { LanguageCode };

export const sectionKey = z.enum([
  'LIVE',
  'RNG',
  'PVP',
  'FISH',
  'SPORTS',
  'ESPORTS',
  'LOTT',
  'ELOTT',
  'COCKFIGHT',
  'INHOUSE',
]);
export type SectionKey = z.infer<typeof sectionKey>;

/** Epoch milliseconds, the spec's date representation on the wire. */
export const epochMillis = z.number().int();

/** Money on the wire: an integer count of minor units. */
export const minorUnits = z.number().int();

/** A comma-separated query list, e.g. `types=notice,popup`. */
export function csvOf<E extends z.ZodEnum<Readonly<Record<string, string>>>>(item: E) {
  return z
    .string()
    .max(200)
    .transform((s) =>
      s
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item).min(1));
}
