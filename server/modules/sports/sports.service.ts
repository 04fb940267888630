import type { FastifyBaseLogger } from 'fastify';
import type { LanguageCode } from '../../../src/api/contract/common';
import type { LaunchedGame } from '../../../src/api/contract/games';
import type {
  AcceptPolicy,
  CashOutQuote,
  PlacedSportsSlip,
  PlaceSportsSlipBody,
  SportsBet,
  SportsKind,
  SportsLobby,
} from '../../../src/api/contract/sports';
import { cashOutValue, partialCashOut } from '../../../src/sports/cashout';
import { eventName, isOutcomeOf, SPORTS, type Sport, sportKind } from '../../../src/sports/model';
import {
  lineCount,
  potentialPayout,
  type SlipKind,
  systemOf,
  systemPayout,
  validateSlip,
} from '../../../src/sports/payout';
import { WIN } from '../../../src/sports/settle';
import { isUniqueViolation } from '../../db/unique-violation';
import { AppError } from '../../http/app-error';
import { translate } from '../../http/messages';
import { MicroBatcher, type Settled, settle } from '../../lib/micro-batcher';
import type { TicketSigner } from '../../lib/signed-ticket';
import { TtlCache } from '../../lib/ttl-cache';
import type { Brand } from '../brand/brand.service';
import { emptyFingerprint, type Ledger, translateError } from '../ledger/ledger';
import { checkAmount, checkBrandAmount } from '../wallet/amount';
import type {
  BetRow,
  CompetitionRow,
  FixtureRow,
  LegRow,
  PlaceAnswer,
  PlaceArgs,
  PlaceBet,
  PlaceLeg,
  SportsRepository,
} from './sports.repository';
import { limitsFor, type SportLimits, strictest } from './sports-limits';
import { betViews, fixtureCard, fixtureDetail, HEADLINE_KEYS, outrightHeadline } from './sports-views';

/** What the sportsbook asks of other modules (server/services.ts passes them in). */
export interface SportsPorts {
  /** Pushes a member's new main balance to their open pages. */
  balanceChanged(brand: Brand, memberId: number, balance: number): void;
  /** Brands by id, for work that runs for every brand (pending bets, settlement). */
  brand(brandId: number): Promise<Brand | null>;
  /** The book's catalogue entry (its node id, for favourites), if the catalogue has one. */
  bookEntry?(brandId: number, vendor: 'FB' | 'FBE', gameCode: string): Promise<number | null>;
}

type Member = { id: number };

/** The vendor a bet is a round of: FB when any leg is football, else FBE (e-sports). */
const vendorOf = (sports: Sport[]) => (sports.some((s) => sportKind(s) === 'sports') ? 'FB' : 'FBE');

export const sportsOfKind = (kind: SportsKind): Sport[] =>
  kind === 'sports' ? ['football'] : ['cs2', 'dota2', 'lol', 'valorant'];

const betKey = (memberId: number, requestId: string, slip: number) =>
  `sb:${memberId}:${requestId}:${slip}:bet`;

/** How long a cash-out quote holds (issue 28: 5 s). */
export const QUOTE_MS = 5_000;

interface QuoteTicket {
  bet: number;
  member: number;
  share: number;
  stakePart: number;
  amount: number;
  openStake: number;
  nonce: string;
}

/** The failures the placement statement raises, as codes. */
const PLACE_ERRORS: Record<string, string> = {
  SPORTS_MARKET_CHANGED: 'changed',
  SPORTS_LIABILITY: 'liability',
};

function placeFailure(error: unknown): { kind: 'changed' } | { kind: 'liability'; headroom: number } | null {
  const e = error as { message?: string; detail?: string; cause?: { message?: string; detail?: string } };
  const message = e.cause?.message ?? e.message ?? '';
  for (const [raised, kind] of Object.entries(PLACE_ERRORS)) {
    if (!message.includes(raised)) continue;
    if (kind === 'changed') return { kind };
    return { kind: 'liability', headroom: Number(e.cause?.detail ?? e.detail ?? 0) };
  }
  return null;
}

/**
 * The sportsbook for members (docs/sports.md): the board (lobby, competitions, fixtures with their markets,
 * results), the slip placed through the ledger as rounds of the book's vendor, in-play bets held for their
 * delay and checked again, a member's bets, and cash-out.
 */
export class SportsService {
  /**
   * Slips arriving together share one statement and one commit (sports_place_batch). A member's slips
   * always take the same lane and each lane runs one batch at a time; the batches of two lanes lock the
   * book's exposure rows in one order, so they may wait for each other but never deadlock. Empty when
   * batching is off.
   */
  private readonly lanes: MicroBatcher<PlaceArgs, PlaceAnswer>[];

