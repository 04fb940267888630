import type { LanguageCode } from '../../../src/api/contract/common';
import type { FixtureCard, FixtureDetail, SportsBet, SportsMarket } from '../../../src/api/contract/sports';
import { type MarketSpec, outcomeKeys } from '../../../src/sports/model';
import { factorKind } from '../../../src/sports/settle';
import type { BetRow, CompetitionRow, FixtureRow, LegRow, MarketRow } from './sports.repository';

/** One canonical text per market spec (its keys sorted): what makes two markets of a fixture the same. */
export function specKeyOf(spec: MarketSpec): string {
  const sorted = Object.fromEntries(Object.entries(spec).sort(([a], [b]) => a.localeCompare(b)));
  return JSON.stringify(sorted);
}

/** The headline market of a board's card: 1x2 in football, the match winner in e-sports. */
export const HEADLINE_KEYS = [specKeyOf({ type: '1x2' }), specKeyOf({ type: 'match_winner' })];

/** An outright's headline market: the one paying the fewest places (the winner). */
export function outrightHeadline<M extends { spec: MarketSpec }>(markets: readonly M[]): M | null {
  let best: M | null = null;
  for (const m of markets)
    if (m.spec.type === 'outright' && (!best || m.spec.places < (best.spec as { places: number }).places))
      best = m;
  return best;
}

export const competitionName = (c: CompetitionRow, lang: LanguageCode) =>
  lang === 'en' ? c.nameEn : c.namePt;

export function competitionRef(c: CompetitionRow, lang: LanguageCode) {
  return {
    id: c.id,
    name: competitionName(c, lang),
    country: c.country,
    sport: c.sport as FixtureCard['sport'],
  };
}

/** A market as a member reads it: a suspended fixture shows every market suspended. */
export function marketView(m: MarketRow, fixture: Pick<FixtureRow, 'suspended'>): SportsMarket {
  const status = fixture.suspended && m.status === 'open' ? 'suspended' : m.status;
  return {
    id: m.id,
    spec: m.spec as SportsMarket['spec'],
    status: status as SportsMarket['status'],
    version: m.version,
    outcomes: outcomeKeys(m.spec).map((key) => ({ key, price: m.prices[key] ?? null })),
    voidReason: m.voidReason,
  };
}

/** What a page may show of a fixture's live state: the simulator's model and seeds never leave. */
export function fixtureCard(
  f: FixtureRow,
  competition: CompetitionRow,
  lang: LanguageCode,
  main: MarketRow | null,
  marketCount: number,
): FixtureCard {
  return {
    id: f.id,
    sport: f.sport as FixtureCard['sport'],
    kind: f.kind as FixtureCard['kind'],
    competition: competitionRef(competition, lang),
    home: f.home,
    away: f.away,
    startsAt: f.startsAt.getTime(),
    bestOf: f.bestOf,
    status: f.status as FixtureCard['status'],
    suspended: f.suspended,
    live: f.live ?? null,
    main: main ? marketView(main, f) : null,
    marketCount,
    winners:
      f.result?.sport === 'outright' && !f.result.cancelled ? [...(f.result.standings[0] ?? [])] : null,
  };
}

export function fixtureDetail(
  f: FixtureRow,
  competition: CompetitionRow,
  lang: LanguageCode,
  markets: MarketRow[],
  betDelayMs: number,
): FixtureDetail {
  const main =
    f.kind === 'outright'
      ? outrightHeadline(markets)
      : (markets.find((m) => HEADLINE_KEYS.includes(m.specKey)) ?? null);
  const shown = markets.filter((m) => m.status !== 'closed' || f.status !== 'scheduled');
  return {
    ...fixtureCard(
      f,
      competition,
      lang,
      main,
      shown.filter((m) => m.status === 'open' || m.status === 'suspended').length,
    ),
    markets: shown.map((m) => marketView(m, f)),
    betDelaySeconds: Math.round(betDelayMs / 1000),
    voidReason: f.voidReason,
  };
}

/** The score a leg shows once its fixture has one: "2-1" (football) or maps won (e-sports). */
function scoreOf(f: FixtureRow | undefined): string | null {
  if (!f?.live || (f.status !== 'ended' && f.status !== 'live' && f.status !== 'abandoned')) return null;
  return `${f.live.score[0]}-${f.live.score[1]}`;
}

/** Bets as a member reads them, with each leg's fixture and competition by name. */
export function betViews(
  bets: BetRow[],
  legs: LegRow[],
  fixtures: Map<number, FixtureRow>,
  markets: Map<number, MarketRow>,
  competitions: Map<number, CompetitionRow>,
  lang: LanguageCode,
): SportsBet[] {
  const byBet = new Map<number, LegRow[]>();
  for (const l of legs) {
    const list = byBet.get(l.betId) ?? [];
    list.push(l);
    byBet.set(l.betId, list);
  }
  return bets.map((b) => {
    const scale = (n: number) =>
      b.stake > 0 ? Number((BigInt(n) * BigInt(b.openStake)) / BigInt(b.stake)) : 0;
    return {
      id: b.id,
      reference: `S${b.id}`,
      kind: b.kind as SportsBet['kind'],
      system: b.system,
      lines: b.lines,
      unitStake: b.unitStake,
      stake: b.stake,
      openStake: b.openStake,
      potentialPayout: scale(b.potentialPayout),
      status: b.status as SportsBet['status'],
      payout: b.payout,
      cashedOut: b.cashedOut,
      rejectReason: b.rejectReason,
      acceptsAt: b.status === 'pending' && b.acceptsAt ? b.acceptsAt.getTime() : null,
      createdAt: b.createdAt.getTime(),
      settledAt: b.settledAt?.getTime() ?? null,
      legs: (byBet.get(b.id) ?? []).map((l) => {
        const f = fixtures.get(l.fixtureId);
        const c = f ? competitions.get(f.competitionId) : undefined;
        const m = markets.get(l.marketId);
        return {
          fixtureId: l.fixtureId,
          sport: (f?.sport ?? 'football') as SportsBet['legs'][number]['sport'],
          competition: c ? competitionName(c, lang) : '',
          home: f?.home ?? '',
          away: f?.away ?? '',
          startsAt: f?.startsAt.getTime() ?? 0,
          marketId: l.marketId,
          spec: (m?.spec ?? { type: '1x2' }) as SportsMarket['spec'],
          key: l.outcomeKey,
          price: l.price,
          live: l.live,
          result:
            l.fDen === null || l.fWin === null || l.fVoid === null
              ? null
              : factorKind({ win: l.fWin, void: l.fVoid, den: l.fDen }),
          score: scoreOf(f),
        };
      }),
    };
  });
}
