/**
 * How anyone checks a lottery draw (docs/lottery.md, "Fairness"), shared by the server that publishes a
 * draw's lines and the browser that verifies them: one implementation of each line's leaf and of the mix.
 *
 * Scheme 2 (every draw closed since lines carried a leaf): each accepted line is published only as its
 * leaf, the SHA-256 of `lottery-line/v2:<game>:<draw>:<salt>:<betType>:<selection>:<unit>:<multiplier>`,
 * where the salt is 16 random bytes given only to the line's member. No member id goes in, so the list
 * tells nobody who bet or what, while each member finds their own lines in it. The draw's mix (the HMAC
 * message of its numbers) is the SHA-256 of the leaves sorted and joined by newlines.
 *
 * Scheme 1 (draws closed before): the mix hashed each line with its member id, so its lines cannot be
 * published; such a draw is checked from its seed and mix alone, and says so.
 */
import type { LotteryDraw, LotteryLine } from '../api/contract/lottery';
import { commitmentOf } from '../originals/fair';
import { sha256, toHex } from '../originals/sha256';
import { drawResult, type Family } from './results';

/** The mix of draws whose lines are published as leaves. */
export const LEAF_SCHEME = 2;

/** What a line's leaf is made of: everything that decides what it pays, and nothing about who placed it. */
export interface LeafTerms {
  /** The game's code and the draw's number: a leaf belongs to one draw. */
  game: string;
  draw: string;
  /** 32 lowercase hex digits, random, known to the server and the line's member only. */
  salt: string;
  betType: string;
  /** As stored: rows of numbers, each row in ascending order. */
  selection: number[][];
  unit: number;
  multiplier: number;
}

/** The text a leaf hashes (numbers in decimal, the selection as compact JSON). */
export const leafText = (l: LeafTerms) =>
  `lottery-line/v2:${l.game}:${l.draw}:${l.salt}:${l.betType}:${JSON.stringify(l.selection)}:${l.unit}:${l.multiplier}`;

/** A line's leaf: 64 lowercase hex digits. */
export const lineLeaf = (l: LeafTerms) => toHex(sha256(leafText(l)));

/** Byte order of lowercase hex (what PostgreSQL's COLLATE "C" gives). */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A draw's mix from its leaves: SHA-256 of the leaves in ascending order joined by "\n" (no newline at the end). */
export function mixOfLeaves(leaves: readonly string[]): string {
  return toHex(sha256([...leaves].sort(byText).join('\n')));
}

const LEAF = /^[0-9a-f]{64}$/;

/** JSON with object keys in one order (the database hands a result back with its keys reordered). */
export const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => byText(a, b)))
      : v,
  );

export type DrawCheck =
  /** Not drawn yet (nor cancelled with its seed shown): nothing to check. */
  | { outcome: 'pending' }
  | {
      outcome: 'verified' | 'mismatch';
      /** The revealed seed hashes to the hash published before the draw took bets. */
      seed: boolean;
      /**
       * Scheme 2: the published leaves are well formed, as many as the draw's lines, and hash to its mix.
       * null for a scheme 1 draw (its lines were never publishable) or a draw cancelled before its close.
       */
      leaves: boolean | null;
      /** The numbers follow from seed and mix (null when the draw was cancelled before its close). */
      numbers: boolean | null;
      /** What a draw cancelled after its close would have drawn, so players see what was called off. */
      wouldHaveDrawn: ReturnType<typeof drawResult> | null;
      /** The member's lines that were in the draw: how many are in the published list, and which are not. */
      mine: { included: number; missing: number[] };
    };

/**
 * Checks a draw in the browser: its seed against the published hash, its published leaves against its
 * mix, its numbers from seed and mix, and the member's own lines in the leaves. `leaves` is what
 * `GET /api/lottery/draw/lines` answered (null for a scheme 1 draw); `mine` the member's lines on the draw.
 */
export function checkDraw(
  family: Family,
  draw: LotteryDraw,
  leaves: readonly string[] | null,
  mine: readonly LotteryLine[] = [],
): DrawCheck {
  if (!draw.serverSeed) return { outcome: 'pending' };
  const seed = commitmentOf(draw.serverSeed) === draw.seedHash;
  const cancelled = draw.status === 'cancelled';
  const closed = draw.mix !== null;
  let leavesOk: boolean | null = null;
  if (closed && draw.mixScheme === LEAF_SCHEME) {
    leavesOk =
      !!leaves &&
      leaves.every((l, i) => LEAF.test(l) && (i === 0 || byText(leaves[i - 1]!, l) < 0)) &&
      leaves.length === draw.betCount &&
      mixOfLeaves(leaves) === draw.mix;
  }
  const again = closed
    ? drawResult(family, draw.serverSeed, draw.mix!, { zodiacOfOne: draw.zodiacOfOne ?? undefined })
    : null;
  const numbers = cancelled || !again ? null : canonical(again) === canonical(draw.result);
  // Lines the member cancelled before the close never were in the draw; a draw cancelled after its close
  // refunded every line, so there only the lines found count.
  const published = new Set(leaves ?? []);
  const missing: number[] = [];
  let included = 0;
  if (draw.mixScheme === LEAF_SCHEME && leaves) {
    for (const line of mine) {
      if (line.draw !== draw.number || !line.salt) continue;
      const found = published.has(lineLeaf({ ...line, salt: line.salt }));
      if (found) included++;
      else if (line.status === 'won' || line.status === 'lost' || line.status === 'placed')
        missing.push(line.id);
    }
  }
  const ok = seed && leavesOk !== false && numbers !== false && missing.length === 0;
  return {
    outcome: ok ? 'verified' : 'mismatch',
    seed,
    leaves: leavesOk,
    numbers,
    wouldHaveDrawn: cancelled ? again : null,
    mine: { included, missing },
  };
}
