/**
 * What the book offers to end a bet early (docs/sports.md, "Cash-out"): the bet's value at today's prices,
 * less the book's cash-out margin, floored, and never more than the bet can still pay.
 *
 * A leg already settled counts its return (a win its price, a void 1, a half-win (price + 1)/2…); a leg
 * still to play counts `taken / now`, the price it was taken at over the price the market offers now (the
 * market's own estimate of its chance, margin included). So a single at 2.00 whose market now says 1.50 is
 * worth stake × 2.00 / 1.50 before the cash-out margin. Singles and accumulators only: a system's lines
 * share legs, and the book does not price them.
 */
import { PRICE_SCALE } from './price';
import type { Factor } from './settle';

export interface CashOutLeg {
  /** The price the leg was taken at. */
  price: number;
  /** Its factor once settled, else null. */
  factor: Factor | null;
  /** The market's price for the leg's outcome now; null when it is not offered (no cash-out then). */
  now: number | null;
}

/** The book keeps this share of a bet's value on a cash-out: 5 %. */
export const CASH_OUT_MARGIN_BP = 500;

const S = BigInt(PRICE_SCALE);

/**
 * The whole cash-out of a bet with `openStake` riding, or null when none is offered (a leg lost, a leg
 * not priced now, nothing riding).
 */
export function cashOutValue(openStake: number, legs: readonly CashOutLeg[], marginBp = CASH_OUT_MARGIN_BP) {
  if (!Number.isSafeInteger(openStake) || openStake <= 0 || legs.length === 0) return null;
  let num = BigInt(openStake);
  let den = 1n;
  let cap = BigInt(openStake);
  let capDen = 1n;
  let pending = 0;
  for (const leg of legs) {
    if (leg.factor) {
      const ret = BigInt(leg.factor.win) * BigInt(leg.price) + BigInt(leg.factor.void) * S;
      if (ret === 0n) return null;
      num *= ret;
      den *= BigInt(leg.factor.den) * S;
      cap *= ret;
      capDen *= BigInt(leg.factor.den) * S;
    } else {
      if (leg.now === null || leg.now <= 0) return null;
      pending++;
      num *= BigInt(leg.price);
      den *= BigInt(leg.now);
      cap *= BigInt(leg.price);
      capDen *= S;
    }
  }
  // Every leg settled: the bet is about to be settled, not cashed out.
  if (pending === 0) return null;
  const value = (num * BigInt(10_000 - marginBp)) / (den * 10_000n);
  const potential = cap / capDen;
  const offered = value < potential ? value : potential;
  return offered > 0n ? Number(offered) : null;
}

/**
 * A cash-out of `share` basis points of the open stake: the stake it takes off the bet and what it pays
 * (pro rata of the whole cash-out, floored). A share that leaves nothing, or takes nothing, is the whole or
 * nothing: null when it takes no stake.
 */
export function partialCashOut(openStake: number, whole: number, share: number) {
  if (share >= 10_000) return { stakePart: openStake, amount: whole };
  const stakePart = Number((BigInt(openStake) * BigInt(share)) / 10_000n);
  if (stakePart <= 0) return null;
  if (stakePart >= openStake) return { stakePart: openStake, amount: whole };
  return { stakePart, amount: Number((BigInt(whole) * BigInt(stakePart)) / BigInt(openStake)) };
}
