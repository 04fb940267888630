import type {
  AdminSportsBet,
  AdminSportsCompetition,
  AdminSportsFixture,
  AdminSportsFixtureRow,
  AdminSportsMarket,
  CreateSportsFixtureBody,
  CreateSportsOutrightBody,
  LimitsSport,
  SportsLimitsBody,
  SportsResult,
  SportsResultBody,
} from '../../../src/api/contract/backoffice-sports';
import type { LanguageCode } from '../../../src/api/contract/common';
import type { Permission } from '../../../src/api/contract/permissions';
import type { FixtureEvent, LiveState } from '../../../src/api/contract/sports';
import { mapsToWin } from '../../../src/sports/esports-maps';
import {
  checkMarketSpec,
  eventName,
  type MarketSpec,
  marketTemplate,
  outcomeKeys,
  SPORTS,
  type Sport,
} from '../../../src/sports/model';
import { checkStandings } from '../../../src/sports/outright';
import { type EsportsSport, priceMarkets } from '../../../src/sports/pricing';
import { factorKind, type Result } from '../../../src/sports/settle';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { WithAudit } from '../backoffice/audit-port';
import type { OperatorContext } from '../backoffice/backoffice.service';
import type { SportsService } from './sports.service';
import type {
  AdminCompetitionRow,
  AdminFixtureRow,
  AdminMarketRow,
  ListedFixture,
  SportsAdminRepository,
} from './sports-admin.repository';
import type { FeedCompetition, SportsFeed } from './sports-feed';
import { DEFAULT_LIMITS, limitsFor } from './sports-limits';
import type { SportsSettlement } from './sports-settlement.service';
import { betViews, specKeyOf } from './sports-views';

/** What the book's back office needs of the back-office module: its audit port and the permission check. */
export interface SportsAdminBackoffice {
  withAudit(ctx: OperatorContext): WithAudit;
  require(ctx: OperatorContext, permission: Permission): void;
}

/** What it needs of the accounts and back-office modules' data. */
export interface SportsAdminPorts {
  backoffice: SportsAdminBackoffice;
  members: {
    byUsername(brandId: number, username: string): Promise<{ id: number; username: string } | undefined>;
    usernames(memberIds: number[]): Promise<Map<number, string>>;
  };
  /** The brand's operators' usernames by id (the settlement log names who settled). */
  operatorNames(brandId: number): Promise<Map<number, string>>;
}

/** A new competition's margin until the operator sets its own (the table's default). */
const NEW_COMPETITION_MARGIN_BP = 600;
const OPEN_FIXTURE = ['scheduled', 'live'];
const TAKING_BETS = ['open', 'suspended'];

/** The same value whatever the order of its keys (a result read back from jsonb against one sent). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** A competition's code from its name: `op-` and the name in lower-case ASCII words. */
function codeOf(name: string) {
  const slug = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return `op-${slug || 'competition'}`;
}

const pricesOf = (m: AdminMarketRow) =>
  Object.fromEntries(outcomeKeys(m.spec).map((k) => [k, m.prices[k] ?? null]));

/**
 * A result the operator entered, checked against its fixture: of its sport, an e-sports best-of the
 * fixture's (the one it was priced on) with at most that many maps, a finished match that ended (a side
 * won the maps it needed, or a best of 2 played both), a football half-time within the full time.
 */
function checkResult(f: AdminFixtureRow, body: SportsResultBody): Result {
  if (body.sport !== f.sport) throw new AppError('SPORTS_RESULT_INVALID');
  if (body.sport === 'football') {
    const { ht, ft } = body;
    if (body.status === 'finished' && !ht) throw new AppError('SPORTS_RESULT_INVALID');
    if (ht && (ht[0] > ft[0] || ht[1] > ft[1])) throw new AppError('SPORTS_RESULT_INVALID');
    return body;
  }
  const e = body as Extract<SportsResultBody, { maps: unknown }>;
  const scheduledBestOf = f.bestOf ?? 1;
  if (e.maps.length > e.bestOf) throw new AppError('SPORTS_RESULT_INVALID');
  if (e.status === 'finished') {
    const need = mapsToWin(e.bestOf);
    const won: [number, number] = [0, 0];
    for (const [i, m] of e.maps.entries()) {
      // Every map of a finished match finished, and none was played once a side had won.
      if (!m.finished || Math.max(...won) >= need) throw new AppError('SPORTS_RESULT_INVALID');
      if (m.winner) won[m.winner === 'home' ? 0 : 1]++;
      if (i === e.maps.length - 1 && Math.max(...won) < need && e.maps.length < e.bestOf)
        throw new AppError('SPORTS_RESULT_INVALID');
    }
    if (e.maps.length === 0) throw new AppError('SPORTS_RESULT_INVALID');
  }
  return { ...e, scheduledBestOf, maps: e.maps.map((m) => ({ ...m })) } as Result;
}

/**
 * The operator's book in the back office (docs/sports.md, "The operator's book"; issue 28 item 8): the
 * fixtures (listed, entered with their prices or priced from a model, priced, suspended, marked live,
 * resulted, corrected, withdrawn, called off; a market voided), the exposure, the bets and the settlement
 * log, margins per competition and limits per sport. Fixtures, prices and results go through the feed
 * interface under the fixture's own source (an operator's fixture is source `operator`), and settlement
 * through SportsSettlement, exactly as any source's would; every change is audited.
 */
export class SportsAdmin {
  constructor(
    private readonly repo: SportsAdminRepository,
    private readonly feed: SportsFeed,
    private readonly settlement: SportsSettlement,
    private readonly sports: Pick<SportsService, 'limitsChanged' | 'competitionsChanged'>,
    private readonly ports: SportsAdminPorts,
  ) {}