  constructor(
    private readonly repo: SportsRepository,
    private readonly ledger: Ledger,
    private readonly signer: TicketSigner,
    private readonly ports: SportsPorts,
    private readonly log?: FastifyBaseLogger,
    /** As the ledger's vendor batches (LEDGER_BATCH_MAX, LEDGER_BATCH_PARALLEL); `maxItems: 1` turns it off. */
    batch: { maxItems: number; lanes: number } = { maxItems: 32, lanes: 2 },
  ) {
    this.lanes =
      repo.canBatch && batch.maxItems > 1
        ? Array.from(
            { length: batch.lanes },
            () =>
              new MicroBatcher<PlaceArgs, PlaceAnswer>((items) => this.runPlaceBatch(items), {
                // A savepoint per slip: a transaction with 64 or more slows every snapshot while it runs.
                maxItems: Math.min(batch.maxItems, 48),
                maxInFlight: 1,
              }),
          )
        : [];
  }

  /** The markets of slips being priced together, read in one statement. */
  private readonly marketReads = new MicroBatcher<
    number[],
    Awaited<ReturnType<SportsRepository['marketsWithFixtures']>>
  >(
    async (lists) => {
      const rows = await this.repo.marketsWithFixtures([...new Set(lists.flat())]);
      return lists.map((ids) => {
        const wanted = new Set(ids);
        return { ok: true, value: rows.filter((r) => wanted.has(r.market.id)) };
      });
    },
    { maxItems: 64, maxInFlight: 2 },
  );

  /** Places one slip: in its member's lane when batching, else alone. */
  private submitPlace(args: PlaceArgs): Promise<PlaceAnswer> {
    if (this.lanes.length === 0) return this.repo.place(args);
    return this.lanes[args.memberId % this.lanes.length]!.submit(args);
  }

  private async runPlaceBatch(items: PlaceArgs[]): Promise<Settled<PlaceAnswer>[]> {
    // Members in ascending order: another process's batch takes the same wallets in the same order.
    const order = items.map((_, i) => i).sort((a, b) => items[a]!.memberId - items[b]!.memberId || a - b);
    let answers: Awaited<ReturnType<SportsRepository['placeBatch']>>;
    try {
      answers = await this.repo.placeBatch(order.map((i) => items[i]!));
    } catch (error) {
      // The statement failed whole (nothing of it was written): each slip goes again on its own. Together
      // the slips passed a liability cap (the one refused is found alone), or something went wrong.
      if (!String((error as Error).message).includes('SPORTS_BATCH_OVER_CAP')) {
        this.log?.warn(
          { err: error, items: items.length },
          'sports: a batch of slips failed; placed one by one',
        );
      }
      return Promise.all(items.map((item) => settle(this.repo.place(item))));
    }
    const settled: Settled<PlaceAnswer>[] = new Array(items.length);
    order.forEach((i, k) => {
      const a = answers[k]!;
      settled[i] =
        'error' in a
          ? { ok: false, error: Object.assign(new Error(a.error.message), a.error) }
          : { ok: true, value: a };
    });
    return settled;
  }

  // ---- the catalogue --------------------------------------------------------------------------------

  /**
   * The book's vendors as playable catalogue vendors (one "game" each: its page) while a competition of
   * their kind is on, so the menus list FB and FBE and /fbSport is reachable (spec 2.2).
   */
  async vendorCounts(brandId: number): Promise<Map<string, number>> {
    const on = (await this.competitions(brandId)).filter((c) => c.enabled);
    const counts = new Map<string, number>();
    if (on.some((c) => sportKind(c.sport as Sport) === 'sports')) counts.set('FB', 1);
    if (on.some((c) => sportKind(c.sport as Sport) === 'esports')) counts.set('FBE', 1);
    return counts;
  }

  /** Stakes of the member's decided bets at odds below `minOdds`, per vendor (bonus wagering leaves them out). */
  lowOddsStakes(memberId: number, since: Date, until: Date, minOdds: number) {
    return this.repo.lowOddsStakes(memberId, since, until, minOdds);
  }

  /** `launchGame` for the book's vendors: its own pages (/fbSport, /esports/book); null for others. */
  async launchTarget(brand: Brand, vendor: string): Promise<LaunchedGame | null> {
    if (vendor !== 'FB' && vendor !== 'FBE') return null;
    if (!(await this.vendorCounts(brand.id)).has(vendor)) throw new AppError('GAME_NOT_FOUND');
    const sports = vendor === 'FB';
    return {
      url: sports ? '/fbSport' : '/esportsBook',
      opensIn: 'route',
      vassalage: vendor,
      gameCode: sports ? 'sportsbook' : 'esportsbook',
      gameName: sports ? 'Aurora Sports' : 'Aurora E-sports',
      gameType: sports ? 'SPORTS' : 'ESPORTS',
    };
  }

  // ---- the betting record ---------------------------------------------------------------------------

  /** The book's "games" by `${vendor}:${sport}` (a bet's round is recorded under its first leg's sport). */
  async gameNames(_brand: Brand, lang: LanguageCode): Promise<Map<string, string>> {
    const names = new Map<string, string>();
    for (const sport of SPORTS) {
      const name = translate(lang, `sports.sports.${sport}`);
      names.set(`FB:${sport}`, name);
      names.set(`FBE:${sport}`, name);
    }
    return names;
  }

