import type { LanguageCode, SectionKey } from '../../../src/api/contract/common';
import { AppError } from '../../http/app-error';
import type { Brand } from '../brand/brand.service';
import type { MemberEvents } from '../events/member-events';
import type { Ledger } from '../ledger/ledger';
import type { RoundFilter, RoundRow, RoundsRepository } from './rounds.repository';

/** What the betting record asks of the games catalogue: each vendor's category and each game's name. */
export interface GameDirectory {
  catalogue(
    brand: Brand,
    lang: LanguageCode,
  ): Promise<{ vendorCategory: Map<string, SectionKey>; gameName: Map<string, string> }>;
}

/**
 * A game source that names and numbers its rounds itself (the lotteries, whose games are not in the
 * catalogue): its games' names by `${vendor}:${gameCode}`, and the draw of each of its rounds by
 * `${vendor}:${roundId}`, so the record reads "SSC Relâmpago 1′, concurso 20261127-0843", not "ssc1, L12".
 */
export interface RoundSource {
  gameNames(brand: Brand, lang: LanguageCode): Promise<Map<string, string>>;
  roundDraws(brand: Brand, rounds: Array<{ vendor: string; roundId: string }>): Promise<Map<string, string>>;
}

type Names = { vendorCategory: Map<string, SectionKey>; gameName: Map<string, string> };

const DAY_MS = 86_400_000;

function rebateOf(validBet: number, basisPoints: number) {
  return Math.floor((validBet * basisPoints) / 10_000);
}

/**
 * The member's game rounds as records (spec 2.5): the betting record with its filters and round details,
 * personal profit and loss per category and per day, and the rebate valid bets earn (manualRebate),
 * claimed through the ledger once per period.
 */
export class BetRecords {
  constructor(
    private readonly repo: RoundsRepository,
    private readonly ledger: Ledger,
    private readonly games: GameDirectory,
    private readonly events?: MemberEvents,
    /** Rounds settled within this many milliseconds wait for the next claim (REBATE_DELAY_SECONDS). */
    private readonly settleDelayMs = 60_000,
  ) {}

  private readonly sources: RoundSource[] = [];

  /** Adds a source of game names and round draws (the lottery module, once it is built). */
  addRoundSource(source: RoundSource) {
    this.sources.push(source);
  }

  /** The catalogue's names, with the names of the games the other sources play. */
  private async names(brand: Brand, lang: LanguageCode): Promise<Names> {
    const [found, ...others] = await Promise.all([
      this.games.catalogue(brand, lang),
      ...this.sources.map((s) => s.gameNames(brand, lang)),
    ]);
    const gameName = new Map(found.gameName);
    for (const names of others)
      for (const [key, name] of names) if (!gameName.has(key)) gameName.set(key, name);
    return { vendorCategory: found.vendorCategory, gameName };
  }

  private async draws(brand: Brand, rows: Array<Pick<RoundRow, 'vendorCode' | 'roundId'>>) {
    const rounds = rows.map((r) => ({ vendor: r.vendorCode, roundId: r.roundId }));
    const found = await Promise.all(this.sources.map((s) => s.roundDraws(brand, rounds)));
    return new Map(found.flatMap((m) => [...m]));
  }

  /** Each member's valid bets and result over rounds made in [from, to) (contracts' settlement). */
  memberTotals(brandId: number, from: Date, to: Date) {
    return this.repo.memberTotals(brandId, from, to);
  }

  /**
   * Each member's rounds per day of the brand's time zone, made in [from, to), of every member or only of
   * `memberIds` (agents' reports).
   */
  dailyTotals(brandId: number, from: Date, to: Date, timeZone: string, memberIds?: number[]) {
    return this.repo.dailyTotals(brandId, from, to, timeZone, memberIds);
  }

  /** The brand's rounds per vendor and day (the back office's reports; trial accounts left out). */
  vendorDailyTotals(brandId: number, from: Date, to: Date, timeZone: string) {
    return this.repo.vendorDailyTotals(brandId, from, to, timeZone);
  }

  private claimUntil() {
    return new Date(Date.now() - this.settleDelayMs);
  }

  private async vendorsOf(brand: Brand, gameType: SectionKey | undefined, vassalage: string | undefined) {
    if (!gameType && !vassalage) return null;
    const { vendorCategory } = await this.games.catalogue(brand, brand.defaultLanguage);
    return [...vendorCategory]
      .filter(
        ([vendor, category]) => (!gameType || category === gameType) && (!vassalage || vendor === vassalage),
      )
      .map(([vendor]) => vendor);
  }

  private line(row: RoundRow, names: Names, draws: Map<string, string>) {
    const validBet = row.status === 'settled' ? row.stake - row.refunded : 0;
    return {
      roundId: row.roundId,
      draw: draws.get(`${row.vendorCode}:${row.roundId}`) ?? null,
      vassalage: row.vendorCode,
      gameCode: row.gameCode,
      gameName: names.gameName.get(`${row.vendorCode}:${row.gameCode}`) ?? row.gameCode ?? row.vendorCode,
      gameType: names.vendorCategory.get(row.vendorCode) ?? null,
      stake: row.stake,
      payout: row.payout,
      refunded: row.refunded,
      validBet,
      net: row.payout + row.refunded - row.stake,
      status: row.status as 'open' | 'settled' | 'cancelled',
      createdAt: row.createdAt.getTime(),
      settledAt: row.settledAt?.getTime() ?? null,
    };
  }

