import type { LiveState } from '../../../src/api/contract/sports';
import { checkMarketSpec, type MarketSpec, outcomeKeys, type Sport } from '../../../src/sports/model';
import { isPrice } from '../../../src/sports/price';
import type { Result } from '../../../src/sports/settle';
import { AppError } from '../../http/app-error';
import type { Brand } from '../brand/brand.service';
import type { FixtureRow, SportsRepository } from './sports.repository';
import type { SportsSettlement } from './sports-settlement.service';
import { specKeyOf } from './sports-views';

/**
 * The feed adapter interface (docs/sports.md, "Sources"): what any source of fixtures, prices and results
 * sends the book. The operator's back office, the built-in simulator and a real odds feed all speak it, so
 * the book has one market model whatever feeds it. A real feed's adapter turns its provider's messages
 * into these and calls `SportsFeed.apply`; ids are the provider's own (`externalId`).
 */
export interface FeedCompetition {
  code: string;
  sport: Sport;
  namePt: string;
  nameEn: string;
  country: string | null;
  /** Lower first on the lobby. */
  priority?: number;
}

export interface FeedMarket {
  spec: MarketSpec;
  /** Each outcome's price in ten-thousandths; a missing or null outcome is not offered. */
  prices: Record<string, number | null>;
  /** open unless said; suspended stops bets until prices come again. */
  status?: 'open' | 'suspended';
}

export type FeedMessage =
  | {
      type: 'fixture';
      externalId: string;
      competition: FeedCompetition;
      home: string;
      away: string;
      startsAt: number;
      bestOf?: number;
      markets: FeedMarket[];
    }
  /**
   * An outright: where competitors finish a whole competition (docs/sports.md, "Outrights"). Betting on
   * it closes at `closesAt`; its markets are `outright` markets, each over the same competitors; its
   * result is a `result` message with the finishing order.
   */
  | {
      type: 'outright';
      externalId: string;
      competition: FeedCompetition;
      name: string;
      closesAt: number;
      markets: FeedMarket[];
    }
  /**
   * New prices for some markets (others keep theirs); a market the fixture lacks is added when it is one
   * of its kind and sport (a new line). A market the operator priced by hand keeps its prices (its status
   * follows) until the operator's own message (`manual`) gives it back.
   */
  | { type: 'prices'; externalId: string; markets: FeedMarket[]; manual?: boolean }
  /** The match started or moved on: its live state (score, clock, events). */
  | { type: 'live'; externalId: string; live: LiveState }
  /** Betting on the whole event stops or resumes (a goal under review, a VAR check). */
  | { type: 'suspend'; externalId: string; suspended: boolean }
  /** The result, first or corrected: markets settle (again) on it. */
  | { type: 'result'; externalId: string; result: Result; live?: LiveState }
  /** A result sent by mistake: the bets it settled open again. */
  | { type: 'withdraw_result'; externalId: string }
  /** Called off before a result (cancelled, postponed): every market is void. */
  | { type: 'cancel'; externalId: string; reason: string };

/** A source the book listens to: started once per process with the function its messages go to. */
export interface OddsFeed {
  readonly source: string;
  start(apply: (brand: Brand, message: FeedMessage) => Promise<void>): void;
  stop(): void;
}

/**
 * Applies a source's messages to the book: fixtures and markets created, prices and states updated (each
 * changed market's version moves on, so in-play bets taken on the old one are checked again), results
 * settled through SportsSettlement. Messages of different fixtures may be applied at once; one fixture's
 * in the order the source sent them.
 */
export class SportsFeed {
  constructor(
    private readonly repo: SportsRepository,
    private readonly settlement: SportsSettlement,
    private readonly changed: () => void,
  ) {}

  private async fixtureOf(brand: Brand, source: string, externalId: string): Promise<FixtureRow> {
    const row = await this.repo.byExternal(brand.id, source, externalId);
    if (row) return row;
    throw new AppError('SPORTS_FIXTURE_NOT_FOUND');
  }

  /** A market's prices kept only where they are prices of its outcomes. */
  private cleanPrices(spec: MarketSpec, prices: Record<string, number | null>) {
    const out: Record<string, number | null> = {};
    for (const key of outcomeKeys(spec)) {
      const p = prices[key];
      out[key] = typeof p === 'number' && isPrice(p) ? p : null;
    }
    return out;
  }

