/** The in-house games (vendor BGS): settings, seeds, wagers, mines, crash, recent bets and recall. */
import { z } from 'zod';
import { CLIENT_SEED_PATTERN } from '../../originals/fair';
import { DICE_MAX_CHANCE, DICE_MIN_CHANCE } from '../../originals/games/dice';
import { KENO_MAX_PICKS, KENO_NUMBERS, KENO_RISKS } from '../../originals/games/keno';
import { LIMBO_MAX_TARGET, LIMBO_MIN_TARGET } from '../../originals/games/limbo';
import { MINES_MAX, MINES_MIN, MINES_TILES } from '../../originals/games/mines';
import { PLINKO_RISKS } from '../../originals/games/plinko';
import { ORIGINAL_GAMES } from '../../originals/outcome';
import { epochMillis, epochMillisQuery, MAX_AMOUNT, minorUnits, sentAmount } from './common';

export const originalGame = z.enum(ORIGINAL_GAMES);
const requestId = z.string().trim().min(8).max(64);

export const originalsGameSettings = z.object({
  game: originalGame,
  enabled: z.boolean(),
  /** House edge in basis points (100 = 1 %). */
  edgeBp: z.number().int(),
  minBet: minorUnits,
  maxBet: minorUnits,
  maxWin: minorUnits,
  /** The theoretical return to player, exact, as a percentage with two decimals ("99.00"). */
  rtp: z.string(),
});
export type OriginalsGameSettings = z.infer<typeof originalsGameSettings>;

export const originalsSettings = z.object({
  currency: z.string(),
  games: z.array(originalsGameSettings),
  /** Multipliers in hundredths per bin, by `${rows}:${risk}`. */
  plinko: z.record(z.string(), z.array(z.number().int())),
  /** Multipliers in hundredths per number of hits, by `${picks}:${risk}`. */
  keno: z.record(z.string(), z.array(z.number().int())),
});
export type OriginalsSettings = z.infer<typeof originalsSettings>;

const seedPair = z.object({ serverSeedHash: z.string(), clientSeed: z.string(), nonce: z.number().int() });
/** The pair in use, and the SHA-256 of the server seed that follows it, committed before its client seed is chosen. */
const activeSeed = seedPair.extend({ nextServerSeedHash: z.string() });
const revealedSeed = seedPair.extend({ serverSeed: z.string(), revealedAt: epochMillis });
export const originalsSeeds = z.object({ active: activeSeed, previous: z.array(revealedSeed) });
export type OriginalsSeeds = z.infer<typeof originalsSeeds>;

export const clientSeed = z.string().regex(CLIENT_SEED_PATTERN);
export const rotateSeedBody = z.object({ clientSeed: clientSeed.optional() });
export const rotatedSeeds = z.object({ revealed: revealedSeed.nullable(), active: activeSeed });

const stakeField = { requestId, stake: sentAmount };
export const diceParams = z.object({
  chance: z.number().int().min(DICE_MIN_CHANCE).max(DICE_MAX_CHANCE),
  side: z.enum(['under', 'over']),
});
export const limboParams = z.object({ target: z.number().int().min(LIMBO_MIN_TARGET).max(LIMBO_MAX_TARGET) });
export const plinkoParams = z.object({ rows: z.number().int().min(8).max(16), risk: z.enum(PLINKO_RISKS) });
export const kenoParams = z.object({
  picks: z.array(z.number().int().min(1).max(KENO_NUMBERS)).min(1).max(KENO_MAX_PICKS),
  risk: z.enum(KENO_RISKS),
});

export const originalsBetBody = z.discriminatedUnion('game', [
  z.object({ game: z.literal('dice'), ...stakeField, ...diceParams.shape }),
  z.object({ game: z.literal('limbo'), ...stakeField, ...limboParams.shape }),
  z.object({ game: z.literal('plinko'), ...stakeField, ...plinkoParams.shape }),
  z.object({ game: z.literal('keno'), ...stakeField, ...kenoParams.shape }),
]);
export type OriginalsBetBody = z.infer<typeof originalsBetBody>;