  async list(
    brand: Brand,
    lang: LanguageCode,
    memberId: number,
    query: {
      gameType?: SectionKey | undefined;
      vassalage?: string | undefined;
      gameCode?: string | undefined;
      status?: RoundFilter['status'];
      from?: number | undefined;
      to?: number | undefined;
      page: number;
      pageSize: number;
    },
  ) {
    const [vendors, names] = await Promise.all([
      this.vendorsOf(brand, query.gameType, query.vassalage),
      this.names(brand, lang),
    ]);
    const found = await this.repo.page(
      memberId,
      {
        vendors,
        gameCode: query.gameCode,
        status: query.status,
        from: query.from !== undefined ? new Date(query.from) : undefined,
        to: query.to !== undefined ? new Date(query.to) : undefined,
      },
      { offset: (query.page - 1) * query.pageSize, limit: query.pageSize },
    );
    const draws = await this.draws(brand, found.rows);
    return {
      items: found.rows.map((r) => this.line(r, names, draws)),
      total: found.total,
      page: query.page,
      pageSize: query.pageSize,
      summary: {
        stake: found.stake,
        payout: found.payout,
        validBet: found.validBet,
        net: found.payout + found.refunded - found.stake,
      },
      currency: brand.currency,
    };
  }

  /**
   * The betting record of `agentId`'s downline (the agent centre's team betting): rounds made in
   * [from, to), every level or one member, newest first, each with its member.
   */
  async teamList(
    brand: Brand,
    lang: LanguageCode,
    agentId: number,
    query: {
      username?: string | undefined;
      gameType?: SectionKey | undefined;
      status?: RoundFilter['status'];
      from: Date;
      to: Date;
      page: number;
      pageSize: number;
    },
  ) {
    const [vendors, names] = await Promise.all([
      this.vendorsOf(brand, query.gameType, undefined),
      this.names(brand, lang),
    ]);
    const found = await this.repo.teamPage(
      agentId,
      { vendors, username: query.username, status: query.status, from: query.from, to: query.to },
      { offset: (query.page - 1) * query.pageSize, limit: query.pageSize },
    );
    const draws = await this.draws(brand, found.rows as unknown as RoundRow[]);
    return {
      items: found.rows.map((r) => ({
        ...this.line(r as unknown as RoundRow, names, draws),
        username: r.username,
      })),
      total: found.total,
      page: query.page,
      pageSize: query.pageSize,
      summary: {
        stake: found.stake,
        payout: found.payout,
        validBet: found.validBet,
        net: found.payout + found.refunded - found.stake,
      },
      currency: brand.currency,
    };
  }

  /** One round with the wallet movements it made (its bets, wins and refunds). */
  async round(brand: Brand, lang: LanguageCode, memberId: number, vassalage: string, roundId: string) {
    const row = await this.repo.round(brand.id, memberId, vassalage, roundId);
    if (!row) throw new AppError('ROUND_NOT_FOUND');
    const [names, draws, movements] = await Promise.all([
      this.names(brand, lang),
      this.draws(brand, [row]),
      this.ledger.records(memberId, { round: { vendor: vassalage, roundId }, limit: 100 }),
    ]);
    return {
      ...this.line(row, names, draws),
      movements: movements
        .map((m) => ({
          type: m.kind,
          amount: m.amount,
          balanceAfter: m.balanceAfter ?? 0,
          createdAt: m.createdAt.getTime(),
        }))
        .reverse(),
    };
  }

  /** Rounds for the back office (by member, vendor round id or date), each with its wallet movements. */
  async lookup(
    brandId: number,
    filter: {
      memberId?: number | undefined;
      vendor?: string | undefined;
      roundId?: string | undefined;
      from?: number | undefined;
      to?: number | undefined;
    },
  ) {
    const rows = await this.repo.lookup(
      brandId,
      {
        memberId: filter.memberId,
        vendor: filter.vendor,
        roundId: filter.roundId,
        from: filter.from !== undefined ? new Date(filter.from) : undefined,
        to: filter.to !== undefined ? new Date(filter.to) : undefined,
      },
      50,
    );
    return Promise.all(
      rows.map(async (row) => ({
        row,
        movements: (
          await this.ledger.records(row.memberId, {
            round: { vendor: row.vendorCode, roundId: row.roundId },
            limit: 100,
          })
        )
          .map((m) => ({
            id: m.id,
            type: m.kind,
            amount: m.amount,
            balanceAfter: m.balanceAfter ?? 0,
            createdAt: m.createdAt.getTime(),
          }))
          .reverse(),
      })),
    );
  }

  /** Valid bets per vendor of the member's rounds made since `since` and settled by `until` (bonus wagering). */
  validBetsMadeSince(memberId: number, since: Date, until: Date) {
    return this.repo.validBetsMadeSince(memberId, since, until);
  }