  private read(ctx: OperatorContext) {
    this.ports.backoffice.require(ctx, 'sports.read');
  }

  private manage(ctx: OperatorContext) {
    this.ports.backoffice.require(ctx, 'sports.manage');
  }

  /**
   * The audit row of a change made through the feed or settlement: those run as several statements of
   * their own (markets, bets, the ledger), so the row cannot commit in their transaction. It is written
   * right after them in the same request, as the settlement re-run of agents' contracts does, and the
   * settlement log entries the change wrote are stamped with the operator in the same transaction.
   */
  private async auditAfter(
    ctx: OperatorContext,
    record: Parameters<WithAudit>[1],
    stamp?: { fixtureId: number; afterId: number; reason: string | null },
  ) {
    return this.repo.transaction(async (tx: Database) => {
      const stamped = stamp
        ? await this.repo.stampSettlements(tx, ctx.brand.id, stamp.fixtureId, stamp.afterId, {
            operatorId: ctx.operator.id,
            reason: stamp.reason,
          })
        : [];
      await this.ports.backoffice.withAudit(ctx)(tx, {
        ...record,
        detail: {
          ...record.detail,
          ...(stamped.length > 0
            ? {
                settled: stamped.map((s) => ({
                  action: s.action,
                  resultVersion: s.resultVersion,
                  bets: s.bets,
                  paid: s.paid,
                  clawedBack: s.clawedBack,
                })),
              }
            : {}),
        },
      });
    });
  }

  // ---- views ----------------------------------------------------------------------------------------

  private rowView(l: ListedFixture, offered: number, lang: LanguageCode): AdminSportsFixtureRow {
    const f = l.fixture;
    return {
      id: f.id,
      sport: f.sport as Sport,
      kind: f.kind as AdminSportsFixtureRow['kind'],
      competitionId: f.competitionId,
      competition: lang === 'en' ? l.competition.nameEn : l.competition.namePt,
      home: f.home,
      away: f.away,
      startsAt: f.startsAt.getTime(),
      bestOf: f.bestOf,
      status: f.status as AdminSportsFixtureRow['status'],
      suspended: f.suspended,
      source: f.source,
      score: f.live ? [f.live.score[0], f.live.score[1]] : null,
      resultVersion: f.resultVersion,
      hasResult: f.result !== null,
      marketCount: offered,
      liability: l.liability,
      stake: l.stake,
      bets: l.bets,
    };
  }

  private marketView(m: AdminMarketRow): AdminSportsMarket {
    return {
      id: m.id,
      spec: m.spec as AdminSportsMarket['spec'],
      status: m.status as AdminSportsMarket['status'],
      version: m.version,
      manual: m.manual,
      outcomes: outcomeKeys(m.spec).map((key) => {
        const f = m.factors?.[key];
        return { key, price: m.prices[key] ?? null, result: f ? factorKind(f) : null };
      }),
      voidReason: m.voidReason,
    };
  }

  private async listedOf(ctx: OperatorContext, id: number) {
    const listed = await this.repo.fixture(ctx.brand.id, id);
    if (!listed) throw new AppError('SPORTS_FIXTURE_NOT_FOUND');
    return listed;
  }

  private async detail(ctx: OperatorContext, id: number, lang: LanguageCode): Promise<AdminSportsFixture> {
    const listed = await this.listedOf(ctx, id);
    const markets = await this.repo.markets([id]);
    const f = listed.fixture;
    const offered = markets.filter((m) => TAKING_BETS.includes(m.status)).length;
    const result = f.result ? (f.result as SportsResult) : null;
    return {
      ...this.rowView(listed, offered, lang),
      marginBp: listed.competition.marginBp,
      live: f.live ?? null,
      result,
      voidReason: f.voidReason,
      markets: markets.map((m) => this.marketView(m)),
    };
  }

  // ---- fixtures -------------------------------------------------------------------------------------

  async fixtures(
    ctx: OperatorContext,
    q: { sport?: Sport; status?: string; from?: number; to?: number; q?: string; limit: number },
    lang: LanguageCode,
  ) {
    this.read(ctx);
    const rows = await this.repo.fixtures(
      ctx.brand.id,
      {
        ...(q.sport ? { sport: q.sport } : {}),
        ...(q.status ? { status: q.status } : {}),
        ...(q.from !== undefined ? { from: new Date(q.from) } : {}),
        ...(q.to !== undefined ? { to: new Date(q.to) } : {}),
        ...(q.q ? { q: q.q } : {}),
      },
      q.limit,
    );
    const offered = await this.repo.offered(rows.map((r) => r.fixture.id));
    return {
      now: Date.now(),
      currency: ctx.brand.currency,
      fixtures: rows.map((r) => this.rowView(r, offered.get(r.fixture.id) ?? 0, lang)),
    };
  }

  async fixture(ctx: OperatorContext, id: number, lang: LanguageCode) {
    this.read(ctx);
    return this.detail(ctx, id, lang);
  }

  /** A unique code for a new competition of the brand. */
  private async newCode(ctx: OperatorContext, name: string) {
    const taken = new Set((await this.repo.competitions(ctx.brand.id)).map((c) => c.code));
    const base = codeOf(name);
    let code = base;
    for (let n = 2; taken.has(code); n++) code = `${base}-${n}`;
    return code;
  }

