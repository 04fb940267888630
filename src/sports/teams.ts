/**
 * The simulator's catalogue: real competitions and their teams, each with a strength for the match
 * models (docs/sports.md, "Pricing and the simulator"). The strengths are rough judgements of recent
 * form written for the simulator, not data of any source; an operator may edit them.
 *
 * Football: `attack` and `defence` multiply the competition's average goals of a home and an away side
 * (`matchupModel` in football-model.ts): attack 1.2 scores 20 % more than average, defence 0.8 concedes
 * 20 % less. E-sports: an Elo-like `rating` (`mapWinProbability` in esports-maps.ts): 100 points apart,
 * the stronger team takes a map 64 % of the time.
 */
import type { EsportsSport } from './esports-maps';
import type { TeamStrength } from './football-model';

export interface FootballTeam extends TeamStrength {
  id: string;
  name: string;
}

export interface EsportsTeam {
  id: string;
  name: string;
  rating: number;
}

interface CompetitionBase {
  /** Stable code ('br-serie-a'), the sports_competitions row's `code`. */
  id: string;
  name: { pt: string; en: string };
  /** ISO 3166 country, or null for an international competition. */
  country: 'BR' | 'GB' | null;
  /** The season the team list is of, where it is one season's. */
  season?: string;
}

export interface FootballCompetition extends CompetitionBase {
  sport: 'football';
  /** The competition's average goals of a home and an away side. */
  goals: { home: number; away: number };
  teams: readonly FootballTeam[];
}

export interface EsportsCompetition extends CompetitionBase {
  sport: EsportsSport;
  /** The best-of its matches are played as. */
  bestOf: number;
  teams: readonly EsportsTeam[];
}

export type CatalogueCompetition = FootballCompetition | EsportsCompetition;

const club = (id: string, name: string, attack: number, defence: number): FootballTeam => ({
  id,
  name,
  attack,
  defence,
});
const team = (id: string, name: string, rating: number): EsportsTeam => ({ id, name, rating });

export const BR_SERIE_A: FootballCompetition = {
  id: 'br-serie-a',
  sport: 'football',
  country: 'BR',
  name: { pt: 'Brasileirão Série A', en: 'Brasileirão Série A' },
  season: '2026',
  goals: { home: 1.4, away: 1.0 },
  teams: [
    club('flamengo', 'Flamengo', 1.45, 0.65),
    club('palmeiras', 'Palmeiras', 1.35, 0.72),
    club('cruzeiro', 'Cruzeiro', 1.2, 0.75),
    club('mirassol', 'Mirassol', 1.15, 0.85),
    club('botafogo', 'Botafogo', 1.1, 0.85),
    club('fluminense', 'Fluminense', 1.1, 0.9),
    club('bahia', 'Bahia', 1.1, 0.95),
    club('sao-paulo', 'São Paulo', 0.95, 0.95),
    club('corinthians', 'Corinthians', 0.95, 0.92),
    club('atletico-mineiro', 'Atlético Mineiro', 0.95, 0.95),
    club('red-bull-bragantino', 'Red Bull Bragantino', 1.0, 1.05),
    club('gremio', 'Grêmio', 0.95, 1.05),
    club('vasco-da-gama', 'Vasco da Gama', 1.05, 1.1),
    club('internacional', 'Internacional', 0.95, 1.05),
    club('santos', 'Santos', 0.95, 1.1),
    club('vitoria', 'Vitória', 0.85, 1.1),
    club('athletico-paranaense', 'Athletico Paranaense', 0.9, 1.0),
    club('coritiba', 'Coritiba', 0.85, 1.05),
    club('chapecoense', 'Chapecoense', 0.8, 1.15),
    club('remo', 'Remo', 0.8, 1.15),
  ],
};

export const COPA_LIBERTADORES: FootballCompetition = {
  id: 'copa-libertadores',
  sport: 'football',
  country: null,
  name: { pt: 'Copa Libertadores', en: 'Copa Libertadores' },
  goals: { home: 1.5, away: 0.95 },
  teams: [
    club('flamengo', 'Flamengo', 1.35, 0.7),
    club('palmeiras', 'Palmeiras', 1.3, 0.72),
    club('river-plate', 'River Plate', 1.25, 0.75),
    club('boca-juniors', 'Boca Juniors', 1.1, 0.8),
    club('racing-club', 'Racing Club', 1.15, 0.85),
    club('botafogo', 'Botafogo', 1.1, 0.85),
    club('estudiantes', 'Estudiantes de La Plata', 1.0, 0.85),
    club('sao-paulo', 'São Paulo', 1.0, 0.9),
    club('internacional', 'Internacional', 1.0, 0.9),
    club('fluminense', 'Fluminense', 1.0, 0.9),
    club('velez-sarsfield', 'Vélez Sarsfield', 0.95, 0.9),
    club('ldu-quito', 'LDU Quito', 1.0, 0.95),
    club('independiente-del-valle', 'Independiente del Valle', 1.05, 0.95),
    club('penarol', 'Peñarol', 0.9, 0.95),
    club('nacional', 'Nacional', 0.9, 1.0),
    club('atletico-nacional', 'Atlético Nacional', 0.95, 1.0),
  ],
};

