import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { FixtureEvent, LiveState } from '../../../src/api/contract/sports';
import type { EsportsModel, EsportsSport } from '../../../src/sports/esports-maps';
import { type FootballModel, matchupModel } from '../../../src/sports/football-model';
import { type MarketSpec, marketTemplate } from '../../../src/sports/model';
import { outrightPlan, outrightResult, priceOutrights } from '../../../src/sports/outright';
import { type PricedMarket, priceMarkets } from '../../../src/sports/pricing';
import {
  mapsWon,
  pricingState,
  resultOf,
  type SimEvent,
  type SimState,
  startMatch,
  step,
} from '../../../src/sports/simulate';
import { CATALOGUE, type CatalogueCompetition } from '../../../src/sports/teams';
import type { Brand } from '../brand/brand.service';
import type { FixtureRow, SportsRepository } from './sports.repository';
import type { FeedMessage, SportsFeed } from './sports-feed';

/** The simulator's source name on fixtures and competitions. */
export const SIMULATOR = 'simulator';

/** What the simulator keeps on a fixture (`sports_fixtures.sim`), never sent to a member. */
interface SimRecord {
  /** Bumped on every step: a step applies only on the step it read (one process steps a match). */
  step: number;
  model: FootballModel | EsportsModel;
  state: SimState | null;
  /** When the match was last stepped (epoch ms of the server's clock). */
  at: number;
  /** Betting stays stopped until then after a goal, a red card or a map's end. */
  suspendUntil: number;
  /** The fixture's suspension is the simulator's own (an operator's suspension is never lifted by it). */
  selfSuspended?: boolean;
  events: FixtureEvent[];
  /** Before kick-off: when the model last moved. */
  driftAt?: number;
}

/** The last quarter hour before a kick-off, the model moves every 10 s (prices move as a market's do). */
const DRIFT_WINDOW_MS = 15 * 60_000;
const DRIFT_EVERY_MS = 10_000;

export interface SimulatorOptions {
  /** Match seconds per real second: 6 plays a football match in 15 minutes and its break in 2,5. */
  speed: number;
  /** How far ahead fixtures are scheduled, and how often each competition has one. */
  horizonMs: number;
  /** Minutes between two fixtures of one competition. */
  cadenceMinutes: (c: CatalogueCompetition) => number;
  /** Betting stops this long (real time) after a goal, a red card or a map's end. */
  suspendMs: number;
  /** Each competition's outright closes at the end of a period this long (counted from the epoch's Sunday 21:00 UTC). */
  outrightPeriodMs: number;
}

export const DEFAULT_SIMULATOR: SimulatorOptions = {
  speed: 6,
  horizonMs: 6 * 3_600_000,
  cadenceMinutes: (c) => (c.id === 'br-serie-a' ? 15 : c.sport === 'football' ? 30 : 20),
  suspendMs: 6_000,
  outrightPeriodMs: 7 * 24 * 3_600_000,
};

/** The plays of a competition an outright's prices are estimated from. */
const OUTRIGHT_RUNS = 2_000;

/** Sunday 4 January 1970, 21:00 UTC (18:00 in Brasília): where outright periods are counted from. */
const OUTRIGHT_EPOCH = 3 * 24 * 3_600_000 + 21 * 3_600_000;

/** A seeded uniform [0, 1) source (mulberry32): every process prices an outright the same. */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Uniform floats in [0, 1) from the operating system's randomness: no one can replay a match. */
function cryptoRandom(): () => number {
  let pool = randomBytes(0);
  let at = 0;
  return () => {
    if (at + 6 > pool.length) {
      pool = randomBytes(6 * 256);
      at = 0;
    }
    const value = pool.readUIntBE(at, 6) / 2 ** 48;
    at += 6;
    return value;
  };
}

/** A number from a text, the same in every process: which teams meet in a slot. */
function hashNumber(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32BE(0);
}

const MAX_EVENTS = 80;