  /** Prices of the template's markets from a model of the match, with the competition's margin. */
  private modelPrices(sport: Sport, bestOf: number, model: { home: number; away: number }, marginBp: number) {
    const specs = marketTemplate(sport, bestOf);
    if (sport === 'football') {
      const ok = (x: number) => x >= 0.05 && x <= 8;
      if (!ok(model.home) || !ok(model.away)) throw new AppError('SPORTS_MODEL_INVALID');
      return priceMarkets('football', { home: model.home, away: model.away }, null, specs, marginBp);
    }
    return priceMarkets(
      sport as EsportsSport,
      { home: model.home, away: model.away, bestOf },
      null,
      specs,
      marginBp,
    );
  }

  /** The event an operator's request id made (source `operator`), as a retry answers it; null if none. */
  private async madeBy(ctx: OperatorContext, externalId: string, lang: LanguageCode) {
    const made = await this.repo.byExternal(ctx.brand.id, 'operator', externalId);
    return made ? this.detail(ctx, made.id, lang) : null;
  }

  /** The competition a new event goes in: one of the sport's, or a new one with the names typed. */
  private async competitionFor(
    ctx: OperatorContext,
    sport: Sport,
    body: Pick<CreateSportsFixtureBody, 'competitionId' | 'competition'>,
  ): Promise<{ competition: AdminCompetitionRow | null; feedCompetition: FeedCompetition }> {
    if (body.competitionId !== undefined) {
      const competition = await this.repo.competition(ctx.brand.id, body.competitionId);
      if (!competition || competition.sport !== sport) throw new AppError('SPORTS_COMPETITION_NOT_FOUND');
      return {
        competition,
        feedCompetition: {
          code: competition.code,
          sport,
          namePt: competition.namePt,
          nameEn: competition.nameEn,
          country: competition.country,
          priority: competition.priority,
        },
      };
    }
    if (!body.competition) throw new AppError('SPORTS_COMPETITION_NOT_FOUND');
    return {
      competition: null,
      feedCompetition: {
        code: await this.newCode(ctx, body.competition.nameEn),
        sport,
        namePt: body.competition.namePt,
        nameEn: body.competition.nameEn,
        country: body.competition.country ? body.competition.country.toUpperCase() : null,
      },
    };
  }

  /**
   * An operator's own fixture (source `operator`): its competition (one of the sport's, or a new one with
   * its names), teams, start and best-of, and the sport's template of markets with the prices typed or
   * priced from a model; markets with no price are not offered. Once per request id: a retry answers the
   * fixture the first made.
   */
  async create(ctx: OperatorContext, body: CreateSportsFixtureBody, lang: LanguageCode) {
    this.manage(ctx);
    const sport = body.sport as Sport;
    const esports = sport !== 'football';
    const bestOf = esports ? (body.bestOf ?? 3) : undefined;
    const externalId = `${ctx.operator.id}:${body.requestId}`;
    const made = await this.madeBy(ctx, externalId, lang);
    if (made) return made;

    const { competition, feedCompetition } = await this.competitionFor(ctx, sport, body);

    const template = marketTemplate(sport, bestOf ?? 1);
    let priced: Array<{ spec: MarketSpec; prices: Record<string, number | null> }>;
    if (body.model) {
      priced = this.modelPrices(
        sport,
        bestOf ?? 1,
        body.model,
        competition?.marginBp ?? NEW_COMPETITION_MARGIN_BP,
      );
    } else {
      // Only the template's markets: a typed spec the template lacks is not offered.
      const typed = new Map((body.markets ?? []).map((m) => [specKeyOf(m.spec as MarketSpec), m.prices]));
      priced = template.map((spec) => ({ spec, prices: typed.get(specKeyOf(spec)) ?? {} }));
    }
    const markets = priced
      .map((m) => ({
        spec: m.spec,
        prices: Object.fromEntries(outcomeKeys(m.spec).map((k) => [k, m.prices[k] ?? null])),
      }))
      .filter((m) => Object.values(m.prices).some((p) => p !== null));
    if (markets.length === 0) throw new AppError('SPORTS_NO_PRICES');

    const row = await this.feed.apply(ctx.brand, 'operator', {
      type: 'fixture',
      externalId,
      competition: feedCompetition,
      home: body.home,
      away: body.away,
      startsAt: body.startsAt,
      ...(bestOf !== undefined ? { bestOf } : {}),
      markets,
    });
    // Null: the same request made it at the same moment; the first one wrote the audit row.
    if (!row) {
      const again = await this.madeBy(ctx, externalId, lang);
      if (!again) throw new AppError('SPORTS_FIXTURE_NOT_FOUND');
      return again;
    }
    await this.auditAfter(ctx, {
      action: 'sports_fixture_create',
      target: `#${row.id} ${eventName(row)}`,
      after: {
        competition: feedCompetition.nameEn,
        sport,
        startsAt: new Date(body.startsAt).toISOString(),
        bestOf: bestOf ?? null,
        markets: markets.length,
        priced: body.model ? { model: body.model } : 'typed',
      },
      detail: { requestId: body.requestId },
    });
    return this.detail(ctx, row.id, lang);
  }

