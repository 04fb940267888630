/**
 * A recorded in-house round's outcome as a person reads it, in the page's language: "Número sorteado
 * 36,64", "Caiu em 2,35×", "Minas nas casas 3, 7, 12", never the stored JSON. Used where a round is shown
 * after the fact (the fairness page's round, the back office's recall). The outcome comes as the server
 * stored it, so each field is checked before it is read; an outcome of an unknown shape gives null.
 */
import type { OriginalGame } from '../../originals/outcome';
import { formatDecimal, pageLanguage } from '../../ui/format';

type Translate = (key: string, params?: Record<string, unknown>) => string;

const int = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) ? v : null);
const ints = (v: unknown): number[] | null =>
  Array.isArray(v) && v.every((x) => int(x) !== null) ? (v as number[]) : null;

/** A dice roll (0 … 9999) as shown: 36,64 in PT. */
export const rollText = (roll: number, lang = pageLanguage()) =>
  formatDecimal(roll / 100, 2, lang, { grouping: false });

/** A multiplier in hundredths as shown: 235 → "2,35×" in PT, 100000000 → "1.000.000,00×". */
export const timesText = (hundredths: number, lang = pageLanguage()) =>
  `${formatDecimal(hundredths / 100, 2, lang)}×`;

/** The tile numbers (0–24, row by row) of a mines field, in order. */
export const minesOf = (outcome: Record<string, unknown>) =>
  ints(outcome.mines)?.toSorted((a, b) => a - b) ?? null;

export function outcomeText(
  game: OriginalGame,
  outcome: Record<string, unknown>,
  t: Translate,
  lang = pageLanguage(),
): string | null {
  const list = (numbers: number[]) => numbers.join(', ');
  switch (game) {
    case 'dice': {
      const roll = int(outcome.roll);
      return roll === null ? null : t('originals.verify.outcome_dice', { roll: rollText(roll, lang) });
    }
    case 'limbo': {
      const result = int(outcome.result);
      return result === null
        ? null
        : t('originals.verify.outcome_limbo', { multiplier: timesText(result, lang) });
    }
    case 'plinko': {
      const bin = int(outcome.bin);
      const path = ints(outcome.path);
      return bin === null || !path ? null : t('originals.verify.outcome_plinko', { bin, rows: path.length });
    }
    case 'keno': {
      const drawn = ints(outcome.drawn);
      return drawn
        ? t('originals.verify.outcome_keno', { numbers: list(drawn.toSorted((a, b) => a - b)) })
        : null;
    }
    case 'mines': {
      const mines = minesOf(outcome);
      return mines ? t('originals.verify.outcome_mines', { tiles: list(mines) }) : null;
    }
    case 'crash': {
      const bust = int(outcome.bust);
      if (bust === null) return null;
      const cashout = int(outcome.cashedOutAt);
      return cashout === null || cashout === 0
        ? t('originals.verify.outcome_crash', { bust: timesText(bust, lang) })
        : t('originals.verify.outcome_crash_cashout', {
            bust: timesText(bust, lang),
            cashout: timesText(cashout, lang),
          });
    }
  }
}