  /**
   * What each of the book's rounds was a bet on, by `${vendor}:${roundId}`: a single's event ("Flamengo x
   * Palmeiras"), or the events of a multiple joined; other vendors' rounds are left out.
   */
  async roundDraws(brand: Brand, rounds: Array<{ vendor: string; roundId: string }>) {
    const ids = rounds
      .filter((r) => (r.vendor === 'FB' || r.vendor === 'FBE') && /^S\d{1,15}$/.test(r.roundId))
      .map((r) => Number(r.roundId.slice(1)));
    const out = new Map<string, string>();
    if (ids.length === 0) return out;
    const legs = await this.repo.legsOf([...new Set(ids)]);
    const fixtures = new Map(
      (await this.repo.fixturesByIds(brand.id, [...new Set(legs.map((l) => l.fixtureId))])).map((f) => [
        f.id,
        f,
      ]),
    );
    const bets = new Map<number, string[]>();
    for (const l of legs) {
      const f = fixtures.get(l.fixtureId);
      if (f) bets.set(l.betId, [...(bets.get(l.betId) ?? []), eventName(f)]);
    }
    for (const r of rounds) {
      const events = bets.get(Number(r.roundId.slice(1)));
      if (events && (r.vendor === 'FB' || r.vendor === 'FBE'))
        out.set(`${r.vendor}:${r.roundId}`, events.join(' · '));
    }
    return out;
  }

  // ---- the board ------------------------------------------------------------------------------------

  private readonly competitionCache = new TtlCache<CompetitionRow[]>(5_000);

  competitions(brandId: number) {
    return this.competitionCache.get(String(brandId), () => this.repo.competitions(brandId));
  }

  /** Forgets the cached competitions (after an operator's or the simulator's change). */
  competitionsChanged() {
    this.competitionCache.clear();
  }

  private async competitionMap(brandId: number) {
    return new Map((await this.competitions(brandId)).map((c) => [c.id, c]));
  }

  private async limitRows(brandId: number) {
    return this.limitsCache.get(String(brandId), () => this.repo.limits(brandId));
  }

  private readonly limitsCache = new TtlCache<Awaited<ReturnType<SportsRepository['limits']>>>(5_000);

  limitsChanged() {
    this.limitsCache.clear();
  }

  async limitsOf(brandId: number, sport: string): Promise<SportLimits> {
    return limitsFor(await this.limitRows(brandId), sport);
  }

  private async cards(brand: Brand, lang: LanguageCode, fixtures: FixtureRow[]) {
    const competitions = await this.competitionMap(brand.id);
    const visible = fixtures.filter((f) => competitions.get(f.competitionId)?.enabled);
    const ids = visible.map((f) => f.id);
    const outrightIds = visible.filter((f) => f.kind === 'outright').map((f) => f.id);
    const [mains, counts, outrightMarkets] = await Promise.all([
      this.repo.headlineMarkets(ids, HEADLINE_KEYS),
      this.repo.marketCounts(ids),
      outrightIds.length > 0 ? this.repo.marketsOf(outrightIds) : Promise.resolve([]),
    ]);
    const mainOf = new Map(mains.map((m) => [m.fixtureId, m]));
    for (const id of outrightIds) {
      const main = outrightHeadline(outrightMarkets.filter((m) => m.fixtureId === id));
      if (main) mainOf.set(id, main);
    }
    return visible.map((f) =>
      fixtureCard(
        f,
        competitions.get(f.competitionId)!,
        lang,
        mainOf.get(f.id) ?? null,
        counts.get(f.id) ?? 0,
      ),
    );
  }

  private readonly lobbyCache = new TtlCache<SportsLobby>(1_000);

  /** Live now, starting in the next two days, and the competitions with something to bet on. */
  lobby(brand: Brand, lang: LanguageCode, kind: SportsKind): Promise<SportsLobby> {
    return this.lobbyCache.get(`${brand.id}:${lang}:${kind}`, async () => {
      const sports = sportsOfKind(kind);
      const now = Date.now();
      const rows = (
        await this.repo.board(brand.id, ['scheduled', 'live'], new Date(now + 48 * 3_600_000), 400)
      ).filter((f) => sports.includes(f.sport as Sport));
      const live = rows.filter((f) => f.status === 'live');
      const soon = rows.filter((f) => f.status === 'scheduled' && f.startsAt.getTime() > now).slice(0, 40);
      const outrights = (await this.repo.openOutrights(brand.id, new Date(now), 100)).filter((f) =>
        sports.includes(f.sport as Sport),
      );
      const competitions = (await this.competitions(brand.id)).filter(
        (c) => c.enabled && sports.includes(c.sport as Sport),
      );
      const count = (id: number, status?: string) =>
        rows.filter((f) => f.competitionId === id && (!status || f.status === status)).length +
        (status ? 0 : outrights.filter((f) => f.competitionId === id).length);
      const sportsBook = kind === 'sports';
      return {
        now,
        kind,
        nodeId:
          (await this.ports.bookEntry?.(
            brand.id,
            sportsBook ? 'FB' : 'FBE',
            sportsBook ? 'sportsbook' : 'esportsbook',
          )) ?? null,
        live: await this.cards(brand, lang, live),
        soon: await this.cards(brand, lang, soon),
        outrights: await this.cards(brand, lang, outrights),
        competitions: competitions
          .map((c) => ({
            id: c.id,
            name: lang === 'en' ? c.nameEn : c.namePt,
            country: c.country,
            sport: c.sport as Sport,
            fixtures: count(c.id),
            live: count(c.id, 'live'),
          }))
          .filter((c) => c.fixtures > 0),
      };
    });
  }

