import type { LaunchedGame } from '../../api/contract/games';

const KEY = 'seamless-game';

/** The game /seamless shows: kept for the tab, so a reload shows it again while its session lives. */
export function rememberLaunched(game: LaunchedGame) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(game));
  } catch {
    // Storage refused (private mode): the page still has it until it is left.
  }
  current = game;
}

let current: LaunchedGame | null = null;

export function launchedGame(): LaunchedGame | null {
  if (current) return current;
  try {
    const raw = sessionStorage.getItem(KEY);
    current = raw ? (JSON.parse(raw) as LaunchedGame) : null;
  } catch {
    current = null;
  }
  return current;
}

export function forgetLaunched() {
  current = null;
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing kept
  }
}