  /**
   * An operator's outright (source `operator`, docs/sports.md "Outrights"): its competitors, when betting
   * closes, and a market per number of places paid, at the prices typed (a competitor without a price is
   * not offered on that market). Once per request id, like a fixture.
   */
  async createOutright(ctx: OperatorContext, body: CreateSportsOutrightBody, lang: LanguageCode) {
    this.manage(ctx);
    const sport = body.sport as Sport;
    const externalId = `${ctx.operator.id}:${body.requestId}`;
    const made = await this.madeBy(ctx, externalId, lang);
    if (made) return made;
    if (body.closesAt <= Date.now()) throw new AppError('SPORTS_OUTRIGHT_INVALID');
    const competitors = body.competitors.map((c) => c.trim());
    const places = body.markets.map((m) => m.places);
    if (new Set(places).size !== places.length) throw new AppError('SPORTS_OUTRIGHT_INVALID');
    const markets = body.markets.map((m) => {
      const spec: MarketSpec = { type: 'outright', places: m.places, competitors };
      if (checkMarketSpec(spec, sport) !== null) throw new AppError('SPORTS_OUTRIGHT_INVALID');
      return { spec, prices: Object.fromEntries(competitors.map((c) => [c, m.prices[c] ?? null])) };
    });
    // Each market offers at least two competitors: one priced alone is not a market.
    if (markets.some((m) => Object.values(m.prices).filter((p) => p !== null).length < 2))
      throw new AppError('SPORTS_NO_PRICES');
    const { feedCompetition } = await this.competitionFor(ctx, sport, body);
    const row = await this.feed.apply(ctx.brand, 'operator', {
      type: 'outright',
      externalId,
      competition: feedCompetition,
      name: body.name,
      closesAt: body.closesAt,
      markets,
    });
    // Null: the same request made it at the same moment; the first one wrote the audit row.
    if (!row) {
      const again = await this.madeBy(ctx, externalId, lang);
      if (!again) throw new AppError('SPORTS_FIXTURE_NOT_FOUND');
      return again;
    }
    await this.auditAfter(ctx, {
      action: 'sports_outright_create',
      target: `#${row.id} ${eventName(row)}`,
      after: {
        competition: feedCompetition.nameEn,
        sport,
        closesAt: new Date(body.closesAt).toISOString(),
        competitors: competitors.length,
        places,
      },
      detail: { requestId: body.requestId },
    });
    return this.detail(ctx, row.id, lang);
  }

  /** A fixture the operator may still trade (scheduled or live), with its source's id. */
  private async tradable(ctx: OperatorContext, id: number) {
    const listed = await this.listedOf(ctx, id);
    const f = listed.fixture;
    if (!OPEN_FIXTURE.includes(f.status) || !f.externalId) throw new AppError('SPORTS_NOT_CHANGEABLE');
    return f as AdminFixtureRow & { externalId: string };
  }

  private async marketOf(ctx: OperatorContext, marketId: number) {
    const market = await this.repo.market(ctx.brand.id, marketId);
    if (!market) throw new AppError('MARKET_NOT_FOUND');
    return market;
  }

  /**
   * New prices for one market (every outcome: one left out is not offered), sent through the fixture's
   * own source so its version moves on like any feed's; a suspended market stays suspended. On a fixture
   * of the simulator or a feed the market is then held at the operator's prices (its source moves only
   * its status) until `follow` gives it back.
   */
  async price(
    ctx: OperatorContext,
    body: {
      marketId: number;
      prices: Record<string, number | null>;
      follow?: boolean | undefined;
      requestId: string;
    },
    lang: LanguageCode,
  ) {
    this.manage(ctx);
    const market = await this.marketOf(ctx, body.marketId);
    const f = await this.tradable(ctx, market.fixtureId);
    if (!TAKING_BETS.includes(market.status)) throw new AppError('SPORTS_NOT_CHANGEABLE');
    const sourced = f.source !== 'operator';
    if (body.follow) {
      if (!sourced || !market.manual) return this.detail(ctx, f.id, lang);
      await this.feed.apply(ctx.brand, f.source, {
        type: 'prices',
        externalId: f.externalId,
        manual: false,
        markets: [
          {
            spec: market.spec,
            prices: pricesOf(market),
            status: market.status === 'suspended' ? 'suspended' : 'open',
          },
        ],
      });
      await this.auditAfter(ctx, {
        action: 'sports_prices_follow',
        target: `#${f.id} ${eventName(f)}`,
        before: { manual: true },
        after: { manual: false },
        detail: { market: market.id, spec: market.spec, source: f.source, requestId: body.requestId },
      });
      return this.detail(ctx, f.id, lang);
    }
    const before = pricesOf(market);
    const after = Object.fromEntries(outcomeKeys(market.spec).map((k) => [k, body.prices[k] ?? null]));
    if (Object.values(after).every((p) => p === null)) throw new AppError('SPORTS_NO_PRICES');
    if (canonical(before) !== canonical(after)) {
      await this.feed.apply(ctx.brand, f.source, {
        type: 'prices',
        externalId: f.externalId,
        ...(sourced ? { manual: true } : {}),
        markets: [
          {
            spec: market.spec,
            prices: after,
            status: market.status === 'suspended' ? 'suspended' : 'open',
          },
        ],
      });
      await this.auditAfter(ctx, {
        action: 'sports_prices',
        target: `#${f.id} ${eventName(f)}`,
        before,
        after,
        detail: { market: market.id, spec: market.spec, requestId: body.requestId },
      });
    }
    return this.detail(ctx, f.id, lang);
  }

