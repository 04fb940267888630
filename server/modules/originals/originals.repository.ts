import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bind, type RawRunner, rawRunner } from '../../db/raw-statement';
import { integerArrayLiteral, textArrayLiteral } from '../../lib/pg-array';
import { originalsBets, originalsSeeds, originalsSettings } from './originals.tables';

export type SeedRow = typeof originalsSeeds.$inferSelect;
export type BetRow = typeof originalsBets.$inferSelect;
export type SettingsRow = typeof originalsSettings.$inferSelect;
/** A new pair's seeds: the server seed and its successor sealed, their SHA-256 shown. */
export interface NewSeedPair {
  serverSeedCipher: string;
  serverSeedHash: string;
  clientSeed: string;
  nextSeedCipher: string;
  nextSeedHash: string;
}

/** A bet row as the database functions answer it (to_jsonb: snake_case, timestamps as text). */
interface BetJson {
  id: number;
  brand_id: number;
  member_id: number;
  request_id: string;
  game: string;
  seed_id: number;
  nonce: number;
  stake: number;
  payout: number;
  multiplier: number;
  params: unknown;
  outcome: unknown;
  revealed: number[];
  status: string;
  balance_before: number | null;
  balance_after: number | null;
  created_at: string;
  settled_at: string | null;
}

/** A new row as originals_batch answers it: what the database chose; the caller knows the rest. */
interface NewBetJson {
  replayed: false;
  id: number;
  createdAt: string;
  balanceBefore: number;
  balanceAfter: number;
}

const fromJson = (b: BetJson): BetRow => ({
  id: Number(b.id),
  brandId: b.brand_id,
  memberId: b.member_id,
  requestId: b.request_id,
  game: b.game,
  seedId: Number(b.seed_id),
  nonce: b.nonce,
  stake: Number(b.stake),
  payout: Number(b.payout),
  multiplier: Number(b.multiplier),
  params: b.params,
  outcome: b.outcome,
  revealed: b.revealed ?? [],
  status: b.status,
  balanceBefore: b.balance_before === null ? null : Number(b.balance_before),
  balanceAfter: b.balance_after === null ? null : Number(b.balance_after),
  createdAt: new Date(b.created_at),
  settledAt: b.settled_at ? new Date(b.settled_at) : null,
});

const PLAY = `SELECT originals_play($1::integer, $2::integer, $3::bigint, $4::integer, $5, $6, $7::bigint,
  $8::bigint, $9::bigint, $10::jsonb, $11::jsonb, $12::boolean, $13::bigint, $14, $15, $16::bigint[],
  $17::bigint[], $18, $19, $20::bigint[], $21::bigint[], $22::jsonb) AS out`;
const BATCH = `SELECT originals_batch($1::integer[], $2::integer[], $3::bigint[], $4::integer[], $5::text[],
  $6::text[], $7::bigint[], $8::bigint[], $9::bigint[], $10::jsonb[], $11::jsonb[], $12::bigint[], $13::bigint[],
  $14::text[], $15::text[], $16::text[], $17::text[], $18::text[]) AS out`;
const SETTLE = `SELECT originals_settle($1::bigint, $2::integer, $3::smallint[], $4::bigint, $5::bigint,
  $6::bigint, $7, $8, $9::bigint[], $10::bigint[], $11::jsonb) AS out`;

/** An instant wager for originals_batch: drawn, priced, its two movements prepared. */
export interface InstantPlay {
  brandId: number;
  memberId: number;
  seedId: number;
  nonce: number;
  requestId: string;
  game: string;
  stake: number;
  payout: number;
  multiplier: number;
  params: unknown;
  outcome: unknown;
  wallet: number;
  house: number;
  /** The two movements as the ledger prepared them (the batch takes their keys and fingerprints). */
  bet: PreparedPostings;
  win: PreparedPostings;
  /** The hash of the session the wager came with, for the batch to confirm (null: confirmed already). */
  session: string | null;
}

/** One wager's answer inside a batch: its row (new or the one its request id already has), or a refusal. */
export type BatchAnswer = { replayed: boolean; bet: BetRow } | { error: string };

/** Prepared postings of one movement, as `Ledger.prepare` gives them. */
export interface PreparedPostings {
  key: string;
  fingerprint: string;
  accounts: string;
  amounts: string;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The in-house games' seeds, bets and settings. */
export class OriginalsRepository {
  private readonly raw: RawRunner | null;

  constructor(private readonly db: Database) {
    this.raw = rawRunner(db);
  }

