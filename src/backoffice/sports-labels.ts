import type { TFunction } from 'i18next';
import { lineText, type MarketSpec } from '../sports/model';

type Spec = MarketSpec;
type Teams = { home: string; away: string };

/**
 * A market's name in the operator's language: "Handicap asiático Flamengo −0,25", "Total de gols 2,5",
 * "Vencedor do mapa 2". Lines are written the language's way; a handicap names the home side.
 */
export function marketLabel(t: TFunction, spec: Spec, teams: Teams, lang: string): string {
  const line = 'lineQ' in spec ? lineText(spec.lineQ, lang, spec.type.endsWith('handicap')) : '';
  const k = (key: string, values: Record<string, unknown> = {}) =>
    t(`backoffice.sports.markets.${key}`, values);
  switch (spec.type) {
    case 'asian_handicap':
    case 'map_handicap':
      return k(spec.type, { team: teams.home, line });
    case 'over_under':
      return k(`over_under_${spec.stat}`, { line });
    case 'team_total':
      return k('team_total', { team: teams[spec.team], line });
    case 'total_maps':
      return k('total_maps', { line });
    case 'map_winner':
    case 'first_blood':
      return k(spec.type, { map: spec.map });
    case 'outright':
      return spec.places === 1 ? k('outright') : k('outright_places', { count: spec.places });
    case 'map_total':
      return spec.map
        ? k(`map_total_${spec.stat}`, { map: spec.map, line })
        : k(`match_total_${spec.stat}`, { line });
    default:
      return k(spec.type);
  }
}

const side = (t: TFunction, key: string, teams: Teams) =>
  key === 'home' ? teams.home : key === 'away' ? teams.away : t('backoffice.sports.outcomes.draw');

/** An outcome's name: the team, "Empate", "Mais de 2,5", "2-1", "Flamengo/Empate". */
export function outcomeLabel(t: TFunction, spec: Spec, key: string, teams: Teams, lang: string): string {
  const o = (name: string, values: Record<string, unknown> = {}) =>
    t(`backoffice.sports.outcomes.${name}`, values);
  if (spec.type === 'ht_ft') {
    const [ht = '', ft = ''] = key.split('/');
    return `${side(t, ht, teams)} / ${side(t, ft, teams)}`;
  }
  if (spec.type === 'double_chance') return o(`dc_${key}`, teams);
  if (spec.type === 'correct_score') return key === 'other' ? o('other') : key;
  if (key === 'over' || key === 'under')
    return o(key, { line: 'lineQ' in spec ? lineText(spec.lineQ, lang) : '' });
  if (key === 'yes' || key === 'no') return o(key);
  if (
    (spec.type === 'asian_handicap' || spec.type === 'map_handicap') &&
    (key === 'home' || key === 'away')
  ) {
    return `${teams[key]} ${lineText(key === 'home' ? spec.lineQ : -spec.lineQ, lang, true)}`;
  }
  if (key === 'home' || key === 'away' || key === 'draw') return side(t, key, teams);
  return key;
}
