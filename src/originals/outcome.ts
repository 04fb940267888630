/**
 * Every instant game's outcome from its seeds: the one function the server draws with when it accepts a
 * wager and the fairness page recomputes in the browser.
 */
import { OutcomeStream } from './fair';
import { drawDice } from './games/dice';
import { drawKeno } from './games/keno';
import { drawLimbo } from './games/limbo';
import { drawMines } from './games/mines';
import { drawPlinko } from './games/plinko';

export const SEEDED_GAMES = ['dice', 'limbo', 'plinko', 'mines', 'keno'] as const;
export type SeededGame = (typeof SEEDED_GAMES)[number];
export const ORIGINAL_GAMES = [...SEEDED_GAMES, 'crash'] as const;
export type OriginalGame = (typeof ORIGINAL_GAMES)[number];

/** What a game needs to draw besides the seeds. */
export type DrawInput =
  | { game: 'dice' }
  | { game: 'limbo'; edgeBp: number }
  | { game: 'plinko'; rows: number }
  | { game: 'keno' }
  | { game: 'mines'; mines: number };

export type Outcome =
  | { game: 'dice'; roll: number }
  | { game: 'limbo'; result: number }
  | { game: 'plinko'; path: number[]; bin: number }
  | { game: 'keno'; drawn: number[] }
  | { game: 'mines'; mines: number[] };

export interface Seeds {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

export function drawOutcome(seeds: Seeds, input: DrawInput): Outcome {
  const stream = new OutcomeStream(seeds.serverSeed, seeds.clientSeed, seeds.nonce);
  switch (input.game) {
    case 'dice':
      return { game: 'dice', roll: drawDice(stream) };
    case 'limbo':
      return { game: 'limbo', result: drawLimbo(stream, input.edgeBp) };
    case 'plinko':
      return { game: 'plinko', ...drawPlinko(stream, input.rows) };
    case 'keno':
      return { game: 'keno', drawn: drawKeno(stream) };
    case 'mines':
      return { game: 'mines', mines: drawMines(stream, input.mines) };
  }
}