  private async run(name: string, text: string, values: unknown[]) {
    const result = this.raw
      ? await this.raw(name, text, values)
      : await this.db.execute(sql.raw(bind(text, values)));
    const out = rowsOf<{ out: { replayed: boolean; bet: BetJson } }>(result)[0]!.out;
    return { replayed: out.replayed, bet: fromJson(out.bet) };
  }

  async activeSeed(memberId: number): Promise<SeedRow | null> {
    const [row] = await this.db
      .select()
      .from(originalsSeeds)
      .where(and(eq(originalsSeeds.memberId, memberId), isNull(originalsSeeds.revealedAt)));
    return row ?? null;
  }

  /** The member's active pair, made with these (sealed) seeds when there is none yet. */
  async ensureSeed(seed: NewSeedPair & { brandId: number; memberId: number }): Promise<SeedRow> {
    await this.db.insert(originalsSeeds).values(seed).onConflictDoNothing();
    return (await this.activeSeed(seed.memberId))!;
  }

  /**
   * Completes an active pair made before its seeds were sealed and its successor committed: seals its
   * server seed (clearing the plain copy) and commits the next one, once, whichever process comes first.
   */
  async completeSeed(
    id: number,
    patch: { serverSeedCipher?: string; nextSeedCipher?: string; nextSeedHash?: string },
  ) {
    if (patch.serverSeedCipher)
      await this.db
        .update(originalsSeeds)
        .set({ serverSeedCipher: patch.serverSeedCipher, serverSeed: null })
        .where(
          and(
            eq(originalsSeeds.id, id),
            isNull(originalsSeeds.serverSeedCipher),
            isNull(originalsSeeds.revealedAt),
          ),
        );
    if (patch.nextSeedCipher && patch.nextSeedHash)
      await this.db
        .update(originalsSeeds)
        .set({ nextSeedCipher: patch.nextSeedCipher, nextSeedHash: patch.nextSeedHash })
        .where(and(eq(originalsSeeds.id, id), isNull(originalsSeeds.nextSeedHash)));
  }

  /**
   * Reveals the active pair (`reveal` opens its sealed server seed) and activates its committed next
   * server seed with `clientSeed`, committing `next` after it; unless a game drawn from it is still open
   * (its outcome would be known before it ends), or another rotation of the same member got there first.
   */
  async rotate(
    memberId: number,
    clientSeed: string,
    next: { cipher: string; hash: string },
    reveal: (row: SeedRow) => string,
  ): Promise<
    { status: 'rotated'; revealed: SeedRow; active: SeedRow } | { status: 'open-game' } | { status: 'raced' }
  > {
    return this.db.transaction(async (tx) => {
      // The member's pair row is the lock: a bet drawing from it waits, or has already moved its nonce. A
      // rotation that waited here for another finds the row revealed and no longer matching: it lost.
      const [current] = await tx
        .select()
        .from(originalsSeeds)
        .where(and(eq(originalsSeeds.memberId, memberId), isNull(originalsSeeds.revealedAt)))
        .for('update');
      if (!current?.nextSeedCipher || !current.nextSeedHash) return { status: 'raced' as const };
      const [open] = await tx
        .select({ id: originalsBets.id })
        .from(originalsBets)
        .where(and(eq(originalsBets.memberId, memberId), eq(originalsBets.status, 'open')))
        .limit(1);
      if (open) return { status: 'open-game' as const };
      const [revealed] = await tx
        .update(originalsSeeds)
        .set({ revealedAt: new Date(), serverSeed: reveal(current) })
        .where(and(eq(originalsSeeds.id, current.id), isNull(originalsSeeds.revealedAt)))
        .returning();
      if (!revealed) return { status: 'raced' as const };
      const [active] = await tx
        .insert(originalsSeeds)
        .values({
          brandId: current.brandId,
          memberId,
          serverSeedCipher: current.nextSeedCipher,
          serverSeedHash: current.nextSeedHash,
          clientSeed,
          nextSeedCipher: next.cipher,
          nextSeedHash: next.hash,
        })
        .returning();
      return { status: 'rotated' as const, revealed, active: active! };
    });
  }

  /** The member's most recently revealed pairs, newest first. */
  revealedSeeds(memberId: number, limit = 10) {
    return this.db
      .select()
      .from(originalsSeeds)
      .where(and(eq(originalsSeeds.memberId, memberId), sql`${originalsSeeds.revealedAt} IS NOT NULL`))
      .orderBy(desc(originalsSeeds.id))
      .limit(limit);
  }