  async competition(brand: Brand, lang: LanguageCode, id: number) {
    const c = (await this.competitions(brand.id)).find((x) => x.id === id && x.enabled);
    if (!c) throw new AppError('SPORTS_COMPETITION_NOT_FOUND');
    const rows = await this.repo.competitionFixtures(brand.id, id);
    const now = Date.now();
    const matches = rows.filter((f) => f.kind === 'match');
    const outrights = rows.filter((f) => f.kind === 'outright' && f.startsAt.getTime() > now);
    return {
      now,
      competition: {
        id: c.id,
        name: lang === 'en' ? c.nameEn : c.namePt,
        country: c.country,
        sport: c.sport as Sport,
      },
      fixtures: await this.cards(brand, lang, matches),
      outrights: await this.cards(brand, lang, outrights),
    };
  }

  async fixture(brand: Brand, lang: LanguageCode, id: number) {
    const f = await this.repo.fixture(brand.id, id);
    const c = f ? (await this.competitionMap(brand.id)).get(f.competitionId) : undefined;
    if (!f || !c?.enabled) throw new AppError('SPORTS_FIXTURE_NOT_FOUND');
    const [markets, limits] = await Promise.all([this.repo.markets(f.id), this.limitsOf(brand.id, f.sport)]);
    return { now: Date.now(), fixture: fixtureDetail(f, c, lang, markets, limits.betDelayMs) };
  }

  async results(brand: Brand, lang: LanguageCode, q: { kind: SportsKind; before?: number; limit: number }) {
    const rows = await this.repo.results(
      brand.id,
      sportsOfKind(q.kind),
      q.before === undefined ? undefined : new Date(q.before),
      q.limit,
    );
    return { fixtures: await this.cards(brand, lang, rows) };
  }

  // ---- the slip -------------------------------------------------------------------------------------

  async place(
    brand: Brand,
    member: Member,
    body: PlaceSportsSlipBody,
    lang: LanguageCode,
  ): Promise<PlacedSportsSlip> {
    try {
      // A market that moved between the read and the statement: read again and price again, twice.
      for (let attempt = 0; ; attempt++) {
        const out = await this.placeNew(brand, member, body, lang, attempt >= 2);
        if (out) return out;
      }
    } catch (error) {
      // A retry of a slip that went through (its answer lost) meets markets changed since: it is
      // answered with the bets it placed, never refused.
      if (error instanceof AppError) {
        const earlier = await this.repo.slipBets(member.id, body.requestId);
        if (earlier.length > 0) return { bets: await this.views(brand, earlier, lang), balance: null };
      }
      throw error;
    }
  }