  /**
   * A market the fixture does not offer yet: valid for its sport and kind (a line in quarters, a map
   * within the best-of), at least two outcomes priced; added through the fixture's source, held at the
   * operator's prices on a fixture of the simulator or a feed. A retry finds it there and answers the same.
   */
  async addMarket(
    ctx: OperatorContext,
    body: { fixtureId: number; spec: MarketSpec; prices: Record<string, number | null>; requestId: string },
    lang: LanguageCode,
  ) {
    this.manage(ctx);
    const f = await this.tradable(ctx, body.fixtureId);
    const spec = body.spec;
    if (
      (spec.type === 'outright') !== (f.kind === 'outright') ||
      checkMarketSpec(spec, f.sport as Sport, f.bestOf ?? 1)
    )
      throw new AppError('SPORTS_MARKET_INVALID');
    const existing = (await this.repo.markets([f.id])).find((m) => m.specKey === specKeyOf(spec));
    if (existing) {
      if (
        canonical(pricesOf(existing)) === canonical(this.typedPrices(spec, body.prices)) &&
        existing.manual === (f.source !== 'operator')
      )
        return this.detail(ctx, f.id, lang);
      throw new AppError('SPORTS_MARKET_EXISTS');
    }
    const prices = this.typedPrices(spec, body.prices);
    if (Object.values(prices).filter((p) => p !== null).length < 2) throw new AppError('SPORTS_NO_PRICES');
    await this.feed.apply(ctx.brand, f.source, {
      type: 'prices',
      externalId: f.externalId,
      ...(f.source !== 'operator' ? { manual: true } : {}),
      markets: [{ spec, prices, status: 'open' }],
    });
    await this.auditAfter(ctx, {
      action: 'sports_market_add',
      target: `#${f.id} ${eventName(f)}`,
      after: prices,
      detail: { spec, requestId: body.requestId },
    });
    return this.detail(ctx, f.id, lang);
  }

  private typedPrices(spec: MarketSpec, typed: Record<string, number | null>) {
    return Object.fromEntries(outcomeKeys(spec).map((k) => [k, typed[k] ?? null]));
  }

  /** Stops (or resumes) betting on one market, its prices kept. */
  async suspendMarket(
    ctx: OperatorContext,
    body: { marketId: number; suspended: boolean; requestId: string },
    lang: LanguageCode,
  ) {
    this.manage(ctx);
    const market = await this.marketOf(ctx, body.marketId);
    const f = await this.tradable(ctx, market.fixtureId);
    if (!TAKING_BETS.includes(market.status)) throw new AppError('SPORTS_NOT_CHANGEABLE');
    if ((market.status === 'suspended') !== body.suspended) {
      await this.feed.apply(ctx.brand, f.source, {
        type: 'prices',
        externalId: f.externalId,
        markets: [
          { spec: market.spec, prices: pricesOf(market), status: body.suspended ? 'suspended' : 'open' },
        ],
      });
      await this.auditAfter(ctx, {
        action: body.suspended ? 'sports_market_suspend' : 'sports_market_resume',
        target: `#${f.id} ${eventName(f)}`,
        before: { status: market.status },
        after: { status: body.suspended ? 'suspended' : 'open' },
        detail: { market: market.id, spec: market.spec, requestId: body.requestId },
      });
    }
    return this.detail(ctx, f.id, lang);
  }

  /** Stops (or resumes) betting on the whole fixture: every market still taking part goes with it. */
  async suspendFixture(
    ctx: OperatorContext,
    body: { id: number; suspended: boolean; requestId: string },
    lang: LanguageCode,
  ) {
    this.manage(ctx);
    const f = await this.tradable(ctx, body.id);
    if (f.suspended !== body.suspended) {
      await this.feed.apply(ctx.brand, f.source, {
        type: 'suspend',
        externalId: f.externalId,
        suspended: body.suspended,
      });
      await this.auditAfter(ctx, {
        action: body.suspended ? 'sports_fixture_suspend' : 'sports_fixture_resume',
        target: `#${f.id} ${eventName(f)}`,
        before: { suspended: f.suspended },
        after: { suspended: body.suspended },
        detail: { requestId: body.requestId },
      });
    }
    return this.detail(ctx, f.id, lang);
  }

  /**
   * The fixture is live with this score (from now on bets on it are in-play, held for the sport's delay);
   * a football goal adds its event to the timeline members read.
   */
  async live(
    ctx: OperatorContext,
    body: {
      id: number;
      score: [number, number];
      minute?: number | null | undefined;
      phase?: string | undefined;
      corners?: [number, number] | undefined;
      cards?: [number, number] | undefined;
      map?: number | undefined;
      mapScore?: [number, number] | undefined;
      requestId: string;
    },
    lang: LanguageCode,
  ) {
    this.manage(ctx);
    const f = await this.tradable(ctx, body.id);
    // An outright is never "live": its betting closes at its time and its result is the standings.
    if (f.kind === 'outright') throw new AppError('SPORTS_NOT_CHANGEABLE');
    const prev = f.live ?? null;
    const football = f.sport === 'football';
    if (!football && (body.score[0] + body.score[1] > (f.bestOf ?? 1) || (body.map ?? 1) > (f.bestOf ?? 1)))
      throw new AppError('SPORTS_RESULT_INVALID');
    const minute = football ? (body.minute ?? prev?.minute ?? 0) : null;
    const events: FixtureEvent[] = [...(prev?.events ?? [])];
    if (football) {
      const was = prev?.score ?? [0, 0];
      const at = minute ?? 0;
      let [h, a] = was;
      for (; h < body.score[0]; h++) events.push({ at, type: 'goal', side: 'home', detail: `${h + 1}-${a}` });
      for (; a < body.score[1]; a++)
        events.push({ at, type: 'goal', side: 'away', detail: `${body.score[0]}-${a + 1}` });
    }
    const live: LiveState = football
      ? {
          phase: body.phase ?? prev?.phase ?? 'first_half',
          minute,
          score: body.score,
          map: null,
          mapScore: null,
          corners: body.corners ?? prev?.corners ?? [0, 0],
          cards: body.cards ?? prev?.cards ?? [0, 0],
          events,
        }
      : {
          phase: body.phase ?? prev?.phase ?? 'map',
          minute: null,
          score: body.score,
          map: body.map ?? prev?.map ?? 1,
          mapScore: body.mapScore ?? prev?.mapScore ?? [0, 0],
          corners: null,
          cards: null,
          events,
        };
    if (f.status === 'live' && canonical(prev) === canonical(live)) return this.detail(ctx, f.id, lang);
    await this.feed.apply(ctx.brand, f.source, { type: 'live', externalId: f.externalId, live });
    await this.auditAfter(ctx, {
      action: 'sports_live',
      target: `#${f.id} ${eventName(f)}`,
      before: { status: f.status, score: prev?.score ?? null, minute: prev?.minute ?? null },
      after: { status: 'live', score: live.score, minute: live.minute, map: live.map },
      detail: { requestId: body.requestId },
    });
    return this.detail(ctx, f.id, lang);
  }