/** A settled wager as its player sees it. */
export const originalsBet = z.object({
  id: z.number().int(),
  game: originalGame,
  stake: minorUnits,
  payout: minorUnits,
  /** What the payout was of the stake, in ten-thousandths (0 for a loss). */
  multiplier: z.number().int(),
  params: z.record(z.string(), z.unknown()),
  outcome: z.record(z.string(), z.unknown()),
  nonce: z.number().int(),
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  /** The main wallet right after the bet. */
  balance: minorUnits,
  createdAt: epochMillis,
});
export type OriginalsBet = z.infer<typeof originalsBet>;

export const minesStartBody = z.object({
  ...stakeField,
  mines: z.number().int().min(MINES_MIN).max(MINES_MAX),
});
export const minesRevealBody = z.object({
  betId: z.number().int().min(1),
  tile: z
    .number()
    .int()
    .min(0)
    .max(MINES_TILES - 1),
});
export const minesBetBody = z.object({ betId: z.number().int().min(1) });

export const minesGame = z.object({
  id: z.number().int(),
  stake: minorUnits,
  mines: z.number().int(),
  revealed: z.array(z.number().int()),
  status: z.enum(['open', 'settled']),
  /** The multiplier now and after one more safe tile, in hundredths. */
  multiplier: z.number().int(),
  next: z.number().int().nullable(),
  payout: minorUnits,
  /** Where the mines were: shown once the game has ended. */
  minesAt: z.array(z.number().int()).nullable(),
  nonce: z.number().int(),
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  balance: minorUnits.nullable(),
});
export type MinesGame = z.infer<typeof minesGame>;
export const minesCurrent = z.object({ game: minesGame.nullable() });

