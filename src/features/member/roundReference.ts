import { useTranslation } from 'react-i18next';

/**
 * The lottery vendors (LOTTERY_VENDORS in src/api/contract/lottery.ts, not imported: a runtime import of a
 * contract file brings zod into the page's chunk).
 */
export const LOTTERY_VENDOR_CODES: ReadonlySet<string> = new Set([
  'LOTT',
  'ELOTT',
  'TCG_SEA',
  'TCG_LOTTO_VN',
]);

/** A game round as the betting record and the account record name it. */
export interface RoundRef {
  vassalage: string;
  roundId: string;
  /** A lottery line's draw number, when the server gave it. */
  draw?: string | null | undefined;
}

/**
 * A round's reference a player can read: an in-house bet `dice-15` is "Dados nº 15", a lottery line `L12`
 * "Concurso 20261127-0843 · aposta nº 12" (or "Aposta de loteria nº 12" without its draw), a sports bet
 * `S7` "Aposta nº 7 · Flamengo x Palmeiras"; an external
 * vendor's round keeps the vendor's own reference, which its support asks for.
 */
export function useRoundReference() {
  const { t } = useTranslation();
  return (round: RoundRef) => roundReference(t, round);
}

type Translate = (key: string, params?: Record<string, unknown>) => string;

export function roundReference(t: Translate, round: RoundRef): string {
  const line = LOTTERY_VENDOR_CODES.has(round.vassalage) ? /^L(\d+)$/.exec(round.roundId) : null;
  if (line)
    return round.draw
      ? t('centre.bets.lottery_reference', { draw: round.draw, number: line[1] })
      : t('centre.bets.lottery_line', { number: line[1] });
  const bet = round.vassalage === 'FB' || round.vassalage === 'FBE' ? /^S(\d+)$/.exec(round.roundId) : null;
  if (bet)
    return round.draw
      ? t('sports.bet.recordRef', { number: bet[1], events: round.draw })
      : t('sports.bet.reference', { id: bet[1] });
  const m = round.vassalage === 'BGS' ? /^([a-z]+)-(\d+)$/.exec(round.roundId) : null;
  return m
    ? t('centre.bets.round_number', { game: t(`originals.games.${m[1]}`), number: m[2] })
    : round.roundId;
}