  /**
   * The result: every market settles on it (bets paid once each); entered again with other figures it is
   * a correction, each bet paid or taken back the difference. The same result sent again changes nothing.
   */
  async result(
    ctx: OperatorContext,
    body: { id: number; result: SportsResultBody; reason?: string | undefined; requestId: string },
    lang: LanguageCode,
  ) {
    this.manage(ctx);
    const listed = await this.listedOf(ctx, body.id);
    const f = listed.fixture;
    if (f.status === 'cancelled' || !f.externalId) throw new AppError('SPORTS_NOT_CHANGEABLE');
    const result =
      f.kind === 'outright' ? await this.standingsOf(f.id, body.result) : checkResult(f, body.result);
    if (f.result && canonical(f.result) === canonical(result)) return this.detail(ctx, f.id, lang);
    const prev = f.live ?? null;
    const score: [number, number] =
      result.sport === 'football'
        ? [result.ft[0], result.ft[1]]
        : 'maps' in result
          ? [
              result.maps.filter((m) => m.winner === 'home').length,
              result.maps.filter((m) => m.winner === 'away').length,
            ]
          : [0, 0];
    const live: LiveState | null =
      result.sport === 'outright'
        ? null
        : result.sport === 'football'
          ? {
              phase: 'ended',
              minute: 90,
              score,
              map: null,
              mapScore: null,
              corners: [result.corners[0], result.corners[1]],
              cards: [result.cards[0], result.cards[1]],
              events: prev?.events ?? [],
            }
          : {
              phase: 'ended',
              minute: null,
              score,
              map: null,
              mapScore: null,
              corners: null,
              cards: null,
              events: prev?.events ?? [],
            };
    const corrected = f.result !== null;
    const afterId = await this.repo.lastSettlement(ctx.brand.id, f.id);
    await this.feed.apply(ctx.brand, f.source, {
      type: 'result',
      externalId: f.externalId,
      result,
      ...(live ? { live } : {}),
    });
    await this.auditAfter(
      ctx,
      {
        action: corrected ? 'sports_result_correct' : 'sports_result',
        target: `#${f.id} ${eventName(f)}`,
        ...(body.reason ? { reason: body.reason } : {}),
        before: f.result,
        after: result,
        detail: { requestId: body.requestId },
      },
      { fixtureId: f.id, afterId, reason: body.reason ?? null },
    );
    return this.detail(ctx, f.id, lang);
  }

  /** An outright's standings checked against its markets: its competitors, enough placed for each market. */
  private async standingsOf(fixtureId: number, body: SportsResultBody): Promise<Result> {
    if (body.sport !== 'outright') throw new AppError('SPORTS_STANDINGS_INVALID');
    const specs = (await this.repo.markets([fixtureId]))
      .map((m) => m.spec)
      .filter((s): s is Extract<MarketSpec, { type: 'outright' }> => s.type === 'outright');
    const competitors = specs[0]?.competitors ?? [];
    const maxPlaces = Math.max(1, ...specs.map((s) => s.places));
    const standings = body.standings.map((g) => g.map((c) => c.trim()));
    const nonRunners = (body.nonRunners ?? []).map((c) => c.trim());
    const problem = checkStandings(competitors, maxPlaces, { standings, nonRunners });
    if (problem) throw new AppError(problem);
    return { sport: 'outright', standings, ...(nonRunners.length ? { nonRunners } : {}) };
  }

  /** A result entered by mistake: the bets it settled open again, what they were paid taken back. */
  async withdrawResult(
    ctx: OperatorContext,
    body: { id: number; reason: string; requestId: string },
    lang: LanguageCode,
  ) {
    this.manage(ctx);
    const listed = await this.listedOf(ctx, body.id);
    const f = listed.fixture;
    if (f.status === 'cancelled') throw new AppError('SPORTS_NOT_CHANGEABLE');
    // No result standing: nothing to withdraw (a retry of one that went through answers the same).
    if (f.result === null) return this.detail(ctx, f.id, lang);
    const outcome = await this.settlement.withdrawResult(ctx.brand, f.id, {
      operatorId: ctx.operator.id,
      reason: body.reason,
    });
    await this.auditAfter(ctx, {
      action: 'sports_result_withdraw',
      target: `#${f.id} ${eventName(f)}`,
      reason: body.reason,
      before: f.result,
      after: null,
      detail: { ...outcome, requestId: body.requestId },
    });
    return this.detail(ctx, f.id, lang);
  }