  /** One try at a slip; null when a market changed under it and it should be priced again. */
  private async placeNew(
    brand: Brand,
    member: Member,
    body: PlaceSportsSlipBody,
    lang: LanguageCode,
    lastTry: boolean,
  ): Promise<PlacedSportsSlip | null> {
    const now = Date.now();
    const [all, competitions] = await Promise.all([
      this.marketReads.submit([...new Set(body.legs.map((l) => l.marketId))]),
      this.competitionMap(brand.id),
    ]);
    const read = all.filter((r) => r.market.brandId === brand.id);
    const markets = new Map(read.map((r) => [r.market.id, r.market]));
    const fixtures = new Map(read.map((r) => [r.fixture.id, r.fixture]));
    for (const leg of body.legs) if (!markets.has(leg.marketId)) throw new AppError('MARKET_NOT_FOUND');

    const kind: SlipKind =
      body.kind === 'system' ? { kind: 'system', system: body.system ?? '' } : { kind: body.kind };
    const shape = validateSlip(
      kind,
      body.legs.map((l) => ({
        event: String(markets.get(l.marketId)!.fixtureId),
        market: String(l.marketId),
        outcome: l.key,
      })),
    );
    if (!shape.ok) throw new AppError(shape.code, {}, { legs: shape.legs ?? [] });

    // Each leg: still offered, and at a price the member accepts.
    const legs = body.legs.map((l, i) => {
      const m = markets.get(l.marketId)!;
      const f = fixtures.get(m.fixtureId)!;
      if (!competitions.get(f.competitionId)?.enabled) throw new AppError('MARKET_CLOSED', {}, { legs: [i] });
      if (!isOutcomeOf(m.spec, l.key)) throw new AppError('OUTCOME_NOT_OFFERED', {}, { legs: [i] });
      const live = f.status === 'live';
      if (!live && (f.status !== 'scheduled' || f.startsAt.getTime() <= now))
        throw new AppError('MARKET_CLOSED', {}, { legs: [i] });
      if (m.status === 'suspended' || f.suspended) throw new AppError('MARKET_SUSPENDED', {}, { legs: [i] });
      if (m.status !== 'open') throw new AppError('MARKET_CLOSED', {}, { legs: [i] });
      const current = m.prices[l.key] ?? null;
      if (current === null) throw new AppError('OUTCOME_NOT_OFFERED', {}, { legs: [i] });
      return { ...l, market: m, fixture: f, live, current };
    });
    const moved = legs.filter((l) => !acceptable(body.accept, l.price, l.current));
    if (moved.length > 0) {
      throw new AppError(
        'PRICE_CHANGED',
        {},
        { legs: legs.map((l) => ({ marketId: l.marketId, key: l.key, price: l.current })) },
      );
    }

    const limits = strictest(
      await Promise.all(
        [...new Set(legs.map((l) => l.fixture.sport))].map((s) => this.limitsOf(brand.id, s)),
      ),
    );
    checkAmount(body.stake);
    const unit = body.stake;
    const drafts =
      kind.kind === 'singles'
        ? legs.map((l) => ({ kind: 'single', system: null, legs: [l], lines: 1, unit, stake: unit }))
        : [
            {
              kind: kind.kind,
              system: kind.kind === 'system' ? kind.system : null,
              legs,
              lines: kind.kind === 'system' ? lineCount(systemOf(kind.system)!) : 1,
              unit,
              stake: kind.kind === 'system' ? unit * lineCount(systemOf(kind.system)!) : unit,
            },
          ];
    const bets = drafts.map((d) => {
      const prices = d.legs.map((l) => l.current);
      const potential =
        d.kind === 'system'
          ? systemPayout(
              d.unit,
              prices.map((price) => ({ price, factor: WIN })),
              systemOf(d.system!)!,
            )
          : potentialPayout(d.stake, prices);
      return { ...d, potential };
    });
    const money = (v: number) => ({ minor: v });
    for (const b of bets) {
      if (b.stake < limits.minStake) throw new AppError('STAKE_TOO_LOW', { min: money(limits.minStake) });
      if (b.stake > limits.maxStake) {
        throw new AppError('STAKE_TOO_HIGH', { max: money(inBodyTerms(b, limits.maxStake)) });
      }
      if (b.potential > limits.maxPayout) {
        throw new AppError('STAKE_TOO_HIGH', { max: money(payoutStake(b, limits.maxPayout)) });
      }
    }
    const total = bets.reduce((n, b) => n + b.stake, 0);
    checkBrandAmount(brand, total, lang);

    const wallet = await this.ledger.memberAccount(brand.id, member.id, 'main', brand.currency);
    const house = await this.ledger.houseAccount(brand.id, 'house', brand.currency);
    const placeBets: PlaceBet[] = [];
    const placeLegs: PlaceLeg[] = [];
    for (const [slip, b] of bets.entries()) {
      const sports = b.legs.map((l) => l.fixture.sport as Sport);
      const prepared = await this.ledger.prepare({
        brand,
        key: betKey(member.id, body.requestId, slip),
        kind: 'bet',
        from: { memberId: member.id, wallet: 'main' },
        to: { house: 'house' },
        amount: b.stake,
      });
      placeBets.push({
        slip,
        vendor: vendorOf(sports),
        game: sports[0]!,
        kind: b.kind,
        system: b.system,
        lines: b.lines,
        unit: b.unit,
        stake: b.stake,
        potential: b.potential,
        accept: body.accept,
        delayMs: b.legs.some((l) => l.live) ? limits.betDelayMs : 0,
        key: prepared.key,
        hash: prepared.fingerprint,
      });
      for (const [legNo, l] of b.legs.entries()) {
        placeLegs.push({
          slip,
          leg: legNo,
          fixture: l.fixture.id,
          market: l.market.id,
          key: l.key,
          price: l.current,
          version: l.market.version,
          live: l.live,
        });
      }
    }

    let placed: PlaceAnswer;
    try {
      placed = await this.submitPlace({
        brandId: brand.id,
        memberId: member.id,
        requestId: body.requestId,
        wallet,
        house,
        bets: placeBets,
        legs: placeLegs,
        caps: {
          market: limits.marketLiability,
          event: limits.eventLiability,
          member: limits.memberEventLiability,
        },
      });
    } catch (error) {
      if (isUniqueViolation(error, 'sports_bets_request_uq')) {
        return {
          bets: await this.views(brand, await this.repo.slipBets(member.id, body.requestId), lang),
          balance: null,
        };
      }
      const failure = placeFailure(error);
      if (failure?.kind === 'changed') {
        if (!lastTry) return null;
        throw new AppError('MARKET_SUSPENDED');
      }
      if (failure?.kind === 'liability') {
        // The most this slip's bet could stake within the caps (the first bet's terms for singles).
        const b = bets[0]!;
        throw new AppError('STAKE_TOO_HIGH', { max: money(allowedStake(b, failure.headroom)) });
      }
      translateError(error);
    }
    if (placed.replayed || !placed.bets) {
      return {
        bets: await this.views(brand, await this.repo.slipBets(member.id, body.requestId), lang),
        balance: null,
      };
    }
    if (placed.balance !== undefined && placed.balance !== null) {
      this.ports.balanceChanged(brand, member.id, placed.balance);
    }
    // The answer from what was just written, as a read of it would give it back.
    const at = new Date(placed.at ?? now);
    const ids = new Map(placed.bets.map((b) => [b.slip, b.id]));
    const rows: BetRow[] = placeBets.map((b) => ({
      id: ids.get(b.slip)!,
      brandId: brand.id,
      memberId: member.id,
      requestId: body.requestId,
      slipIndex: b.slip,
      vendorCode: b.vendor,
      kind: b.kind,
      system: b.system,
      lines: b.lines,
      unitStake: b.unit,
      stake: b.stake,
      openStake: b.stake,
      potentialPayout: b.potential,
      liability: b.potential - b.stake,
      status: b.delayMs > 0 ? 'pending' : 'open',
      payout: 0,
      cashedOut: 0,
      owed: 0,
      settleVersion: 0,
      accept: b.accept,
      rejectReason: null,
      acceptsAt: b.delayMs > 0 ? new Date(at.getTime() + b.delayMs) : null,
      createdAt: at,
      settledAt: null,
    }));
    const legRows: LegRow[] = placeLegs.map((l) => ({
      betId: ids.get(l.slip)!,
      legNo: l.leg,
      fixtureId: l.fixture,
      marketId: l.market,
      outcomeKey: l.key,
      price: l.price,
      marketVersion: l.version,
      live: l.live,
      fWin: null,
      fVoid: null,
      fDen: null,
    }));
    for (const r of rows) if (r.acceptsAt) this.decideAt(r.acceptsAt.getTime());
    return {
      bets: betViews(rows, legRows, fixtures, markets, competitions, lang),
      balance: placed.balance ?? null,
    };
  }