  /** The catalogue's category of every vendor of the brand. */
  async vendorCategories(brand: Brand) {
    return (await this.games.catalogue(brand, brand.defaultLanguage)).vendorCategory;
  }

  /** Settled rounds since `since` that paid at least `minPayout` and `multiple` times their stake. */
  bigWins(since: Date, minPayout: number, multiple: number) {
    return this.repo.bigWins(since, minPayout, multiple);
  }

  /** Personal profit and loss (personalProfit): per category and per local day, over a date range. */
  async profit(brand: Brand, memberId: number, query: { from: number; to: number; tzOffset: number }) {
    if (query.to - query.from > 92 * DAY_MS) throw new AppError('RANGE_TOO_LONG', { days: 92 });
    const [rows, names] = await Promise.all([
      this.repo.byVendorAndDay(memberId, new Date(query.from), new Date(query.to), query.tzOffset),
      this.games.catalogue(brand, brand.defaultLanguage),
    ]);
    type Sum = { rounds: number; stake: number; payout: number; validBet: number; net: number };
    const empty = (): Sum => ({ rounds: 0, stake: 0, payout: 0, validBet: 0, net: 0 });
    const add = (sum: Sum, r: (typeof rows)[number]) => {
      sum.rounds += r.rounds;
      sum.stake += r.stake;
      sum.payout += r.payout;
      sum.validBet += r.validBet;
      sum.net += r.payout + r.refunded - r.stake;
    };
    const total = empty();
    const categories = new Map<string, Sum>();
    const days = new Map<string, Sum>();
    for (const r of rows) {
      const category = names.vendorCategory.get(r.vendor) ?? 'OTHER';
      add(total, r);
      add(categories.get(category) ?? categories.set(category, empty()).get(category)!, r);
      add(days.get(r.day) ?? days.set(r.day, empty()).get(r.day)!, r);
    }
    return {
      currency: brand.currency,
      total,
      byCategory: [...categories].map(([gameType, sum]) => ({ gameType, ...sum })),
      byDay: [...days].map(([day, sum]) => ({ day, ...sum })),
    };
  }

  private async claimable(brand: Brand, memberId: number, until: Date) {
    const last = await this.repo.lastClaim(memberId);
    const since = last?.periodEnd ?? new Date(0);
    const [rows, names] = await Promise.all([
      this.repo.validBetsSettled(memberId, since, until),
      this.games.catalogue(brand, brand.defaultLanguage),
    ]);
    const perCategory = new Map<string, number>();
    for (const r of rows) {
      const category = names.vendorCategory.get(r.vendor) ?? 'OTHER';
      perCategory.set(category, (perCategory.get(category) ?? 0) + r.validBet);
    }
    const detail = [...perCategory].map(([gameType, validBet]) => {
      const rate = brand.rebateRates[gameType] ?? 0;
      return { gameType, validBet, rate, amount: rebateOf(validBet, rate) };
    });
    return { last, since, detail, amount: detail.reduce((sum, d) => sum + d.amount, 0) };
  }

  /** What the member can claim now, per category, and the brand's rates. */
  async rebate(brand: Brand, memberId: number) {
    const { last, since, detail, amount } = await this.claimable(brand, memberId, this.claimUntil());
    return {
      currency: brand.currency,
      since: since.getTime(),
      rates: brand.rebateRates,
      categories: detail,
      amount,
      lastClaim: last ? { amount: last.amount, claimedAt: last.createdAt.getTime() } : null,
    };
  }

  /** Pays the claimable rebate into the main wallet, once for its period (a repeat finds nothing new). */
  async claimRebate(brand: Brand, memberId: number) {
    const until = this.claimUntil();
    const { since, detail, amount } = await this.claimable(brand, memberId, until);
    if (amount <= 0) throw new AppError('REBATE_NOTHING');
    const result = await this.ledger
      .transferWith(
        {
          brand,
          key: `m:${memberId}:rebate:${since.getTime()}`,
          kind: 'rebate',
          from: { house: 'rebate' },
          to: { memberId, wallet: 'main' },
          amount,
          meta: { category: 'rebate', from: since.getTime(), until: until.getTime() },
        },
        async (tx, movement) => {
          const claimed = await this.repo.insertClaim(tx, {
            brandId: brand.id,
            memberId,
            periodStart: since,
            periodEnd: until,
            amount,
            detail,
            transactionId: movement.transactionId,
          });
          if (!claimed) throw new AppError('REBATE_CLAIMED');
        },
      )
      .catch((error: unknown) => {
        // Two claims of the same period at once: the second finds the first.
        if (error instanceof AppError && error.code === 'IDEMPOTENCY_CONFLICT')
          throw new AppError('REBATE_CLAIMED');
        throw error;
      });
    if (result.replayed) throw new AppError('REBATE_CLAIMED');
    const balance = await this.ledger.balanceAfter(result, result.to);
    await this.events?.publish(memberId, { type: 'balance', balance, currency: brand.currency });
    return { amount, balance, currency: brand.currency };
  }
}