  /** Calls a fixture off: every market void, every stake back, with the reason players read. */
  async cancel(
    ctx: OperatorContext,
    body: { id: number; reason: string; requestId: string },
    lang: LanguageCode,
  ) {
    this.manage(ctx);
    const listed = await this.listedOf(ctx, body.id);
    const f = listed.fixture;
    if (f.status === 'cancelled') {
      if (f.voidReason === body.reason) return this.detail(ctx, f.id, lang);
      throw new AppError('SPORTS_NOT_CHANGEABLE');
    }
    if (!f.externalId) throw new AppError('SPORTS_NOT_CHANGEABLE');
    const afterId = await this.repo.lastSettlement(ctx.brand.id, f.id);
    await this.feed.apply(ctx.brand, f.source, {
      type: 'cancel',
      externalId: f.externalId,
      reason: body.reason,
    });
    await this.auditAfter(
      ctx,
      {
        action: 'sports_fixture_cancel',
        target: `#${f.id} ${eventName(f)}`,
        reason: body.reason,
        before: { status: f.status, result: f.result },
        after: { status: 'cancelled' },
        detail: { requestId: body.requestId },
      },
      { fixtureId: f.id, afterId, reason: body.reason },
    );
    return this.detail(ctx, f.id, lang);
  }

  /** Voids one market: every bet on it gets its stake back on that leg, with the reason players read. */
  async voidMarket(
    ctx: OperatorContext,
    body: { marketId: number; reason: string; requestId: string },
    lang: LanguageCode,
  ) {
    this.manage(ctx);
    const market = await this.marketOf(ctx, body.marketId);
    const listed = await this.listedOf(ctx, market.fixtureId);
    const f = listed.fixture;
    if (market.status === 'void') {
      if (market.voidReason === body.reason) return this.detail(ctx, f.id, lang);
      throw new AppError('SPORTS_NOT_CHANGEABLE');
    }
    const outcome = await this.settlement.voidMarket(ctx.brand, market.id, body.reason, {
      operatorId: ctx.operator.id,
      reason: body.reason,
    });
    await this.auditAfter(ctx, {
      action: 'sports_market_void',
      target: `#${f.id} ${eventName(f)}`,
      reason: body.reason,
      before: { status: market.status, prices: pricesOf(market) },
      after: { status: 'void' },
      detail: { market: market.id, spec: market.spec, ...outcome, requestId: body.requestId },
    });
    return this.detail(ctx, f.id, lang);
  }

  // ---- exposure, bets, settlement log ---------------------------------------------------------------

  /** The events with the most open liability. */
  async exposure(ctx: OperatorContext, lang: LanguageCode) {
    this.read(ctx);
    const rows = await this.repo.topEvents(ctx.brand.id, 50);
    return {
      now: Date.now(),
      currency: ctx.brand.currency,
      events: rows.map((r) => {
        const v = this.rowView(r, 0, lang);
        return {
          id: v.id,
          sport: v.sport,
          competition: v.competition,
          home: v.home,
          away: v.away,
          startsAt: v.startsAt,
          status: v.status,
          suspended: v.suspended,
          score: v.score,
          liability: v.liability,
          stake: v.stake,
          bets: v.bets,
        };
      }),
    };
  }

  /** One event's markets with bets: each outcome's price, liability, stake and bets. */
  async eventExposure(ctx: OperatorContext, id: number, lang: LanguageCode) {
    this.read(ctx);
    const listed = await this.listedOf(ctx, id);
    const [markets, exposure, offered] = await Promise.all([
      this.repo.markets([id]),
      this.repo.marketExposure(ctx.brand.id, id),
      this.repo.offered([id]),
    ]);
    const byMarket = new Map<number, Map<string, { liability: number; stake: number; bets: number }>>();
    for (const e of exposure) {
      const m = byMarket.get(e.marketId) ?? new Map();
      m.set(e.key, { liability: e.liability, stake: e.stake, bets: e.bets });
      byMarket.set(e.marketId, m);
    }
    const views = markets
      .filter((m) => byMarket.has(m.id))
      .map((m) => {
        const figures = byMarket.get(m.id)!;
        return {
          id: m.id,
          spec: m.spec as AdminSportsMarket['spec'],
          status: m.status as AdminSportsMarket['status'],
          outcomes: outcomeKeys(m.spec).map((key) => ({
            key,
            price: m.prices[key] ?? null,
            ...(figures.get(key) ?? { liability: 0, stake: 0, bets: 0 }),
          })),
        };
      })
      .sort(
        (a, b) =>
          Math.max(...b.outcomes.map((o) => o.liability)) - Math.max(...a.outcomes.map((o) => o.liability)),
      );
    return {
      now: Date.now(),
      currency: ctx.brand.currency,
      fixture: this.rowView(listed, offered.get(id) ?? 0, lang),
      markets: views,
    };
  }

  /** Bets by id, member or fixture (and status), newest first, with their legs. */
  async bets(
    ctx: OperatorContext,
    q: { id?: number; username?: string; fixtureId?: number; status?: string; limit: number },
    lang: LanguageCode,
  ) {
    this.read(ctx);
    let memberId: number | undefined;
    if (q.username) {
      const member = await this.ports.members.byUsername(ctx.brand.id, q.username.trim().toLowerCase());
      if (!member) return { currency: ctx.brand.currency, bets: [] };
      memberId = member.id;
    }
    const rows = await this.repo.bets(
      ctx.brand.id,
      {
        ...(q.id ? { id: q.id } : {}),
        ...(memberId ? { memberId } : {}),
        ...(q.fixtureId ? { fixtureId: q.fixtureId } : {}),
        ...(q.status ? { status: q.status } : {}),
      },
      q.limit,
    );
    const legs = await this.repo.legsOf(rows.map((r) => r.id));
    const [fixtures, markets, competitions, names] = await Promise.all([
      this.repo.fixturesByIds(ctx.brand.id, [...new Set(legs.map((l) => l.fixtureId))]),
      this.repo.marketsByIds(ctx.brand.id, [...new Set(legs.map((l) => l.marketId))]),
      this.repo.competitions(ctx.brand.id),
      this.ports.members.usernames([...new Set(rows.map((r) => r.memberId))]),
    ]);
    const views = betViews(
      rows,
      legs,
      new Map(fixtures.map((f) => [f.id, f])),
      new Map(markets.map((m) => [m.id, m])),
      new Map(competitions.map((c) => [c.id, c])),
      lang,
    );
    const bets: AdminSportsBet[] = views.map((v, i) => ({
      ...v,
      username: names.get(rows[i]!.memberId) ?? '',
      owed: rows[i]!.owed,
      settleVersion: rows[i]!.settleVersion,
    }));
    return { currency: ctx.brand.currency, bets };
  }

