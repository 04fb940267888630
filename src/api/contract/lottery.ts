/** The lotteries (docs/lottery.md): games, draws, slips and chases, lines, results; and the back office. */
import { z } from 'zod';
import { FAMILIES } from '../../lottery/results';
import { epochMillis, epochMillisQuery, minorUnits, sentAmount } from './common';

export const lotteryFamily = z.enum(FAMILIES);
export const LOTTERY_VENDORS = ['LOTT', 'ELOTT', 'TCG_SEA', 'TCG_LOTTO_VN'] as const;
export const lotteryVendor = z.enum(LOTTERY_VENDORS);

const gameCode = z.string().trim().min(1).max(32);
const drawNumber = z.string().trim().min(1).max(32);
/** The most lines one slip may hold, and the highest multiplier of a line. */
export const MAX_SLIP_LINES = 20;
export const MAX_MULTIPLIER = 999;

export const betTypeSettings = z.object({
  code: z.string(),
  enabled: z.boolean(),
  /** Per odds key, in hundredths of the stake of one combination (stake included). */
  odds: z.record(z.string(), z.number().int()),
  /** A line's stake (unit × multiplier × combinations), in minor units. */
  minStake: minorUnits,
  maxStake: minorUnits,
});
export type BetTypeSettings = z.infer<typeof betTypeSettings>;

export const lotterySchedule = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('interval'), minutes: z.number().int() }),
  z.object({ kind: z.literal('daily'), time: z.string(), timeZone: z.string() }),
]);

export const lotteryGame = z.object({
  code: z.string(),
  vendor: lotteryVendor,
  family: lotteryFamily,
  name: z.string(),
  schedule: lotterySchedule,
  closeSeconds: z.number().int(),
  maxChase: z.number().int(),
  enabled: z.boolean(),
  betTypes: z.array(betTypeSettings),
});
export type LotteryGame = z.infer<typeof lotteryGame>;

export const DRAW_STATUSES = ['scheduled', 'open', 'closed', 'drawn', 'settled', 'cancelled'] as const;
export const lotteryDraw = z.object({
  number: z.string(),
  opensAt: epochMillis,
  closesAt: epochMillis,
  drawsAt: epochMillis,
  status: z.enum(DRAW_STATUSES),
  /** SHA-256 of the server seed, published when the draw was scheduled. */
  seedHash: z.string(),
  /** The HMAC message of the numbers, fixed when the window closed (src/lottery/verify.ts). */
  mix: z.string().nullable(),
  /**
   * How the mix was made: 2, the SHA-256 of the accepted lines' published leaves; 1, draws closed before
   * leaves existed (each line hashed with its member, so its lines cannot be published). null until closed.
   */
  mixScheme: z.number().int().nullable(),
  betCount: z.number().int().nullable(),
  /** Revealed once drawn, or once cancelled. */
  serverSeed: z.string().nullable(),
  result: z.record(z.string(), z.unknown()).nullable(),
  zodiacOfOne: z.number().int().nullable(),
  /** Why the operator cancelled it, shown to players; and when (after `closesAt`: after its bets were fixed). */
  cancelReason: z.string().nullable(),
  cancelledAt: epochMillis.nullable(),
});
export type LotteryDraw = z.infer<typeof lotteryDraw>;

export const lotteryGamesValue = z.object({ games: z.array(lotteryGame), currency: z.string() });

export const lotteryStateQuery = z.object({ game: gameCode });
export const lotteryState = z.object({
  game: lotteryGame,
  /** The server's clock when it answered: the page counts down from it, not from the device's. */
  now: epochMillis,
  /** The draw taking bets now, and the ones after it (a chase covers them in order). */
  upcoming: z.array(lotteryDraw),
  /** The last draw drawn. */
  last: lotteryDraw.nullable(),
});
export type LotteryState = z.infer<typeof lotteryState>;

export const slipLine = z.object({
  betType: z.string().min(1).max(32),
  selection: z
    .array(z.array(z.number().int().min(0).max(9_999)).max(49))
    .min(1)
    .max(10),
  /** The stake of one combination, in minor units. */
  unit: sentAmount,
  multiplier: z.number().int().min(1).max(MAX_MULTIPLIER),
});
export type SlipLine = z.infer<typeof slipLine>;

export const placeSlipBody = z.object({
  requestId: z.string().trim().min(8).max(64),
  game: gameCode,
  /** The draw the slip is for (the one the page shows taking bets). */
  draw: drawNumber,
  lines: z.array(slipLine).min(1).max(MAX_SLIP_LINES),
  /** The same slip on this draw and the next ones: `draws` in all. */
  chase: z.object({ draws: z.number().int().min(2).max(120), stopOnWin: z.boolean() }).optional(),
});
export type PlaceSlipBody = z.infer<typeof placeSlipBody>;

