import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bind, type RawRunner, rawRunner } from '../../db/raw-statement';
import type { PreparedPostings } from './originals.repository';
import { crashBets, crashChains, crashRounds } from './originals.tables';

export type ChainRow = typeof crashChains.$inferSelect;
export type RoundRow = typeof crashRounds.$inferSelect;
export type CrashBetRow = typeof crashBets.$inferSelect;

interface BetJson {
  id: number;
  round_id: number;
  brand_id: number;
  member_id: number;
  request_id: string;
  stake: number;
  auto_cashout: number | null;
  cashout_ms: number | null;
  multiplier: number;
  payout: number;
  status: string;
  max_win: number | null;
  balance_before: number | null;
  balance_after: number | null;
  created_at: string;
  settled_at: string | null;
}

const fromJson = (b: BetJson): CrashBetRow => ({
  id: Number(b.id),
  roundId: Number(b.round_id),
  brandId: b.brand_id,
  memberId: b.member_id,
  requestId: b.request_id,
  stake: Number(b.stake),
  autoCashout: b.auto_cashout,
  cashoutMs: b.cashout_ms,
  multiplier: b.multiplier,
  payout: Number(b.payout),
  status: b.status,
  maxWin: b.max_win === null || b.max_win === undefined ? null : Number(b.max_win),
  balanceBefore: b.balance_before === null ? null : Number(b.balance_before),
  balanceAfter: b.balance_after === null ? null : Number(b.balance_after),
  createdAt: new Date(b.created_at),
  settledAt: b.settled_at ? new Date(b.settled_at) : null,
});

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const BET = `SELECT crash_bet($1::integer, $2::integer, $3::bigint, $4, $5::bigint, $6::integer, $7::bigint,
  $8::bigint, $9, $10, $11::bigint[], $12::bigint[]) AS out`;
const PAY = `SELECT crash_pay($1::bigint, $2::integer, $3::integer, $4::bigint, $5::bigint, $6, $7, $8::bigint[],
  $9::bigint[]) AS out`;

/** What a round's hash decides: written out on its row only once it has crashed. */
export interface RoundOutcome {
  hash: string;
  bust: number;
  bustMs: number;
}

/** A round with the database's clock beside it: every time in crash is the database's. */
export interface RoundNow {
  round: RoundRow | null;
  nowMs: number;
}

/** Crash: chains, rounds and bets. */
export class CrashRepository {
  private readonly raw: RawRunner | null;

  constructor(private readonly db: Database) {
    this.raw = rawRunner(db);
  }

  private async run<T>(name: string, text: string, values: unknown[]): Promise<T> {
    const result = this.raw
      ? await this.raw(name, text, values)
      : await this.db.execute(sql.raw(bind(text, values)));
    return rowsOf<{ out: T }>(result)[0]!.out;
  }

  /**
   * The brand's chains not yet spent, oldest first: the one in play, and the next one when it was made
   * ahead (published early, so its salt can be entered before it is needed).
   */
  unspentChains(brandId: number): Promise<ChainRow[]> {
    return this.db
      .select()
      .from(crashChains)
      .where(and(eq(crashChains.brandId, brandId), sql`${crashChains.nextIndex} <= ${crashChains.length}`))
      .orderBy(crashChains.id)
      .limit(2);
  }

