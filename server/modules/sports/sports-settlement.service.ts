import type { FastifyBaseLogger } from 'fastify';
import { outcomeKeys } from '../../../src/sports/model';
import { type Leg, linePayout, systemOf, systemPayout } from '../../../src/sports/payout';
import { type Factor, type Result, settleMarket, VOID } from '../../../src/sports/settle';
import { AppError } from '../../http/app-error';
import type { Brand } from '../brand/brand.service';
import type { Ledger } from '../ledger/ledger';
import type { BetRow, FixtureRow, LegRow, SportsRepository } from './sports.repository';
import type { SportsPorts } from './sports.service';

export interface SettleOutcome {
  bets: number;
  paid: number;
  clawedBack: number;
}

type Who = { operatorId?: number | null; reason?: string | null };

const factorOf = (l: LegRow): Factor | null =>
  l.fWin === null || l.fVoid === null || l.fDen === null ? null : { win: l.fWin, void: l.fVoid, den: l.fDen };

/**
 * A settlement log row's kind (sports_settlements.action). Not an operator's audit action: the operator's
 * own actions are audited by the back office with their own labels.
 */
const logged = (kind: 'settle' | 'resettle' | 'rollback' | 'void') => ({ action: kind });

const FIXTURE_STATUS: Record<string, FixtureRow['status']> = {
  finished: 'ended',
  abandoned: 'abandoned',
  cancelled: 'cancelled',
  walkover: 'ended',
};

/** What a bet pays on its legs' factors, and the status it ends in. */
export function betOutcome(bet: BetRow, legs: Leg[]): { payout: number; status: 'won' | 'lost' | 'void' } {
  const payout =
    bet.kind === 'system'
      ? systemPayout(bet.unitStake, legs, systemOf(bet.system ?? '')!)
      : linePayout(bet.openStake, legs);
  if (payout === 0) return { payout, status: 'lost' };
  const allVoid = legs.every((l) => l.factor.win === 0 && l.factor.void === l.factor.den);
  return { payout, status: allVoid ? 'void' : 'won' };
}

/**
 * Settlement (docs/sports.md, "Settlement"): a fixture's result gives every market its factors, written on
 * the market and its legs in one statement; then every bet whose legs are all settled is paid, a chunk per
 * statement (sports_settle), each once. A correction settles again: each bet whose payout changes gets the
 * difference as its own movement (sports_resettle), never an edit; a withdrawn result opens its bets again
 * with what they were paid taken back. So settle, roll back and settle again ends where one settle does.
 */
export class SportsSettlement {
  constructor(
    private readonly repo: SportsRepository,
    private readonly ledger: Ledger,
    private readonly ports: SportsPorts,
    private readonly log?: FastifyBaseLogger,
    private readonly chunk = 2_000,
  ) {}

  /** Sets (or corrects) a fixture's result and settles every market not voided by an operator. */
  async settleFixture(
    brand: Brand,
    fixtureId: number,
    result: Result,
    who: Who = {},
  ): Promise<SettleOutcome> {
    const fixture = await this.repo.fixture(brand.id, fixtureId);
    if (!fixture) throw new AppError('SPORTS_FIXTURE_NOT_FOUND');
    const corrected = fixture.result !== null;
    const version = fixture.resultVersion + 1;
    await this.repo.updateFixture(fixture.id, {
      result,
      resultVersion: version,
      status:
        'status' in result
          ? FIXTURE_STATUS[result.status]
          : result.sport === 'outright' && result.cancelled
            ? 'cancelled'
            : 'ended',
      suspended: false,
    });
    const markets = await this.repo.markets(fixture.id);
    await this.repo.settleMarkets(
      markets
        .filter((m) => !(m.status === 'void' && m.voidReason))
        .map((m) => ({
          id: m.id,
          status: 'settled' as const,
          factors: settleMarket(m.spec, outcomeKeys(m.spec), result),
          voidReason: null,
        })),
    );
    const out = await this.payBets(
      brand,
      markets.map((m) => m.id),
    );
    await this.repo.logSettlement({
      brandId: brand.id,
      fixtureId: fixture.id,
      ...logged(corrected ? 'resettle' : 'settle'),
      resultVersion: version,
      bets: out.bets,
      paid: out.paid,
      clawedBack: out.clawedBack,
      operatorId: who.operatorId ?? null,
      reason: who.reason ?? null,
    });
    return out;
  }