export const LINE_STATUSES = ['placed', 'won', 'lost', 'refunded'] as const;
export const lotteryLine = z.object({
  id: z.number().int(),
  game: z.string(),
  draw: z.string(),
  drawsAt: epochMillis,
  drawStatus: z.enum(DRAW_STATUSES),
  betType: z.string(),
  selection: z.array(z.array(z.number().int())),
  combos: z.number().int(),
  unit: minorUnits,
  multiplier: z.number().int(),
  stake: minorUnits,
  odds: z.record(z.string(), z.number().int()),
  payout: minorUnits,
  status: z.enum(LINE_STATUSES),
  chaseId: z.number().int().nullable(),
  createdAt: epochMillis,
  /**
   * The line's secret salt and its leaf in the draw's published list (src/lottery/verify.ts): shown only
   * to its member, who recomputes the leaf from the line and finds it in the list. null for lines placed
   * before leaves existed.
   */
  salt: z.string().nullable(),
  leaf: z.string().nullable(),
});
export type LotteryLine = z.infer<typeof lotteryLine>;

export const placedSlip = z.object({
  lines: z.array(lotteryLine),
  chaseId: z.number().int().nullable(),
  /** The main wallet after the slip. */
  balance: minorUnits.nullable(),
});
export type PlacedSlip = z.infer<typeof placedSlip>;

export const cancelLinesBody = z.object({
  ids: z
    .array(z.number().int().min(1).max(Number.MAX_SAFE_INTEGER))
    .min(1)
    .max(MAX_SLIP_LINES * 120),
});
export const cancelledLines = z.object({ ids: z.array(z.number().int()), balance: minorUnits.nullable() });

export const myLinesQuery = z.object({
  game: gameCode.optional(),
  /** Only the lines on this draw of `game` (the results' check finds the member's lines in it). */
  draw: drawNumber.optional(),
  status: z.enum(LINE_STATUSES).optional(),
  before: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
export const myLines = z.object({ lines: z.array(lotteryLine), next: z.number().int().nullable() });

export const lotteryResultsQuery = z.object({
  game: gameCode,
  before: epochMillisQuery.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
export const lotteryResults = z.object({ draws: z.array(lotteryDraw) });

export const lotteryDrawQuery = z.object({ game: gameCode, number: drawNumber });

/** A draw's accepted lines as published at its close: leaves only, sorted (src/lottery/verify.ts). */
export const lotteryDrawLines = z.object({
  number: z.string(),
  status: z.enum(DRAW_STATUSES),
  mixScheme: z.number().int().nullable(),
  mix: z.string().nullable(),
  betCount: z.number().int().nullable(),
  /** null before the close, and for a scheme 1 draw. */
  leaves: z.array(z.string()).nullable(),
});

/** Spec 7: the menus and "opened numbers" calls of the lottery pages. */
export const lotteryMenuItem = z.object({
  gameCode: z.string(),
  name: z.string(),
  vendor: lotteryVendor,
  family: lotteryFamily,
  nextDrawAt: epochMillis.nullable(),
  lastNumbers: z.array(z.string()),
});
export const lotteryMenu = z.array(lotteryMenuItem);
export const openedNumerosQuery = z.object({ gameCode: gameCode.optional() });
export const openedNumero = z.object({
  gameCode: z.string(),
  numero: z.string(),
  drawsAt: epochMillis,
  numbers: z.array(z.string()),
});
export const openedNumeros = z.array(openedNumero);

// ---- back office ------------------------------------------------------------------------------------

export const adminBetType = betTypeSettings.extend({
  /** The exact return of each measured selection at these odds, as a percentage ("97.50"). */
  returns: z.array(z.object({ label: z.string(), percent: z.string() })),
});
export const adminLotteryGame = lotteryGame.extend({ betTypes: z.array(adminBetType) });
export const adminLotteries = z.object({ games: z.array(adminLotteryGame), currency: z.string() });

export const updateLotteryBody = z.object({
  game: gameCode,
  enabled: z.boolean().optional(),
  closeSeconds: z.number().int().min(5).max(3_600).optional(),
  maxChase: z.number().int().min(1).max(120).optional(),
  /** A daily game's draw time (HH:MM of its zone): draws not yet open and without bets move to it. */
  dailyTime: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/)
    .optional(),
  betType: z
    .object({
      code: z.string().min(1).max(32),
      enabled: z.boolean(),
      odds: z.record(z.string(), z.number().int().min(100).max(1_000_000_000)),
      minStake: sentAmount,
      maxStake: sentAmount,
    })
    .optional(),
});

export const adminDrawsQuery = z.object({ game: gameCode });
export const adminDraw = lotteryDraw.extend({
  exposure: z.array(
    z.object({
      betType: z.string(),
      lines: z.number().int(),
      members: z.number().int(),
      stake: minorUnits,
      /** What the lines would pay if every combination won at its best odds: an upper bound. */
      maxPayout: minorUnits,
    }),
  ),
});
export const adminDraws = z.object({ draws: z.array(lotteryDraw), now: epochMillis });
export const adminDrawQuery = z.object({ game: gameCode, number: drawNumber });
export const cancelDrawBody = z.object({
  game: gameCode,
  number: drawNumber,
  reason: z.string().trim().min(3).max(200),
  /**
   * The operator knows the draw has closed (its lines are fixed and its numbers could be computed) and
   * cancels it anyway: required after the close, audited apart, and the reason is shown to players.
   */
  afterClose: z.boolean().optional(),
});