export const PREMIER_LEAGUE: FootballCompetition = {
  id: 'premier-league',
  sport: 'football',
  country: 'GB',
  name: { pt: 'Premier League', en: 'Premier League' },
  season: '2025-26',
  goals: { home: 1.55, away: 1.25 },
  teams: [
    club('arsenal', 'Arsenal', 1.35, 0.65),
    club('manchester-city', 'Manchester City', 1.4, 0.8),
    club('liverpool', 'Liverpool', 1.35, 0.85),
    club('chelsea', 'Chelsea', 1.25, 0.85),
    club('newcastle-united', 'Newcastle United', 1.15, 0.9),
    club('aston-villa', 'Aston Villa', 1.1, 0.9),
    club('manchester-united', 'Manchester United', 1.1, 1.0),
    club('tottenham-hotspur', 'Tottenham Hotspur', 1.1, 1.0),
    club('brighton', 'Brighton & Hove Albion', 1.1, 1.0),
    club('crystal-palace', 'Crystal Palace', 1.0, 0.9),
    club('brentford', 'Brentford', 1.05, 1.05),
    club('bournemouth', 'Bournemouth', 1.05, 1.0),
    club('fulham', 'Fulham', 1.0, 1.0),
    club('nottingham-forest', 'Nottingham Forest', 0.95, 1.0),
    club('everton', 'Everton', 0.9, 0.95),
    club('west-ham-united', 'West Ham United', 0.95, 1.15),
    club('leeds-united', 'Leeds United', 0.85, 1.1),
    club('wolverhampton', 'Wolverhampton Wanderers', 0.85, 1.2),
    club('sunderland', 'Sunderland', 0.85, 1.05),
    club('burnley', 'Burnley', 0.8, 1.2),
  ],
};

export const CS2_PRO_LEAGUE: EsportsCompetition = {
  id: 'cs2-esl-pro-league',
  sport: 'cs2',
  country: null,
  name: { pt: 'ESL Pro League', en: 'ESL Pro League' },
  bestOf: 3,
  teams: [
    team('vitality', 'Team Vitality', 1850),
    team('mouz', 'MOUZ', 1760),
    team('spirit', 'Team Spirit', 1750),
    team('the-mongolz', 'The MongolZ', 1740),
    team('falcons', 'Team Falcons', 1740),
    team('furia', 'FURIA', 1730),
    team('natus-vincere', 'Natus Vincere', 1720),
    team('aurora', 'Aurora Gaming', 1700),
    team('faze', 'FaZe Clan', 1680),
    team('g2', 'G2 Esports', 1680),
    team('astralis', 'Astralis', 1650),
    team('pain', 'paiN Gaming', 1640),
    team('mibr', 'MIBR', 1600),
    team('legacy', 'Legacy', 1600),
  ],
};

export const DOTA2_THE_INTERNATIONAL: EsportsCompetition = {
  id: 'dota2-the-international',
  sport: 'dota2',
  country: null,
  name: { pt: 'The International', en: 'The International' },
  bestOf: 3,
  teams: [
    team('falcons', 'Team Falcons', 1820),
    team('spirit', 'Team Spirit', 1790),
    team('tundra', 'Tundra Esports', 1770),
    team('parivision', 'PARIVISION', 1770),
    team('liquid', 'Team Liquid', 1760),
    team('betboom', 'BetBoom Team', 1750),
    team('xtreme', 'Xtreme Gaming', 1740),
    team('gaimin-gladiators', 'Gaimin Gladiators', 1720),
    team('aurora', 'Aurora Gaming', 1710),
    team('tidebound', 'Team Tidebound', 1700),
    team('nigma-galaxy', 'Nigma Galaxy', 1690),
    team('heroic', 'HEROIC', 1690),
  ],
};

export const LOL_WORLDS: EsportsCompetition = {
  id: 'lol-worlds',
  sport: 'lol',
  country: null,
  name: { pt: 'Mundial de League of Legends', en: 'League of Legends World Championship' },
  bestOf: 3,
  teams: [
    team('gen-g', 'Gen.G', 1850),
    team('t1', 'T1', 1830),
    team('hanwha-life', 'Hanwha Life Esports', 1800),
    team('bilibili', 'Bilibili Gaming', 1790),
    team('anyones-legend', "Anyone's Legend", 1790),
    team('top-esports', 'Top Esports', 1760),
    team('kt-rolster', 'KT Rolster', 1740),
    team('g2', 'G2 Esports', 1720),
    team('flyquest', 'FlyQuest', 1680),
    team('movistar-koi', 'Movistar KOI', 1680),
    team('fnatic', 'Fnatic', 1670),
    team('pain', 'paiN Gaming', 1600),
  ],
};

export const VALORANT_CHAMPIONS: EsportsCompetition = {
  id: 'valorant-champions',
  sport: 'valorant',
  country: null,
  name: { pt: 'VALORANT Champions', en: 'VALORANT Champions' },
  bestOf: 3,
  teams: [
    team('fnatic', 'Fnatic', 1800),
    team('paper-rex', 'Paper Rex', 1780),
    team('heretics', 'Team Heretics', 1770),
    team('g2', 'G2 Esports', 1760),
    team('nrg', 'NRG', 1760),
    team('edward-gaming', 'EDward Gaming', 1750),
    team('sentinels', 'Sentinels', 1740),
    team('drx', 'DRX', 1730),
    team('mibr', 'MIBR', 1700),
    team('liquid', 'Team Liquid', 1700),
    team('loud', 'LOUD', 1680),
    team('furia', 'FURIA', 1640),
  ],
};

/** Every competition, Brazilian football first (the lobby's order). */
export const CATALOGUE: readonly CatalogueCompetition[] = [
  BR_SERIE_A,
  COPA_LIBERTADORES,
  PREMIER_LEAGUE,
  CS2_PRO_LEAGUE,
  DOTA2_THE_INTERNATIONAL,
  LOL_WORLDS,
  VALORANT_CHAMPIONS,
];