  /** A fixture's settlement log: every settle, correction, rollback and void, newest first. */
  async settlements(ctx: OperatorContext, fixtureId: number) {
    this.read(ctx);
    await this.listedOf(ctx, fixtureId);
    const [rows, names] = await Promise.all([
      this.repo.settlements(ctx.brand.id, fixtureId, 200),
      this.ports.operatorNames(ctx.brand.id),
    ]);
    return {
      currency: ctx.brand.currency,
      entries: rows.map((r) => ({
        id: r.id,
        marketId: r.marketId,
        action: r.action as 'settle' | 'resettle' | 'rollback' | 'void',
        resultVersion: r.resultVersion,
        bets: r.bets,
        paid: r.paid,
        clawedBack: r.clawedBack,
        operator: r.operatorId === null ? null : (names.get(r.operatorId) ?? `#${r.operatorId}`),
        reason: r.reason,
        createdAt: r.createdAt.getTime(),
      })),
    };
  }

  // ---- margins and limits ---------------------------------------------------------------------------

  async competitions(ctx: OperatorContext): Promise<{ competitions: AdminSportsCompetition[] }> {
    this.read(ctx);
    const rows = await this.repo.competitions(ctx.brand.id);
    return {
      competitions: rows.map((c) => ({
        id: c.id,
        sport: c.sport as Sport,
        code: c.code,
        namePt: c.namePt,
        nameEn: c.nameEn,
        country: c.country,
        priority: c.priority,
        marginBp: c.marginBp,
        enabled: c.enabled,
        source: c.source,
      })),
    };
  }

  /** A competition's margin and switch, with its audit row in the same transaction. */
  async saveCompetition(
    ctx: OperatorContext,
    body: { id: number; marginBp: number; enabled: boolean; reason: string; requestId: string },
  ) {
    this.manage(ctx);
    const before = await this.repo.competition(ctx.brand.id, body.id);
    if (!before) throw new AppError('SPORTS_COMPETITION_NOT_FOUND');
    if (before.marginBp !== body.marginBp || before.enabled !== body.enabled) {
      await this.repo.transaction(async (tx) => {
        await this.repo.saveCompetition(tx, ctx.brand.id, body.id, {
          marginBp: body.marginBp,
          enabled: body.enabled,
        });
        await this.ports.backoffice.withAudit(ctx)(tx, {
          action: 'sports_competition',
          target: `${before.code} ${before.nameEn}`,
          reason: body.reason,
          before: { marginBp: before.marginBp, enabled: before.enabled },
          after: { marginBp: body.marginBp, enabled: body.enabled },
          detail: { requestId: body.requestId },
        });
      });
      this.sports.competitionsChanged();
    }
    return this.competitions(ctx);
  }

  async limits(ctx: OperatorContext) {
    this.read(ctx);
    const rows = await this.repo.limits(ctx.brand.id);
    const own = new Set(rows.map((r) => r.sport));
    const all: LimitsSport[] = ['*', ...SPORTS];
    return {
      currency: ctx.brand.currency,
      limits: all.map((sport) => ({
        sport,
        own: own.has(sport),
        ...(sport === '*' && !own.has('*') ? DEFAULT_LIMITS['*'] : limitsFor(rows, sport)),
      })),
    };
  }

  /**
   * A sport's limits (or `*`, every sport without its own), or a sport's own row removed, with the audit
   * row in the same transaction. A stake range upside down, or a maximum stake above the maximum payout,
   * is refused (LIMITS_INCONSISTENT).
   */
  async saveLimits(
    ctx: OperatorContext,
    body: { sport: LimitsSport; limits: SportsLimitsBody | null; reason: string; requestId: string },
  ) {
    this.manage(ctx);
    const l = body.limits;
    if (l && (l.minStake > l.maxStake || l.maxStake > l.maxPayout)) throw new AppError('LIMITS_INCONSISTENT');
    if (!l && body.sport === '*') throw new AppError('LIMITS_INCONSISTENT');
    const current = await this.limits(ctx);
    const before = current.limits.find((x) => x.sport === body.sport)!;
    const { sport: _sport, own: _own, ...figures } = before;
    // The same limits saved again (a retry) change nothing and write nothing.
    if (l && before.own && canonical(figures) === canonical(l)) return current;
    await this.repo.transaction(async (tx) => {
      if (l) await this.repo.saveLimits(tx, { brandId: ctx.brand.id, sport: body.sport, ...l });
      else if (!(await this.repo.removeLimits(tx, ctx.brand.id, body.sport))) return;
      await this.ports.backoffice.withAudit(ctx)(tx, {
        action: 'sports_limits',
        target: body.sport,
        reason: body.reason,
        before: before.own ? figures : null,
        after: l,
        detail: { requestId: body.requestId },
      });
    });
    this.sports.limitsChanged();
    return this.limits(ctx);
  }
}
