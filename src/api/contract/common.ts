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

/**
 * Hard limits on money, far below 2^53 so every sum the server makes stays exact: one movement moves
 * at most MAX_AMOUNT minor units, and no balance goes past MAX_BALANCE either way. The database holds
 * the same bounds (ledger_entries_amount_ck, ledger_accounts_bound_ck); a brand may set a lower
 * maximum per movement (brands.max_amount).
 */
export const MAX_AMOUNT = 1_000_000_000_000;
export const MAX_BALANCE = 100_000_000_000_000;

/** The largest id a 32-bit integer column holds (serial, integer). */
export const MAX_INT32 = 2_147_483_647;

/** The last moment JavaScript and PostgreSQL both write the same way: 9999-12-31T23:59:59.999Z. */
export const MAX_EPOCH_MILLIS = 253_402_300_799_999;

/** Epoch milliseconds, the spec's date representation on the wire, from 1970 to the end of year 9999. */
export const epochMillis = z.number().int().min(0).max(MAX_EPOCH_MILLIS);

/** A date in a query string (`?from=1700000000000`): epoch milliseconds in the same range. */
export const epochMillisQuery = z.coerce.number().int().min(0).max(MAX_EPOCH_MILLIS);

/** Money on the wire: an integer count of minor units, a balance's bounds at most. */
export const minorUnits = z.number().int().min(-MAX_BALANCE).max(MAX_BALANCE);

/**
 * An amount as the caller sent it: any number up to MAX_AMOUNT either way, so that zero, negative and
 * fractional amounts each still get their own error code (AMOUNT_ZERO, AMOUNT_NEGATIVE,
 * AMOUNT_NOT_INTEGER), and a huge one is refused before it reaches any arithmetic.
 */
export const sentAmount = z.number().min(-MAX_AMOUNT).max(MAX_AMOUNT);

/** The id of a row in a 32-bit integer column, as a client names it (a bank account, a picture). */
export const int32Id = z.number().int().min(1).max(MAX_INT32);

/**
 * Text PostgreSQL can store and JSON can carry: no NUL character (text columns refuse it) and no
 * UTF-16 surrogate without its pair (jsonb refuses it, UTF-8 cannot encode it). The server checks
 * every string of every request with this once, before any schema (server/http/validation.ts).
 */
export function isSafeText(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0) return false;
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      i++;
    } else if (c >= 0xdc00 && c <= 0xdfff) {
      return false;
    }
  }
  return true;
}

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
