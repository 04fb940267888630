import { percent, targetReturn } from '../../../src/originals/exact';
import { kenoTables } from '../../../src/originals/games/keno';
import { plinkoTables } from '../../../src/originals/games/plinko';
import { ORIGINAL_GAMES, type OriginalGame } from '../../../src/originals/outcome';
import type { SettingsRow } from './originals.repository';

export interface GameSettings {
  game: OriginalGame;
  enabled: boolean;
  edgeBp: number;
  minBet: number;
  maxBet: number;
  maxWin: number;
}

/** What a game plays with until an operator sets it: a 1 % edge, 0.10 to 10,000.00, wins up to 1,000,000.00. */
export const DEFAULT_SETTINGS: Omit<GameSettings, 'game'> = {
  enabled: true,
  edgeBp: 100,
  minBet: 10,
  maxBet: 1_000_000,
  maxWin: 100_000_000,
};

/**
 * Limits an operator may set: a house edge of 0.5 % … 10 % in steps of 0.25 %. The step keeps every table
 * within 0.05 % below its target: keno with one pick pays one outcome of chance 1/4, and its multiplier
 * (in hundredths) meets 1 − edge exactly only when the edge is a multiple of 0.25 %.
 */
export const EDGE_LIMITS = { min: 50, max: 1_000, step: 25 };

export function settingsOf(rows: SettingsRow[]): Record<OriginalGame, GameSettings> {
  const out = {} as Record<OriginalGame, GameSettings>;
  for (const game of ORIGINAL_GAMES) {
    const row = rows.find((r) => r.game === game);
    out[game] = row
      ? {
          game,
          enabled: row.enabled,
          edgeBp: row.edgeBp,
          minBet: row.minBet,
          maxBet: row.maxBet,
          maxWin: row.maxWin,
        }
      : { game, ...DEFAULT_SETTINGS };
  }
  return out;
}

/** The theoretical return shown beside a game: 1 − edge (each table's exact return is within 0.05 % below). */
export const theoreticalRtp = (edgeBp: number) => percent(targetReturn(edgeBp));

const tableCache = new Map<string, Record<string, number[]>>();

/** Plinko and keno tables for an edge, made once per process (they cost a few milliseconds). */
export function tablesFor(kind: 'plinko' | 'keno', edgeBp: number) {
  const key = `${kind}:${edgeBp}`;
  let tables = tableCache.get(key);
  if (!tables) {
    tables = kind === 'plinko' ? plinkoTables(edgeBp) : kenoTables(edgeBp);
    tableCache.set(key, tables);
  }
  return tables;
}