export const recentBetsQuery = z.object({
  game: originalGame.optional(),
  scope: z.enum(['mine', 'all']).default('all'),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export const recentBet = z.object({
  id: z.number().int(),
  game: originalGame,
  /** The player's account, masked (a member's own bets show it whole). */
  player: z.string(),
  stake: minorUnits,
  payout: minorUnits,
  multiplier: z.number().int(),
  createdAt: epochMillis,
});
export type RecentBet = z.infer<typeof recentBet>;
export const recentBets = z.object({ items: z.array(recentBet), currency: z.string() });

/** Game recall (GLI-19): a past round with everything needed to check it. */
export const recallRound = z.object({
  id: z.number().int(),
  game: originalGame,
  nonce: z.number().int(),
  serverSeedHash: z.string(),
  /** Known once the pair was rotated; until then the round can be checked after the next rotation. */
  serverSeed: z.string().nullable(),
  clientSeed: z.string(),
  params: z.record(z.string(), z.unknown()),
  outcome: z.record(z.string(), z.unknown()),
  stake: minorUnits,
  payout: minorUnits,
  multiplier: z.number().int(),
  balanceBefore: minorUnits.nullable(),
  balanceAfter: minorUnits.nullable(),
  createdAt: epochMillis,
});
export type RecallRound = z.infer<typeof recallRound>;
export const recallQuery = z.object({ game: originalGame.optional() });
export const recallValue = z.object({ rounds: z.array(recallRound), currency: z.string() });
export const originalsBetQuery = z.object({
  betId: z.coerce.number().int().min(1),
  /** Crash bets are numbered apart from the other games' bets. */
  game: originalGame.optional(),
});

// ---- crash -----------------------------------------------------------------------------------------

export const crashBetBody = z.object({
  requestId,
  stake: sentAmount,
  /** Cash out automatically at this multiplier (hundredths, 1.01× and up); none: by hand. */
  autoCashout: z.number().int().min(101).max(100_000_000).optional(),
});
export const crashCashoutBody = z.object({ betId: z.number().int().min(1) });

export const crashBet = z.object({
  id: z.number().int(),
  roundId: z.number().int(),
  stake: minorUnits,
  autoCashout: z.number().int().nullable(),
  /** Hundredths paid at (0 while in play or lost). */
  multiplier: z.number().int(),
  payout: minorUnits,
  status: z.enum(['active', 'cashed', 'lost']),
  /** The main wallet after the bet's last movement, when known. */
  balance: minorUnits.nullable(),
});
export type CrashBet = z.infer<typeof crashBet>;

/** A round as everyone sees it; times are the server's (epoch ms). */
export const crashRound = z.object({
  id: z.number().int(),
  index: z.number().int(),
  status: z.enum(['betting', 'running', 'crashed', 'settled']),
  bettingEndsAt: epochMillis,
  startedAt: epochMillis.nullable(),
  /** Known once it has crashed: the bust point (hundredths) and the round's hash from the chain. */
  bust: z.number().int().nullable(),
  hash: z.string().nullable(),
});
export type CrashRound = z.infer<typeof crashRound>;

export const crashPlayer = z.object({
  player: z.string(),
  stake: minorUnits,
  multiplier: z.number().int(),
  payout: minorUnits,
  status: z.enum(['active', 'cashed', 'lost']),
});
export type CrashPlayer = z.infer<typeof crashPlayer>;

/**
 * A crash hash chain as published: its commitment (x_0) first, then where its salt will come from (a
 * public value that does not exist yet, announced at `saltAnnouncedAt`), then the salt itself
 * (`saltAt`). No round plays before the salt is known. A source `lottery:<game>:<draw>` is the brand's
 * own lottery draw: its numbers joined by '-'.
 */
export const crashChain = z.object({
  commitment: z.string(),
  salt: z.string().nullable(),
  saltSource: z.string().nullable(),
  saltAnnouncedAt: epochMillis.nullable(),
  saltAt: epochMillis.nullable(),
  length: z.number().int(),
});
export type CrashChain = z.infer<typeof crashChain>;

export const crashState = z.object({
  round: crashRound.nullable(),
  /** The server's clock when this was read, so the page can follow the multiplier on its own clock. */
  serverNow: epochMillis,
  players: z.array(crashPlayer),
  playerCount: z.number().int(),
  totalStake: minorUnits,
  /** The last rounds' bust points and hashes, newest first. */
  history: z.array(z.object({ id: z.number().int(), bust: z.number().int(), hash: z.string() })),
  chain: crashChain.nullable(),
  /** The member's own bet in the current round. */
  mine: crashBet.nullable(),
  currency: z.string(),
});
export type CrashState = z.infer<typeof crashState>;

/** What the crash socket pushes: the whole state whenever it changes (a round's phase, its players). */
export type CrashEvent = { type: 'state'; state: Omit<CrashState, 'mine'> };
export const CRASH_SOCKET_PATH = '/api/originals/crash/ws';

// ---- back office -----------------------------------------------------------------------------------

export const adminOriginalsQuery = z.object({
  from: epochMillisQuery.optional(),
  to: epochMillisQuery.optional(),
});
export const adminOriginals = z.object({
  currency: z.string(),
  from: epochMillis,
  to: epochMillis,
  games: z.array(
    originalsGameSettings.extend({
      /** What the settled bets of the period actually returned. */
      measured: z.object({
        bets: z.number().int(),
        stake: minorUnits,
        payout: minorUnits,
        rtp: z.string().nullable(),
      }),
    }),
  ),
  /** Crash hash chains, newest first: each one's commitment was public before its first round. */
  chains: z.array(
    crashChain.extend({ id: z.number().int(), played: z.number().int(), createdAt: epochMillis }),
  ),
});
export const updateOriginalBody = z.object({
  game: originalGame,
  enabled: z.boolean(),
  /** 0.5 % … 10 % in steps of 0.25 % (basis points). */
  edgeBp: z.number().int().min(50).max(1_000).multipleOf(25),
  minBet: z.number().int().min(1).max(MAX_AMOUNT),
  maxBet: z.number().int().min(1).max(MAX_AMOUNT),
  maxWin: z.number().int().min(1).max(MAX_AMOUNT),
});
/** A public source named before its value exists: what, where and when, in the operator's words. */
export const announceCrashSaltBody = z.object({
  chainId: z.number().int().min(1),
  source: z.string().trim().min(10).max(300),
});
/** The announced source's value, once it exists (visible ASCII, as the verifier hashes it). */
export const enterCrashSaltBody = z.object({
  chainId: z.number().int().min(1),
  salt: z
    .string()
    .trim()
    .min(4)
    .max(128)
    .regex(/^[\x21-\x7e]+$/),
});
export const adminRecallQuery = z.object({
  username: z.string().trim().min(1).max(64),
  game: originalGame.optional(),
});
export const adminRecall = z.object({
  username: z.string(),
  currency: z.string(),
  rounds: z.array(recallRound),
});