  /** Bets as the member reads them. */
  async views(brand: Brand, rows: BetRow[], lang: LanguageCode): Promise<SportsBet[]> {
    const legs = await this.repo.legsOf(rows.map((r) => r.id));
    const [fixtures, markets, competitions] = await Promise.all([
      this.repo.fixturesByIds(brand.id, [...new Set(legs.map((l) => l.fixtureId))]),
      this.repo.marketsByIds(brand.id, [...new Set(legs.map((l) => l.marketId))]),
      this.competitionMap(brand.id),
    ]);
    return betViews(
      rows,
      legs,
      new Map(fixtures.map((f) => [f.id, f])),
      new Map(markets.map((m) => [m.id, m])),
      competitions,
      lang,
    );
  }

  async myBets(
    brand: Brand,
    member: Member,
    lang: LanguageCode,
    q: { status: 'open' | 'settled' | 'all'; before?: number; limit: number },
  ) {
    const rows = await this.repo.memberBets(member.id, q.status, q.before, q.limit);
    return { bets: await this.views(brand, rows, lang) };
  }

  async myBet(brand: Brand, member: Member, lang: LanguageCode, id: number) {
    const row = await this.repo.bet(brand.id, id);
    if (!row || row.memberId !== member.id) throw new AppError('SPORTS_BET_NOT_FOUND');
    return (await this.views(brand, [row], lang))[0]!;
  }

  // ---- in-play bets ---------------------------------------------------------------------------------

  private sweep: NodeJS.Timeout | null = null;

  /**
   * This process's sweep of pending bets every second: a bet placed through another process that stopped
   * before its delay ended is decided here (each decision applies once).
   */
  start(everyMs = 1_000) {
    if (this.sweep) return;
    this.sweep = setInterval(() => {
      void this.decideDue().catch((error) => this.log?.error({ err: error }, 'sports: pending bets'));
    }, everyMs);
    this.sweep.unref?.();
  }