  /**
   * Fixtures whose result is in but with markets not settled (a process stopped part way): settled again
   * on their result, which pays only what was not paid (each bet's movement has its own key).
   */
  async repair(brands: Brand[]): Promise<number> {
    const byId = new Map(brands.map((b) => [b.id, b]));
    let repaired = 0;
    for (const f of await this.repo.unsettled()) {
      const brand = byId.get(f.brandId);
      if (!brand || !f.result) continue;
      await this.settleFixture(brand, f.id, f.result);
      repaired++;
    }
    return repaired;
  }

  /** An operator voids one market (every outcome returns its stake), with the reason players read. */
  async voidMarket(brand: Brand, marketId: number, reason: string, who: Who = {}): Promise<SettleOutcome> {
    const [market] = await this.repo.marketsByIds(brand.id, [marketId]);
    if (!market) throw new AppError('MARKET_NOT_FOUND');
    const factors = Object.fromEntries(outcomeKeys(market.spec).map((k) => [k, VOID]));
    await this.repo.settleMarket(market.id, 'void', factors, reason);
    const out = await this.payBets(brand, [market.id]);
    const fixture = await this.repo.fixture(brand.id, market.fixtureId);
    await this.repo.logSettlement({
      brandId: brand.id,
      fixtureId: market.fixtureId,
      marketId: market.id,
      ...logged('void'),
      resultVersion: fixture?.resultVersion ?? 0,
      bets: out.bets,
      paid: out.paid,
      clawedBack: out.clawedBack,
      operatorId: who.operatorId ?? null,
      reason,
    });
    return out;
  }

  /**
   * A result withdrawn (entered by mistake): the markets close without factors and every bet they settled
   * opens again, what it was paid taken back.
   */
  async withdrawResult(brand: Brand, fixtureId: number, who: Who = {}): Promise<SettleOutcome> {
    const fixture = await this.repo.fixture(brand.id, fixtureId);
    if (!fixture) throw new AppError('SPORTS_FIXTURE_NOT_FOUND');
    const version = fixture.resultVersion + 1;
    await this.repo.updateFixture(fixture.id, { result: null, resultVersion: version });
    const markets = await this.repo.markets(fixture.id);
    await this.repo.settleMarkets(
      markets
        .filter((m) => !(m.status === 'void' && m.voidReason))
        .map((m) => ({ id: m.id, status: 'closed' as const, factors: null, voidReason: null })),
    );
    const out = await this.payBets(
      brand,
      markets.map((m) => m.id),
    );
    await this.repo.logSettlement({
      brandId: brand.id,
      fixtureId: fixture.id,
      ...logged('rollback'),
      resultVersion: version,
      bets: out.bets,
      paid: out.paid,
      clawedBack: out.clawedBack,
      operatorId: who.operatorId ?? null,
      reason: who.reason ?? null,
    });
    return out;
  }

  /** Pays, corrects or reopens every bet with a leg on `marketIds`, a chunk at a time. */
  private async payBets(brand: Brand, marketIds: number[]): Promise<SettleOutcome> {
    const total: SettleOutcome = { bets: 0, paid: 0, clawedBack: 0 };
    for (let after = 0; ; ) {
      const { bets, legs } = await this.repo.readyBets(marketIds, after, this.chunk);
      if (bets.length === 0) break;
      after = bets.at(-1)!.id;
      const byBet = new Map<number, LegRow[]>();
      for (const l of legs) byBet.set(l.betId, [...(byBet.get(l.betId) ?? []), l]);
      const first = new Map<
        string,
        { lost: number[]; wins: Array<{ bet: BetRow; payout: number; status: 'won' | 'void' }> }
      >();
      for (const bet of bets) {
        const betLegs = byBet.get(bet.id) ?? [];
        const factors = betLegs.map(factorOf);
        if (factors.some((f) => f === null)) {
          // A leg's result withdrawn: a bet it settled opens again.
          if (bet.status !== 'open') {
            const moved = await this.resettle(brand, bet, 'open', 0);
            total.bets++;
            total.clawedBack += Math.max(0, -moved);
          }
          continue;
        }
        const { payout, status } = betOutcome(
          bet,
          betLegs.map((l, i) => ({ price: l.price, factor: factors[i]! })),
        );
        if (bet.status === 'open') {
          const group = first.get(bet.vendorCode) ?? { lost: [], wins: [] };
          if (status === 'lost') group.lost.push(bet.id);
          else group.wins.push({ bet, payout, status });
          first.set(bet.vendorCode, group);
          total.bets++;
          total.paid += payout;
        } else if (payout !== bet.payout || status !== bet.status) {
          const moved = await this.resettle(brand, bet, status, payout);
          total.bets++;
          if (moved >= 0) total.paid += moved;
          else total.clawedBack -= moved;
        }
      }
      for (const [vendor, group] of first) await this.settleFirst(brand, vendor, group);
      if (bets.length < this.chunk) break;
    }
    return total;
  }