  seedsByIds(ids: number[]) {
    if (ids.length === 0) return Promise.resolve([] as SeedRow[]);
    return this.db.select().from(originalsSeeds).where(inArray(originalsSeeds.id, ids));
  }

  /** Whether one statement can carry a batch of wagers (a driver is reachable). */
  get canBatch() {
    return this.raw !== null;
  }

  /** originals_batch (server/db/functions/originals_batch.sql): one answer per wager, in order. */
  async playBatch(items: InstantPlay[]): Promise<BatchAnswer[]> {
    const column = <T>(pick: (item: InstantPlay) => T) => items.map(pick);
    const texts = (pick: (item: InstantPlay) => string) => textArrayLiteral(column(pick));
    const numbers = (pick: (item: InstantPlay) => number) => integerArrayLiteral(column(pick));
    const result = await this.raw!('originals_batch', BATCH, [
      numbers((x) => x.brandId),
      numbers((x) => x.memberId),
      numbers((x) => x.seedId),
      numbers((x) => x.nonce),
      texts((x) => x.requestId),
      texts((x) => x.game),
      numbers((x) => x.stake),
      numbers((x) => x.payout),
      numbers((x) => x.multiplier),
      texts((x) => JSON.stringify(x.params)),
      texts((x) => JSON.stringify(x.outcome)),
      numbers((x) => x.wallet),
      numbers((x) => x.house),
      texts((x) => x.bet.key),
      texts((x) => x.bet.fingerprint),
      texts((x) => x.win.key),
      texts((x) => x.win.fingerprint),
      textArrayLiteral(column((x) => x.session)),
    ]);
    const out = rowsOf<{ out: Array<{ error: string } | { replayed: true; bet: BetJson } | NewBetJson> }>(
      result,
    )[0]!.out;
    return out.map((a, i) => {
      if ('error' in a) return a;
      if (a.replayed) return { replayed: true, bet: fromJson(a.bet) };
      const x = items[i]!;
      const at = new Date(a.createdAt);
      const bet: BetRow = {
        id: Number(a.id),
        brandId: x.brandId,
        memberId: x.memberId,
        requestId: x.requestId,
        game: x.game,
        seedId: x.seedId,
        nonce: x.nonce,
        stake: x.stake,
        payout: x.payout,
        multiplier: x.multiplier,
        params: x.params,
        outcome: x.outcome,
        revealed: [],
        status: 'settled',
        balanceBefore: Number(a.balanceBefore),
        balanceAfter: Number(a.balanceAfter),
        createdAt: at,
        settledAt: at,
      };
      return { replayed: false, bet };
    });
  }

  /** originals_play (server/db/functions/originals_play.sql). */
  play(v: {
    brandId: number;
    memberId: number;
    seedId: number;
    nonce: number;
    requestId: string;
    game: string;
    stake: number;
    payout: number;
    multiplier: number;
    params: unknown;
    outcome: unknown;
    open: boolean;
    wallet: number;
    bet: PreparedPostings;
    win: PreparedPostings;
    meta: Record<string, unknown>;
  }) {
    return this.run('originals_play', PLAY, [
      v.brandId,
      v.memberId,
      v.seedId,
      v.nonce,
      v.requestId,
      v.game,
      v.stake,
      v.payout,
      v.multiplier,
      JSON.stringify(v.params),
      JSON.stringify(v.outcome),
      v.open,
      v.wallet,
      v.bet.key,
      v.bet.fingerprint,
      v.bet.accounts,
      v.bet.amounts,
      v.win.key,
      v.win.fingerprint,
      v.win.accounts,
      v.win.amounts,
      JSON.stringify(v.meta),
    ]);
  }

  /** originals_settle (server/db/functions/originals_settle.sql). */
  settle(v: {
    betId: number;
    memberId: number;
    revealed: number[];
    payout: number;
    multiplier: number;
    wallet: number;
    win: PreparedPostings;
    meta: Record<string, unknown>;
  }) {
    return this.run('originals_settle', SETTLE, [
      v.betId,
      v.memberId,
      `{${v.revealed.join(',')}}`,
      v.payout,
      v.multiplier,
      v.wallet,
      v.win.key,
      v.win.fingerprint,
      v.win.accounts,
      v.win.amounts,
      JSON.stringify(v.meta),
    ]);
  }