  /**
   * Names the public source of a chain's salt, once, while the salt is not known; `alongside` (the audit
   * row) commits with it, and only when it was named.
   */
  announceSalt(
    chainId: number,
    brandId: number,
    source: string,
    alongside?: (tx: Database) => Promise<void>,
  ) {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(crashChains)
        .set({ saltSource: source, saltAnnouncedAt: sql`clock_timestamp()` })
        .where(
          and(
            eq(crashChains.id, chainId),
            eq(crashChains.brandId, brandId),
            isNull(crashChains.saltSource),
            isNull(crashChains.salt),
          ),
        )
        .returning();
      if (row && alongside) await alongside(tx);
      return row ?? null;
    });
  }

  /** Enters a chain's salt, once, after its source was announced; `alongside` commits with it. */
  enterSalt(chainId: number, brandId: number, salt: string, alongside?: (tx: Database) => Promise<void>) {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(crashChains)
        .set({ salt, saltAt: sql`clock_timestamp()` })
        .where(
          and(
            eq(crashChains.id, chainId),
            eq(crashChains.brandId, brandId),
            isNull(crashChains.salt),
            isNotNull(crashChains.saltSource),
          ),
        )
        .returning();
      if (row && alongside) await alongside(tx);
      return row ?? null;
    });
  }

  async chains(brandId: number) {
    return this.db
      .select()
      .from(crashChains)
      .where(eq(crashChains.brandId, brandId))
      .orderBy(desc(crashChains.id));
  }

  async addChain(chain: {
    brandId: number;
    seedCipher: string;
    commitment: string;
    saltSource: string | null;
    length: number;
  }) {
    const [row] = await this.db
      .insert(crashChains)
      .values({ ...chain, ...(chain.saltSource ? { saltAnnouncedAt: sql`clock_timestamp()` } : {}) })
      .returning();
    return row!;
  }

  async chain(id: number) {
    const [row] = await this.db.select().from(crashChains).where(eq(crashChains.id, id));
    return row ?? null;
  }

  /** The brand's latest round and the database's clock, in one read. */
  async latest(brandId: number): Promise<RoundNow> {
    const result = await this.db.execute(sql`SELECT
      (extract(epoch from clock_timestamp()) * 1000)::bigint AS now_ms,
      (SELECT row_to_json(r) FROM (SELECT * FROM crash_rounds WHERE brand_id = ${brandId} ORDER BY id DESC LIMIT 1) r) AS round`);
    const row = rowsOf<{ now_ms: string | number; round: Record<string, unknown> | null }>(result)[0]!;
    return { nowMs: Number(row.now_ms), round: row.round ? roundFromJson(row.round) : null };
  }

  /**
   * Opens the next round of the chain: takes its index only if no other process took it first (the chain's
   * next index moves once), and its betting window closes `bettingMs` from now by the database's clock.
   */
  async openRound(r: {
    brandId: number;
    chainId: number;
    index: number;
    /** The round's outcome, sealed (RoundOutcome as JSON). */
    outcomeCipher: string;
    edgeBp: number;
    bettingMs: number;
  }): Promise<RoundRow | null> {
    return this.db.transaction(async (tx) => {
      const moved = await tx
        .update(crashChains)
        .set({ nextIndex: r.index + 1 })
        .where(and(eq(crashChains.id, r.chainId), eq(crashChains.nextIndex, r.index)))
        .returning({ id: crashChains.id });
      if (moved.length === 0) return null;
      const [row] = await tx
        .insert(crashRounds)
        .values({
          brandId: r.brandId,
          chainId: r.chainId,
          index: r.index,
          outcomeCipher: r.outcomeCipher,
          edgeBp: r.edgeBp,
          bettingEndsAt: sql`clock_timestamp() + ${r.bettingMs} * interval '1 millisecond'`,
        })
        .returning();
      return row!;
    });
  }

  /** Starts a round whose window has closed (once, whichever process comes first). */
  async start(roundId: number) {
    const rows = await this.db
      .update(crashRounds)
      .set({ status: 'running', startedAt: sql`clock_timestamp()` })
      .where(
        and(
          eq(crashRounds.id, roundId),
          eq(crashRounds.status, 'betting'),
          sql`clock_timestamp() >= ${crashRounds.bettingEndsAt}`,
        ),
      )
      .returning();
    return rows[0] ?? null;
  }

  /** Marks a running round crashed once its bust time has passed (once), writing out its outcome. */
  async crash(roundId: number, outcome: RoundOutcome) {
    const rows = await this.db
      .update(crashRounds)
      .set({
        status: 'crashed',
        hash: outcome.hash,
        bust: outcome.bust,
        bustMs: outcome.bustMs,
        crashedAt: sql`${crashRounds.startedAt} + ${outcome.bustMs} * interval '1 millisecond'`,
      })
      .where(
        and(
          eq(crashRounds.id, roundId),
          eq(crashRounds.status, 'running'),
          sql`clock_timestamp() >= ${crashRounds.startedAt} + ${outcome.bustMs} * interval '1 millisecond'`,
        ),
      )
      .returning();
    return rows[0] ?? null;
  }

  async round(roundId: number) {
    const [row] = await this.db.select().from(crashRounds).where(eq(crashRounds.id, roundId));
    return row ?? null;
  }

  /** The brand's rounds, newest first (history, recall, the back office). */
  rounds(brandId: number, limit: number, status?: string) {
    return this.db
      .select()
      .from(crashRounds)
      .where(and(eq(crashRounds.brandId, brandId), status ? eq(crashRounds.status, status) : undefined))
      .orderBy(desc(crashRounds.id))
      .limit(limit);
  }

  /** Rounds that crashed but were not settled (a process stopped in the middle). */
  unsettled(brandId: number) {
    return this.db
      .select()
      .from(crashRounds)
      .where(and(eq(crashRounds.brandId, brandId), eq(crashRounds.status, 'crashed')))
      .orderBy(crashRounds.id);
  }

  bet(v: {
    brandId: number;
    memberId: number;
    roundId: number;
    requestId: string;
    stake: number;
    autoCashout: number | null;
    maxWin: number;
    wallet: number;
    postings: PreparedPostings;
  }) {
    return this.run<{ replayed: boolean; bet: BetJson; balance?: number }>('crash_bet', BET, [
      v.brandId,
      v.memberId,
      v.roundId,
      v.requestId,
      v.stake,
      v.autoCashout,
      v.maxWin,
      v.wallet,
      v.postings.key,
      v.postings.fingerprint,
      v.postings.accounts,
      v.postings.amounts,
    ]).then((out) => ({ replayed: out.replayed, bet: fromJson(out.bet), balance: out.balance ?? null }));
  }

  /**
   * Records a cash-out now, by the database's clock, if the bet is in the running round `roundId`, still in
   * play, and the round has not reached its bust time (the caller opened it from the sealed outcome): the
   * time after the start at which it cashed out, or null.
   */
  async cashoutNow(
    betId: number,
    memberId: number,
    roundId: number,
    bustMs: number,
  ): Promise<CrashBetRow | null> {
    const result = await this.db.execute(sql`UPDATE crash_bets b
      SET cashout_ms = v.elapsed
      FROM (SELECT r.id, floor(extract(epoch from clock_timestamp() - r.started_at) * 1000)::int AS elapsed
            FROM crash_rounds r WHERE r.id = ${roundId} AND r.status = 'running') v
      WHERE b.id = ${betId} AND b.member_id = ${memberId} AND b.round_id = v.id AND b.status = 'active'
        AND b.cashout_ms IS NULL AND v.elapsed < ${bustMs}
      RETURNING row_to_json(b.*) AS bet`);
    const row = rowsOf<{ bet: BetJson }>(result)[0];
    return row ? fromJson(row.bet) : null;
  }

  pay(v: {
    betId: number;
    cashoutMs: number;
    multiplier: number;
    payout: number;
    wallet: number;
    postings: PreparedPostings;
  }) {
    return this.run<{ replayed: boolean; bet: BetJson }>('crash_pay', PAY, [
      v.betId,
      v.cashoutMs,
      v.multiplier,
      v.payout,
      v.wallet,
      v.postings.key,
      v.postings.fingerprint,
      v.postings.accounts,
      v.postings.amounts,
    ]).then((out) => ({ replayed: out.replayed, bet: fromJson(out.bet) }));
  }

  async settleLost(roundId: number, fingerprint: string) {
    const result = await this.db.execute(
      sql`SELECT crash_settle_lost(${roundId}::bigint, ${fingerprint}) AS n`,
    );
    return Number(rowsOf<{ n: number }>(result)[0]!.n);
  }

  /** Stake and payout of the crash bets settled in a period (measured return). */
  async measured(brandId: number, from: Date, to: Date) {
    const [row] = await this.db
      .select({
        bets: sql<number>`count(*)::int`,
        stake: sql<string>`coalesce(sum(${crashBets.stake}), 0)::text`,
        payout: sql<string>`coalesce(sum(${crashBets.payout}), 0)::text`,
      })
      .from(crashBets)
      .where(
        and(
          eq(crashBets.brandId, brandId),
          sql`${crashBets.status} <> 'active'`,
          sql`${crashBets.settledAt} >= ${from.toISOString()} AND ${crashBets.settledAt} < ${to.toISOString()}`,
          // Trial money is not business: the measured return is the real members' (trial_members.sql).
          sql`${crashBets.memberId} NOT IN (SELECT member_id FROM trial_members())`,
        ),
      );
    return { game: 'crash', bets: row!.bets, stake: Number(row!.stake), payout: Number(row!.payout) };
  }

  async betById(betId: number) {
    const [row] = await this.db.select().from(crashBets).where(eq(crashBets.id, betId));
    return row ?? null;
  }

  roundBets(roundId: number) {
    return this.db.select().from(crashBets).where(eq(crashBets.roundId, roundId)).orderBy(crashBets.id);
  }

  /** Bets of a round still in play whose cash-out (by hand or automatic) is due. */
  dueBets(roundId: number) {
    return this.db
      .select()
      .from(crashBets)
      .where(and(eq(crashBets.roundId, roundId), eq(crashBets.status, 'active')));
  }

  memberBets(memberId: number, limit: number, betId?: number) {
    return this.db
      .select({ bet: crashBets, round: crashRounds })
      .from(crashBets)
      .innerJoin(crashRounds, eq(crashRounds.id, crashBets.roundId))
      .where(
        and(
          eq(crashBets.memberId, memberId),
          sql`${crashBets.status} <> 'active'`,
          // A bet cashed out is settled while its round runs on: its round's hash and bust stay secret
          // until the round has crashed, or anyone could cash out a second account just below it.
          inArray(crashRounds.status, ['crashed', 'settled']),
          betId ? eq(crashBets.id, betId) : undefined,
        ),
      )
      .orderBy(desc(crashBets.id))
      .limit(limit);
  }

  async memberBetInRound(memberId: number, roundId: number) {
    const [row] = await this.db
      .select()
      .from(crashBets)
      .where(and(eq(crashBets.memberId, memberId), eq(crashBets.roundId, roundId)));
    return row ?? null;
  }
}

function roundFromJson(r: Record<string, unknown>): RoundRow {
  const date = (v: unknown) => (v ? new Date(v as string) : null);
  return {
    id: Number(r.id),
    brandId: Number(r.brand_id),
    chainId: Number(r.chain_id),
    index: Number(r.index),
    hash: r.hash === null ? null : String(r.hash),
    bust: r.bust === null ? null : Number(r.bust),
    bustMs: r.bust_ms === null ? null : Number(r.bust_ms),
    outcomeCipher:
      r.outcome_cipher === null || r.outcome_cipher === undefined ? null : String(r.outcome_cipher),
    edgeBp: Number(r.edge_bp),
    status: String(r.status),
    bettingEndsAt: date(r.betting_ends_at)!,
    startedAt: date(r.started_at),
    crashedAt: date(r.crashed_at),
    createdAt: date(r.created_at)!,
  };
}