/** The simulator's events as the pages read them (rounds and kills move the map's score, not the list). */
function fixtureEvents(state: SimState, events: SimEvent[]): FixtureEvent[] {
  const out: FixtureEvent[] = [];
  for (const e of events) {
    switch (e.type) {
      case 'goal':
        out.push({ at: e.minute, type: 'goal', side: e.side, detail: `${e.score[0]}-${e.score[1]}` });
        break;
      case 'card':
        out.push({ at: e.minute, type: e.card === 'red' ? 'red_card' : 'card', side: e.side, detail: null });
        break;
      case 'corner':
        out.push({ at: e.minute, type: 'corner', side: e.side, detail: null });
        break;
      case 'half_time':
      case 'full_time':
        out.push({ at: e.minute, type: e.type, side: null, detail: `${e.score[0]}-${e.score[1]}` });
        break;
      case 'map_start':
        out.push({ at: e.map, type: 'map_start', side: null, detail: null });
        break;
      case 'first_blood':
        out.push({ at: e.map, type: 'first_blood', side: e.side, detail: null });
        break;
      case 'map_end':
        out.push({ at: e.map, type: 'map_end', side: e.winner, detail: `${e.stat[0]}-${e.stat[1]}` });
        break;
      case 'match_end':
        out.push({
          at: state.sport === 'football' ? 90 : Math.max(1, (state.maps ?? []).length),
          type: 'match_end',
          side: e.winner,
          detail: `${e.maps[0]}-${e.maps[1]}`,
        });
        break;
      default:
        break;
    }
  }
  return out;
}

/** What a page shows of a running match. */
export function liveOf(state: SimState, events: FixtureEvent[]): LiveState {
  if (state.sport === 'football') {
    return {
      phase: state.phase,
      minute: state.minute,
      score: [...state.score] as [number, number],
      map: null,
      mapScore: null,
      corners: [...state.corners] as [number, number],
      cards: [...state.cards] as [number, number],
      events,
    };
  }
  const won = mapsWon(state.maps);
  const current = state.maps.at(-1);
  return {
    phase: state.phase,
    minute: null,
    score: [won[0], won[1]],
    map: state.phase === 'map' ? state.maps.length : null,
    mapScore: current && state.phase === 'map' ? [current.stat[0], current.stat[1]] : null,
    corners: null,
    cards: null,
    events,
  };
}

/** Events after which a real book stops taking bets for a moment. */
const STOPS = new Set(['goal', 'red_card', 'map_end', 'first_blood']);

/**
 * The built-in match simulator (docs/sports.md, "Sources"): on by default in the demo. It schedules
 * matches of real competitions (src/sports/teams.ts) ahead, prices them from their model with the
 * competition's margin, plays them in accelerated time when they start (goals, cards, corners; maps,
 * rounds, kills), stops betting for a moment on what changes a match, reprices every step, and sends the
 * result. It speaks the feed adapter interface like any source, through SportsFeed. Every process may
 * run it: each step applies once (`stepFixture`), each fixture is made once (its slot's id).
 */
export class SportsSimulator {
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private readonly rnd = cryptoRandom();