  stop() {
    if (this.sweep) clearInterval(this.sweep);
    this.sweep = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private timer: NodeJS.Timeout | null = null;
  private nextAt = Number.POSITIVE_INFINITY;
  private deciding: Promise<number> | null = null;

  /** Asks for the pending bets to be decided at `at` (the soonest asked wins). */
  private decideAt(at: number) {
    if (at >= this.nextAt) return;
    this.nextAt = at;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.nextAt = Number.POSITIVE_INFINITY;
        void this.decideDue().catch((error) => this.log?.error({ err: error }, 'sports: pending bets'));
      },
      Math.max(0, at - Date.now()) + 20,
    );
    this.timer.unref?.();
  }

  /**
   * Decides every pending bet whose delay is over, in any process (each decision is conditional on the bet
   * still pending): accepted when every leg's market is still open at the version it was taken on, or at a
   * price the member's choice accepts; else refused and its stake given back. Answers how many it decided.
   */
  decideDue(): Promise<number> {
    if (this.deciding) return this.deciding;
    this.deciding = (async () => {
      let decided = 0;
      for (;;) {
        const due = await this.repo.pendingDue(200);
        if (due.length === 0) break;
        for (const bet of due) {
          if (await this.decide(bet)) decided++;
        }
        if (due.length < 200) break;
      }
      return decided;
    })().finally(() => {
      this.deciding = null;
    });
    return this.deciding;
  }

  private async decide(bet: BetRow): Promise<boolean> {
    const brand = await this.ports.brand(bet.brandId);
    if (!brand) return false;
    const legs = await this.repo.legsOf([bet.id]);
    const markets = new Map(
      (
        await this.repo.marketsByIds(
          bet.brandId,
          legs.map((l) => l.marketId),
        )
      ).map((m) => [m.id, m]),
    );
    const fixtures = new Map(
      (
        await this.repo.fixturesByIds(
          bet.brandId,
          legs.map((l) => l.fixtureId),
        )
      ).map((f) => [f.id, f]),
    );
    let reason: string | null = null;
    const prices: Record<string, number> = {};
    for (const l of legs) {
      const m = markets.get(l.marketId);
      const f = fixtures.get(l.fixtureId);
      if (
        !m ||
        !f ||
        // A pre-match leg beside a live one (an accumulator) was taken before its kick-off: only that its
        // market still takes bets is checked, not that its match is live.
        (l.live && f.status !== 'live') ||
        m.status === 'closed' ||
        m.status === 'settled' ||
        m.status === 'void'
      ) {
        reason = 'MARKET_CLOSED';
        break;
      }
      if (m.status === 'suspended' || f.suspended) {
        reason = 'MARKET_SUSPENDED';
        break;
      }
      if (m.version === l.marketVersion) continue;
      const now = m.prices[l.outcomeKey] ?? null;
      if (now === null) {
        reason = 'OUTCOME_NOT_OFFERED';
        break;
      }
      if (!acceptable(bet.accept as AcceptPolicy, l.price, now)) {
        reason = 'PRICE_CHANGED';
        break;
      }
      if (now !== l.price) prices[String(l.legNo)] = now;
    }
    const finalPrices = legs.map((l) => prices[String(l.legNo)] ?? l.price);
    const potential =
      reason === null && Object.keys(prices).length > 0
        ? bet.kind === 'system'
          ? systemPayout(
              bet.unitStake,
              finalPrices.map((price) => ({ price, factor: WIN })),
              systemOf(bet.system ?? '')!,
            )
          : potentialPayout(bet.stake, finalPrices)
        : bet.potentialPayout;
    const key = betKey(bet.memberId, bet.requestId, bet.slipIndex);
    try {
      const out = await this.repo.decidePending({
        brandId: bet.brandId,
        betId: bet.id,
        accept: reason === null,
        reason,
        prices,
        potential,
        betKey: key,
        reverseKey: `${key}:rejected`,
        hash: emptyFingerprint('reversal'),
      });
      if (out.decided && reason !== null) {
        const balance = await this.ledger.balance(
          await this.ledger.memberAccount(brand.id, bet.memberId, 'main', brand.currency),
        );
        this.ports.balanceChanged(brand, bet.memberId, balance);
      }
      return out.decided;
    } catch (error) {
      translateError(error);
    }
  }

  // ---- cash-out -------------------------------------------------------------------------------------

  /** What the book pays now to end `share` basis points of a bet; held for QUOTE_MS. */
  async quote(brand: Brand, member: Member, betId: number, share: number): Promise<CashOutQuote> {
    const bet = await this.repo.bet(brand.id, betId);
    if (!bet || bet.memberId !== member.id) throw new AppError('SPORTS_BET_NOT_FOUND');
    const whole = await this.cashOutWhole(bet);
    if (whole === null) throw new AppError('CASHOUT_UNAVAILABLE');
    const part = partialCashOut(bet.openStake, whole, share);
    if (!part || part.amount <= 0) throw new AppError('CASHOUT_UNAVAILABLE');
    const expiresAt = Date.now() + QUOTE_MS;
    const ticket: QuoteTicket = {
      bet: bet.id,
      member: member.id,
      share,
      stakePart: part.stakePart,
      amount: part.amount,
      openStake: bet.openStake,
      nonce: crypto.randomUUID(),
    };
    return {
      quoteId: this.signer.issue(ticket, QUOTE_MS),
      betId: bet.id,
      share,
      stakePart: part.stakePart,
      amount: part.amount,
      expiresAt,
    };
  }

  /** The whole cash-out of an open single or accumulator at today's prices, or null. */
  private async cashOutWhole(bet: BetRow): Promise<number | null> {
    if (bet.status !== 'open' || bet.kind === 'system' || bet.openStake <= 0) return null;
    const legs = await this.repo.legsOf([bet.id]);
    const markets = new Map(
      (
        await this.repo.marketsByIds(
          bet.brandId,
          legs.map((l) => l.marketId),
        )
      ).map((m) => [m.id, m]),
    );
    const fixtures = new Map(
      (
        await this.repo.fixturesByIds(
          bet.brandId,
          legs.map((l) => l.fixtureId),
        )
      ).map((f) => [f.id, f]),
    );
    const input = [];
    for (const l of legs) {
      if (l.fDen !== null && l.fWin !== null && l.fVoid !== null) {
        input.push({ price: l.price, factor: { win: l.fWin, void: l.fVoid, den: l.fDen }, now: null });
        continue;
      }
      const m = markets.get(l.marketId);
      const f = fixtures.get(l.fixtureId);
      if (!m || !f || m.status !== 'open' || f.suspended) return null;
      input.push({ price: l.price, factor: null, now: m.prices[l.outcomeKey] ?? null });
    }
    return cashOutValue(bet.openStake, input);
  }

  async cashOut(
    brand: Brand,
    member: Member,
    body: { quoteId: string; requestId: string },
    lang: LanguageCode,
  ) {
    const done = await this.repo.cashOutByRequest(member.id, body.requestId);
    if (done) {
      return {
        bet: await this.myBet(brand, member, lang, Number(done.betId)),
        amount: Number(done.amount),
        balance: null,
      };
    }
    const q = this.signer.read<QuoteTicket>(body.quoteId);
    if (!q || q.member !== member.id) throw new AppError('CASHOUT_QUOTE_EXPIRED');
    const prepared = await this.ledger.prepare({
      brand,
      key: `sb:cashout:${q.nonce}`,
      kind: 'cashout',
      from: { house: 'house' },
      to: { memberId: member.id, wallet: 'main' },
      amount: q.amount,
    });
    let out: Awaited<ReturnType<SportsRepository['cashOut']>>;
    try {
      out = await this.repo.cashOut({
        brandId: brand.id,
        memberId: member.id,
        betId: q.bet,
        requestId: body.requestId,
        nonce: q.nonce,
        share: q.share,
        stakePart: q.stakePart,
        amount: q.amount,
        openStake: q.openStake,
        key: prepared.key,
        hash: prepared.fingerprint,
        accounts: prepared.accounts,
        amounts: prepared.amounts,
      });
    } catch (error) {
      if (isUniqueViolation(error, 'sports_cashouts_request_uq')) {
        const again = await this.repo.cashOutByRequest(member.id, body.requestId);
        if (again) {
          return {
            bet: await this.myBet(brand, member, lang, Number(again.betId)),
            amount: Number(again.amount),
            balance: null,
          };
        }
      }
      if (isUniqueViolation(error, 'sports_cashouts_quote_uq')) throw new AppError('CASHOUT_QUOTE_EXPIRED');
      const message =
        (error as { cause?: { message?: string }; message?: string }).cause?.message ??
        (error as { message?: string }).message ??
        '';
      if (message.includes('SPORTS_CASHOUT_STALE')) throw new AppError('CASHOUT_QUOTE_EXPIRED');
      if (message.includes('SPORTS_CASHOUT_SUSPENDED')) throw new AppError('CASHOUT_UNAVAILABLE');
      if (message.includes('SPORTS_BET_NOT_FOUND')) throw new AppError('SPORTS_BET_NOT_FOUND');
      translateError(error);
    }
    const wallet = await this.ledger.memberAccount(brand.id, member.id, 'main', brand.currency);
    const balance = out.out.balances?.[String(wallet)] ?? null;
    if (balance !== null) this.ports.balanceChanged(brand, member.id, balance);
    return { bet: await this.myBet(brand, member, lang, q.bet), amount: q.amount, balance };
  }
}

