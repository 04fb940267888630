import type { TFunction } from 'i18next';
import type { SportsMarket } from '../../api/contract/sports';
import { lineText } from '../../sports/model';

type Spec = SportsMarket['spec'];
type Teams = { home: string; away: string };

/**
 * A market's name as a player reads it, in their language: "Handicap asiático Flamengo −0,25", "Total de
 * gols 2,5", "Vencedor do mapa 2". Lines are written the language's way; the handicap names its team.
 */
export function marketName(t: TFunction, spec: Spec, teams: Teams, lang: string): string {
  const line = 'lineQ' in spec ? lineText(spec.lineQ, lang, spec.type.endsWith('handicap')) : '';
  switch (spec.type) {
    case 'asian_handicap':
    case 'map_handicap':
      return t(`sports.markets.${spec.type}`, { team: teams.home, line });
    case 'over_under':
      return t(`sports.markets.over_under_${spec.stat}`, { line });
    case 'team_total':
      return t('sports.markets.team_total', { team: teams[spec.team], line });
    case 'total_maps':
      return t('sports.markets.total_maps', { line });
    case 'map_winner':
    case 'first_blood':
      return t(`sports.markets.${spec.type}`, { map: spec.map });
    case 'outright':
      return spec.places === 1
        ? t('sports.markets.outright')
        : t('sports.markets.outright_places', { count: spec.places });
    case 'map_total':
      return spec.map
        ? t(`sports.markets.map_total_${spec.stat}`, { map: spec.map, line })
        : t(`sports.markets.match_total_${spec.stat}`, { line });
    default:
      return t(`sports.markets.${spec.type}`);
  }
}

const RESULT_NAME: Record<string, (teams: Teams) => string> = {
  home: (x) => x.home,
  away: (x) => x.away,
};

/** One side of a half-time/full-time or 1x2 pair: the team's name, or the draw. */
function sideName(t: TFunction, key: string, teams: Teams) {
  return RESULT_NAME[key]?.(teams) ?? t('sports.outcomes.draw');
}

/** An outcome's name: the team, "Empate", "Mais de 2,5", "2-1", "Flamengo/Empate". */
export function outcomeName(t: TFunction, spec: Spec, key: string, teams: Teams, lang: string): string {
  if (spec.type === 'ht_ft') {
    const [ht = '', ft = ''] = key.split('/');
    return `${sideName(t, ht, teams)} / ${sideName(t, ft, teams)}`;
  }
  if (spec.type === 'double_chance') return t(`sports.outcomes.dc_${key}`, teams);
  if (spec.type === 'correct_score') return key === 'other' ? t('sports.outcomes.other') : key;
  if (key === 'over' || key === 'under') {
    return t(`sports.outcomes.${key}`, { line: 'lineQ' in spec ? lineText(spec.lineQ, lang) : '' });
  }
  if (key === 'yes' || key === 'no') return t(`sports.outcomes.${key}`);
  if (
    (spec.type === 'asian_handicap' || spec.type === 'map_handicap') &&
    (key === 'home' || key === 'away')
  ) {
    const line = key === 'home' ? spec.lineQ : -spec.lineQ;
    return `${teams[key]} ${lineText(line, lang, true)}`;
  }
  if (key === 'home' || key === 'away' || key === 'draw') return sideName(t, key, teams);
  return key;
}

/** The short label a price button carries on a card: 1, X, 2 (football) or the team (e-sports). */
export function shortOutcome(spec: Spec, key: string, teams: Teams): string {
  if (spec.type === '1x2') return key === 'home' ? '1' : key === 'draw' ? 'X' : '2';
  return key === 'home' ? teams.home : key === 'away' ? teams.away : key;
}

/** How a fixture page groups its markets, in the order it shows them. */
export const MARKET_GROUPS = [
  'main',
  'handicap',
  'goals',
  'corners',
  'score',
  'halves',
  'maps',
  'other',
] as const;
export type MarketGroup = (typeof MARKET_GROUPS)[number];

export function groupOf(spec: Spec): MarketGroup {
  switch (spec.type) {
    case '1x2':
    case 'double_chance':
    case 'draw_no_bet':
    case 'btts':
    case 'match_winner':
      return 'main';
    case 'asian_handicap':
    case 'map_handicap':
      return 'handicap';
    case 'over_under':
      return spec.stat === 'goals' ? 'goals' : 'corners';
    case 'team_total':
      return 'goals';
    case 'total_maps':
      return 'main';
    case 'correct_score':
      return 'score';
    case 'ht_ft':
      return 'halves';
    case 'map_winner':
    case 'map_total':
    case 'first_blood':
      return 'maps';
    default:
      return 'other';
  }
}