  /** A safe tile of an open game, if the game is still open and has exactly `count` tiles revealed. */
  async reveal(betId: number, memberId: number, revealed: number[], count: number): Promise<BetRow | null> {
    const [row] = await this.db
      .update(originalsBets)
      .set({ revealed })
      .where(
        and(
          eq(originalsBets.id, betId),
          eq(originalsBets.memberId, memberId),
          eq(originalsBets.status, 'open'),
          sql`cardinality(${originalsBets.revealed}) = ${count}`,
        ),
      )
      .returning();
    return row ?? null;
  }

  async openBet(memberId: number, game: string): Promise<BetRow | null> {
    const [row] = await this.db
      .select()
      .from(originalsBets)
      .where(
        and(
          eq(originalsBets.memberId, memberId),
          eq(originalsBets.game, game),
          eq(originalsBets.status, 'open'),
        ),
      );
    return row ?? null;
  }

  async bet(memberId: number, id: number): Promise<BetRow | null> {
    const [row] = await this.db
      .select()
      .from(originalsBets)
      .where(and(eq(originalsBets.id, id), eq(originalsBets.memberId, memberId)));
    return row ?? null;
  }

  /** A bet by id within a brand (the back office). */
  async brandBet(brandId: number, id: number): Promise<BetRow | null> {
    const [row] = await this.db
      .select()
      .from(originalsBets)
      .where(and(eq(originalsBets.id, id), eq(originalsBets.brandId, brandId)));
    return row ?? null;
  }

  /** A member's settled bets of one game (or all), newest first. */
  memberBets(memberId: number, filter: { game?: string; before?: number; limit: number }) {
    return this.db
      .select()
      .from(originalsBets)
      .where(
        and(
          eq(originalsBets.memberId, memberId),
          eq(originalsBets.status, 'settled'),
          filter.game ? eq(originalsBets.game, filter.game) : undefined,
          filter.before ? lt(originalsBets.id, filter.before) : undefined,
        ),
      )
      .orderBy(desc(originalsBets.id))
      .limit(filter.limit);
  }

  /**
   * The brand's latest settled bets of one game (or all), newest first: the public feed, which shows real
   * money only (a trial account's bets are in its own list, not here; trial_members.sql).
   */
  brandBets(brandId: number, filter: { game?: string; limit: number }) {
    return this.db
      .select()
      .from(originalsBets)
      .where(
        and(
          eq(originalsBets.brandId, brandId),
          eq(originalsBets.status, 'settled'),
          sql`${originalsBets.memberId} NOT IN (SELECT member_id FROM trial_members())`,
          filter.game ? eq(originalsBets.game, filter.game) : undefined,
        ),
      )
      .orderBy(desc(originalsBets.id))
      .limit(filter.limit);
  }

  /** Stake and payout of the settled bets of each game in a period (measured return). */
  async measured(brandId: number, from: Date, to: Date) {
    const rows = await this.db
      .select({
        game: originalsBets.game,
        bets: sql<number>`count(*)::int`,
        stake: sql<string>`coalesce(sum(${originalsBets.stake}), 0)::text`,
        payout: sql<string>`coalesce(sum(${originalsBets.payout}), 0)::text`,
      })
      .from(originalsBets)
      .where(
        and(
          eq(originalsBets.brandId, brandId),
          eq(originalsBets.status, 'settled'),
          sql`${originalsBets.settledAt} >= ${from.toISOString()} AND ${originalsBets.settledAt} < ${to.toISOString()}`,
          // Trial money is not business: the measured return is the real members' (trial_members.sql).
          sql`${originalsBets.memberId} NOT IN (SELECT member_id FROM trial_members())`,
        ),
      )
      .groupBy(originalsBets.game);
    return rows.map((r) => ({
      game: r.game,
      bets: r.bets,
      stake: Number(r.stake),
      payout: Number(r.payout),
    }));
  }

  settings(brandId: number, currency: string) {
    return this.db
      .select()
      .from(originalsSettings)
      .where(and(eq(originalsSettings.brandId, brandId), eq(originalsSettings.currency, currency)));
  }

  /** Writes one game's settings; `alongside` (the audit row) commits with it. */
  async saveSettings(
    row: Omit<SettingsRow, 'updatedAt'>,
    alongside: (tx: Database) => Promise<void>,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .insert(originalsSettings)
        .values({ ...row, updatedAt: new Date() })
        .onConflictDoUpdate({
          target: [originalsSettings.brandId, originalsSettings.game, originalsSettings.currency],
          set: {
            enabled: row.enabled,
            edgeBp: row.edgeBp,
            minBet: row.minBet,
            maxBet: row.maxBet,
            maxWin: row.maxWin,
            updatedAt: new Date(),
          },
        });
      await alongside(tx as unknown as Database);
    });
  }
}