  private async settleFirst(
    brand: Brand,
    vendor: string,
    group: { lost: number[]; wins: Array<{ bet: BetRow; payout: number; status: 'won' | 'void' }> },
  ) {
    const prepared = await this.ledger.prepareHousePayments(
      brand,
      'house',
      'win',
      group.wins.map((w) => ({
        key: `sb:${w.bet.id}:settle:${w.bet.settleVersion + 1}`,
        memberId: w.bet.memberId,
        amount: w.payout,
      })),
    );
    const out = await this.repo.settle({
      brandId: brand.id,
      vendor,
      house: prepared.house,
      lost: group.lost,
      wins: group.wins.map((w, i) => ({
        id: w.bet.id,
        payout: w.payout,
        status: w.status,
        wallet: prepared.items[i]!.wallet,
        key: prepared.items[i]!.key,
        hash: prepared.items[i]!.hash,
      })),
    });
    const members = new Map(prepared.items.map((i) => [String(i.wallet), i.memberId]));
    for (const [wallet, balance] of Object.entries(out.balances ?? {})) {
      const memberId = members.get(wallet);
      if (memberId !== undefined) this.ports.balanceChanged(brand, memberId, balance);
    }
  }

  /**
   * Settles a bet again at `payout`: the difference moves under its own key. Taking back more than the
   * member holds takes what there is and records the rest as owed. Answers what moved (negative: taken).
   */
  private async resettle(brand: Brand, bet: BetRow, status: string, payout: number): Promise<number> {
    const delta = payout - bet.payout;
    const key = `sb:${bet.id}:settle:${bet.settleVersion + 1}`;
    const wallet = await this.ledger.memberAccount(brand.id, bet.memberId, 'main', brand.currency);
    let moved = delta;
    for (let attempt = 0; attempt < 3; attempt++) {
      const prepared = await this.ledger.prepare({
        brand,
        key,
        kind: moved >= 0 ? 'win' : 'resettle',
        from: { house: 'house' },
        to: { memberId: bet.memberId, wallet: 'main' },
        amount: moved,
      });
      try {
        const out = await this.repo.resettle({
          brandId: brand.id,
          betId: bet.id,
          version: bet.settleVersion,
          status,
          payout,
          owed: moved - delta,
          key,
          hash: prepared.fingerprint,
          accounts: prepared.accounts,
          amounts: prepared.amounts,
          moved,
        });
        const balance = out.balances?.[String(wallet)];
        if (balance !== undefined) this.ports.balanceChanged(brand, bet.memberId, balance);
        return moved;
      } catch (error) {
        const message =
          (error as { cause?: { message?: string }; message?: string }).cause?.message ??
          (error as { message?: string }).message ??
          '';
        if (message.includes('SPORTS_SETTLEMENT_MOVED')) return 0;
        if (!message.includes('LEDGER_INSUFFICIENT_FUNDS') || moved >= 0) throw error;
        // The member spent part of it: take what the wallet holds now; the rest is owed.
        moved = -Math.min(-delta, await this.ledger.balance(wallet));
      }
    }
    this.log?.warn({ bet: bet.id }, 'sports: a correction could not take back the payout');
    return 0;
  }
}