  async apply(
    brand: Brand,
    source: string,
    message: FeedMessage,
    fixture?: FixtureRow,
  ): Promise<FixtureRow | null> {
    switch (message.type) {
      case 'fixture':
      case 'outright': {
        await this.repo.ensureCompetitions([
          {
            brandId: brand.id,
            code: message.competition.code,
            sport: message.competition.sport,
            namePt: message.competition.namePt,
            nameEn: message.competition.nameEn,
            country: message.competition.country,
            priority: message.competition.priority ?? 100,
            source,
          },
        ]);
        this.changed();
        const competition = (await this.repo.competitions(brand.id)).find(
          (c) => c.code === message.competition.code,
        )!;
        const sport = message.competition.sport;
        const outright = message.type === 'outright';
        const bestOf = message.type === 'fixture' ? (message.bestOf ?? null) : null;
        // A match's markets are a match's; an outright's are outright markets, nothing else.
        const markets = message.markets.filter(
          (m) =>
            (m.spec.type === 'outright') === outright && checkMarketSpec(m.spec, sport, bestOf ?? 1) === null,
        );
        if (outright && markets.length === 0) throw new AppError('SPORTS_NO_PRICES');
        return this.repo.insertFixture(
          {
            brandId: brand.id,
            competitionId: competition.id,
            sport,
            source,
            externalId: message.externalId,
            kind: outright ? 'outright' : 'match',
            home: outright ? message.name : message.home,
            away: outright ? '' : message.away,
            startsAt: new Date(outright ? message.closesAt : message.startsAt),
            bestOf,
          },
          markets.map((m) => ({
            brandId: brand.id,
            spec: m.spec,
            specKey: specKeyOf(m.spec),
            status: m.status ?? 'open',
            prices: this.cleanPrices(m.spec, m.prices),
          })),
        );
      }
      case 'prices': {
        const f = fixture ?? (await this.fixtureOf(brand, source, message.externalId));
        const existing = new Map((await this.repo.markets(f.id)).map((m) => [m.specKey, m]));
        const updates = [];
        const added = [];
        for (const m of message.markets) {
          const row = existing.get(specKeyOf(m.spec));
          if (!row) {
            const prices = this.cleanPrices(m.spec, m.prices);
            const fits =
              (m.spec.type === 'outright') === (f.kind === 'outright') &&
              checkMarketSpec(m.spec, f.sport as Sport, f.bestOf ?? 1) === null;
            if (fits && Object.values(prices).some((p) => p !== null))
              added.push({
                brandId: brand.id,
                spec: m.spec,
                specKey: specKeyOf(m.spec),
                status: m.status ?? 'open',
                prices,
                manual: message.manual ?? false,
              });
            continue;
          }
          updates.push({
            id: row.id,
            prices: this.cleanPrices(m.spec, m.prices),
            status: m.status ?? 'open',
            ...(message.manual !== undefined ? { manual: message.manual } : {}),
          });
        }
        await this.repo.reprice(updates);
        await this.repo.insertMarkets(f.id, added);
        return f;
      }
      case 'live': {
        const f = fixture ?? (await this.fixtureOf(brand, source, message.externalId));
        return this.repo.updateFixture(f.id, { live: message.live, status: 'live' });
      }
      case 'suspend': {
        const f = fixture ?? (await this.fixtureOf(brand, source, message.externalId));
        await this.repo.setFixtureMarkets(f.id, message.suspended ? 'suspended' : 'open');
        return this.repo.updateFixture(f.id, { suspended: message.suspended });
      }
      case 'result': {
        const f = fixture ?? (await this.fixtureOf(brand, source, message.externalId));
        if (message.live) await this.repo.updateFixture(f.id, { live: message.live });
        await this.repo.setFixtureMarkets(f.id, 'closed');
        await this.settlement.settleFixture(brand, f.id, message.result);
        return this.repo.fixture(brand.id, f.id);
      }
      case 'withdraw_result': {
        const f = fixture ?? (await this.fixtureOf(brand, source, message.externalId));
        await this.settlement.withdrawResult(brand, f.id);
        return this.repo.fixture(brand.id, f.id);
      }
      case 'cancel': {
        const f = fixture ?? (await this.fixtureOf(brand, source, message.externalId));
        await this.repo.updateFixture(f.id, { voidReason: message.reason });
        await this.settlement.settleFixture(brand, f.id, cancelledResult(f));
        return this.repo.fixture(brand.id, f.id);
      }
    }
  }
}

/** The result of a fixture called off: every market of it void. */
export function cancelledResult(f: Pick<FixtureRow, 'sport' | 'bestOf' | 'kind'>): Result {
  if (f.kind === 'outright') return { sport: 'outright', standings: [], cancelled: true };
  if (f.sport === 'football') {
    return { sport: 'football', status: 'cancelled', ht: null, ft: [0, 0], corners: [0, 0], cards: [0, 0] };
  }
  return {
    sport: f.sport as Exclude<Sport, 'football'>,
    status: 'cancelled',
    scheduledBestOf: f.bestOf ?? 1,
    bestOf: f.bestOf ?? 1,
    maps: [],
  };
}