/** Whether a member who saw `seen` takes the bet at `now` under their choice. */
export function acceptable(policy: AcceptPolicy, seen: number, now: number) {
  if (now === seen) return true;
  if (policy === 'any') return true;
  return policy === 'better' && now > seen;
}

type Draft = { kind: string; stake: number; unit: number; potential: number; lines: number };

/** A stake in the slip's own terms: a system's unit stake, any other bet's stake. */
function inBodyTerms(b: Draft, stake: number) {
  return b.kind === 'system' ? Math.floor(stake / b.lines) : stake;
}

/** The largest stake (in the slip's terms) whose potential payout stays within `maxPayout`. */
function payoutStake(b: Draft, maxPayout: number) {
  return inBodyTerms(b, Number((BigInt(maxPayout) * BigInt(b.stake)) / BigInt(b.potential)));
}

/**
 * The largest stake (in the slip's terms) whose winnings beyond the stake stay within `headroom`: the bet's
 * potential scales with its stake, so it is the stake times headroom over the bet's own liability.
 */
function allowedStake(b: Draft, headroom: number) {
  const liability = b.potential - b.stake;
  if (liability <= 0) return inBodyTerms(b, b.stake);
  const stake = Number((BigInt(Math.max(0, headroom)) * BigInt(b.stake)) / BigInt(liability));
  return inBodyTerms(b, Math.min(stake, b.stake));
}