  constructor(
    private readonly repo: SportsRepository,
    private readonly feed: SportsFeed,
    private readonly options: SimulatorOptions = DEFAULT_SIMULATOR,
    private readonly log?: FastifyBaseLogger,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Every brand's fixtures of the next hours, one per competition's slot; existing ones are left alone. */
  async schedule(brands: Brand[]): Promise<number> {
    let made = 0;
    const now = this.clock();
    for (const brand of brands) {
      const margins = new Map((await this.repo.competitions(brand.id)).map((c) => [c.code, c.marginBp]));
      for (const [rank, c] of CATALOGUE.entries()) {
        const cadence = this.options.cadenceMinutes(c) * 60_000;
        // The first slot a little ahead, so a new installation has a match starting within minutes.
        const first = Math.ceil((now + 60_000) / cadence) * cadence;
        for (let at = first; at <= now + this.options.horizonMs; at += cadence) {
          const externalId = `${c.id}:${at}`;
          const made1 = await this.makeFixture(brand, c, rank, externalId, at, margins.get(c.id) ?? 600);
          if (made1) made++;
        }
        if (await this.makeOutright(brand, c, rank, now, margins.get(c.id) ?? 600)) made++;
      }
    }
    return made;
  }

  /**
   * The competition's outright of the current period (docs/sports.md, "Outrights"): the winner and a
   * places market, priced from plays of the whole competition with the teams' strengths, taking bets until
   * the period ends, when the simulator plays it once more for the standings.
   */
  private async makeOutright(
    brand: Brand,
    c: CatalogueCompetition,
    rank: number,
    now: number,
    marginBp: number,
  ) {
    const period = this.options.outrightPeriodMs;
    // An hour's notice at least: a period about to close is followed by the next one.
    const closesAt = OUTRIGHT_EPOCH + Math.ceil((now + 3_600_000 - OUTRIGHT_EPOCH) / period) * period;
    const externalId = `outright:${c.id}:${closesAt}`;
    if (await this.repo.byExternal(brand.id, SIMULATOR, externalId)) return false;
    const plan = outrightPlan(c);
    const markets = priceOutrights(plan, marginBp, OUTRIGHT_RUNS, seededRandom(hashNumber(externalId)));
    const edition = c.season ?? String(new Date(closesAt).getUTCFullYear());
    const row = await this.feed.apply(brand, SIMULATOR, {
      type: 'outright',
      externalId,
      competition: {
        code: c.id,
        sport: c.sport,
        namePt: c.name.pt,
        nameEn: c.name.en,
        country: c.country,
        priority: (c.country === 'BR' ? 0 : 10) + rank,
      },
      name: `${c.name.pt} ${edition}`,
      closesAt,
      markets,
    });
    if (!row) return false;
    await this.repo.stepFixture(row.id, 0, { sim: { step: 0, outright: true } });
    return true;
  }

  /** At its close an outright's competition is played once, and its standings settle it (one process does). */
  private async closeOutright(brand: Brand, f: FixtureRow, now: number) {
    if (f.startsAt.getTime() > now) return;
    const code = (await this.repo.competitions(brand.id)).find((c) => c.id === f.competitionId)?.code;
    const c = CATALOGUE.find((x) => x.id === code);
    if (!c) return;
    const standings = outrightPlan(c).play(this.rnd);
    const saved = await this.repo.stepFixture(f.id, 0, { sim: { step: 1, outright: true } });
    if (!saved) return;
    await this.feed.apply(
      brand,
      SIMULATOR,
      { type: 'result', externalId: f.externalId!, result: outrightResult(standings) },
      saved,
    );
  }

  private async makeFixture(
    brand: Brand,
    c: CatalogueCompetition,
    rank: number,
    externalId: string,
    startsAt: number,
    marginBp: number,
  ) {
    if (await this.repo.byExternal(brand.id, SIMULATOR, externalId)) return false;
    const n = c.teams.length;
    const h = hashNumber(externalId);
    const i = h % n;
    const j = (i + 1 + ((h >>> 8) % (n - 1))) % n;
    const home = c.teams[i]!;
    const away = c.teams[j]!;
    let model: FootballModel | EsportsModel;
    let specs: MarketSpec[];
    let priced: PricedMarket[];
    if (c.sport === 'football') {
      model = matchupModel(home as (typeof c.teams)[number], away as (typeof c.teams)[number], c.goals);
      specs = marketTemplate('football');
      priced = priceMarkets('football', model, null, specs, marginBp);
    } else {
      model = {
        home: (home as { rating: number }).rating,
        away: (away as { rating: number }).rating,
        bestOf: c.bestOf,
      };
      specs = marketTemplate(c.sport, c.bestOf);
      priced = priceMarkets(c.sport as EsportsSport, model, null, specs, marginBp);
    }
    const message: FeedMessage = {
      type: 'fixture',
      externalId,
      competition: {
        code: c.id,
        sport: c.sport,
        namePt: c.name.pt,
        nameEn: c.name.en,
        country: c.country,
        priority: (c.country === 'BR' ? 0 : 10) + rank,
      },
      home: home.name,
      away: away.name,
      startsAt,
      ...(c.sport === 'football' ? {} : { bestOf: c.bestOf }),
      markets: priced.map((p) => ({ spec: p.spec, prices: p.prices })),
    };
    const row = await this.feed.apply(brand, SIMULATOR, message);
    if (!row) return false;
    const sim: SimRecord = { step: 0, model, state: null, at: startsAt, suspendUntil: 0, events: [] };
    await this.repo.stepFixture(row.id, 0, { sim: sim as unknown as Record<string, unknown> });
    return true;
  }

  /** Steps every running simulated match once (the live loop calls it every couple of seconds). */
  async tick(brands: Brand[]): Promise<void> {
    const byId = new Map(brands.map((b) => [b.id, b]));
    const now = this.clock();
    for (const f of await this.repo.running(SIMULATOR)) {
      const brand = byId.get(f.brandId);
      if (!brand || !f.sim) continue;
      try {
        if (f.kind === 'outright') await this.closeOutright(brand, f, now);
        else if (f.status === 'scheduled' && f.startsAt.getTime() > now) await this.drift(brand, f, now);
        else await this.advance(brand, f, now);
      } catch (error) {
        this.log?.error({ err: error, fixture: f.id }, 'sports simulator: a step failed');
      }
    }
  }

  /**
   * Before kick-off the market moves as a real one does on team news and money: in its last
   * `DRIFT_WINDOW_MS` a match's model wanders a little every `DRIFT_EVERY_MS` and it is priced again.
   */
  private async drift(brand: Brand, f: FixtureRow, now: number) {
    const sim = f.sim as unknown as SimRecord;
    if (f.startsAt.getTime() - now > DRIFT_WINDOW_MS || now - (sim.driftAt ?? 0) < DRIFT_EVERY_MS) return;
    const wander = () => Math.exp((this.rnd() - 0.5) * 0.08);
    const model: FootballModel | EsportsModel =
      f.sport === 'football'
        ? {
            ...(sim.model as FootballModel),
            home: (sim.model as FootballModel).home * wander(),
            away: (sim.model as FootballModel).away * wander(),
          }
        : {
            ...(sim.model as EsportsModel),
            home: (sim.model as EsportsModel).home + (this.rnd() - 0.5) * 24,
          };
    const saved = await this.repo.stepFixture(f.id, sim.step, {
      sim: { ...sim, step: sim.step + 1, model, driftAt: now } as unknown as Record<string, unknown>,
    });
    if (!saved) return;
    await this.reprice(brand, saved, model, null);
  }

  private async reprice(
    brand: Brand,
    f: FixtureRow,
    model: FootballModel | EsportsModel,
    state: SimState | null,
  ) {
    const competition = (await this.repo.competitions(brand.id)).find((c) => c.id === f.competitionId);
    const margin = competition?.marginBp ?? 600;
    const markets = await this.repo.markets(f.id);
    const specs = markets.filter((m) => m.status === 'open' || m.status === 'suspended').map((m) => m.spec);
    const priced =
      f.sport === 'football'
        ? priceMarkets(
            'football',
            model as FootballModel,
            state ? pricingState(state as Extract<SimState, { sport: 'football' }>) : null,
            specs,
            margin,
          )
        : priceMarkets(
            f.sport as EsportsSport,
            model as EsportsModel,
            state ? pricingState(state as Exclude<SimState, { sport: 'football' }>) : null,
            specs,
            margin,
          );
    await this.feed.apply(
      brand,
      SIMULATOR,
      {
        type: 'prices',
        externalId: f.externalId!,
        // A market nobody can win any more (all outcomes decided or unpriced) stops taking bets.
        markets: priced.map((p) => ({
          spec: p.spec,
          prices: p.prices,
          status: Object.values(p.prices).some((x) => x !== null) ? 'open' : 'suspended',
        })),
      },
      f,
    );
  }

  private async advance(brand: Brand, f: FixtureRow, now: number) {
    const sim = f.sim as unknown as SimRecord;
    let state =
      sim.state ??
      (f.sport === 'football'
        ? startMatch('football', sim.model as FootballModel)
        : startMatch(f.sport as EsportsSport, sim.model as EsportsModel));
    const seconds = Math.max(0, ((now - Math.max(sim.at, f.startsAt.getTime())) / 1000) * this.options.speed);
    const stepped = step(state, seconds, this.rnd);
    state = stepped.state;
    const events = fixtureEvents(state, stepped.events);
    const stopped = events.some((e) => STOPS.has(e.type));
    const all = [...sim.events, ...events].slice(-MAX_EVENTS);
    const suspendUntil = stopped ? now + this.options.suspendMs : sim.suspendUntil;
    const suspended = now < suspendUntil || (state.sport === 'football' && state.phase === 'half_time');
    // An operator suspended the event in the back office: it stays so (and unpriced) until they resume it.
    const operatorHold = f.suspended && !sim.selfSuspended;
    const next: SimRecord = {
      ...sim,
      step: sim.step + 1,
      state,
      at: now,
      events: all,
      suspendUntil,
      selfSuspended: operatorHold ? false : suspended,
    };
    const live = liveOf(state, all);
    const saved = await this.repo.stepFixture(f.id, sim.step, {
      sim: next as unknown as Record<string, unknown>,
      live,
    });
    if (!saved) return;
    const externalId = f.externalId!;
    if (state.phase === 'ended') {
      await this.feed.apply(
        brand,
        SIMULATOR,
        { type: 'result', externalId, result: resultOf(state), live },
        saved,
      );
      return;
    }
    if (f.status !== 'live')
      await this.feed.apply(brand, SIMULATOR, { type: 'live', externalId, live }, saved);
    if (operatorHold) return;
    if (suspended !== f.suspended) {
      await this.feed.apply(brand, SIMULATOR, { type: 'suspend', externalId, suspended }, saved);
    }
    if (suspended) return;
    await this.reprice(brand, saved, sim.model, state);
  }

  /** Runs the live loop in this process: steps every `everyMs`, one tick at a time. */
  start(brands: () => Promise<Brand[]>, everyMs = 2_000) {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = true;
      void brands()
        .then((all) => this.tick(all))
        .catch((error) => this.log?.error({ err: error }, 'sports simulator: tick'))
        .finally(() => {
          this.running = false;
        });
    }, everyMs);
    this.timer.unref?.();
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
