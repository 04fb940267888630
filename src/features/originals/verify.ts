/**
 * The fairness page's verifier, without React: recomputes a round from its seeds with the shared code in
 * src/originals (drawOutcome, crashPoint, nextInChain), and shows its work: the HMAC blocks read, and how
 * each group of bytes became a number. Nothing here asks the server anything.
 */
import { commitmentOf, OutcomeStream } from '../../originals/fair';
import { crashPoint, nextInChain } from '../../originals/games/crash';
import { drawDice } from '../../originals/games/dice';
import { drawKeno } from '../../originals/games/keno';
import { drawLimbo } from '../../originals/games/limbo';
import { drawMines, MINES_MAX, MINES_MIN, MINES_TILES } from '../../originals/games/mines';
import { drawPlinko, PLINKO_ROWS } from '../../originals/games/plinko';
import {
  type DrawInput,
  drawOutcome,
  type OriginalGame,
  type Outcome,
  SEEDED_GAMES,
  type SeededGame,
  type Seeds,
} from '../../originals/outcome';
import { Hmac256, toHex } from '../../originals/sha256';
import { formatDecimal, pageLanguage } from '../../ui/format';

export const DEFAULT_EDGE_BP = 100;

/** One group of bytes read from the stream and what became of it. */
export type Draw =
  | {
      kind: 'int';
      /** The first byte's position in the stream (0 = the first byte of block 0). */
      offset: number;
      /** The uint32 read (4 bytes, big-endian). */
      value: number;
      n: number;
      /** floor(2^32 / n) · n: a value at or above it is thrown away and four more bytes are read. */
      limit: number;
      accepted: boolean;
      /** value mod n, when accepted. */
      result: number | null;
    }
  | { kind: 'uint48'; offset: number; value: number };

/** One HMAC block the round read from. */
export interface Block {
  cursor: number;
  /** `${clientSeed}:${nonce}:${cursor}` */
  message: string;
  /** HMAC-SHA256(key = serverSeed, message), 32 bytes as 64 hex digits. */
  hex: string;
}

export interface Verification {
  /** SHA-256 of the server seed's text: the commitment shown before the seed was used. */
  commitment: string;
  outcome: Outcome;
  bytesUsed: number;
  blocks: Block[];
  draws: Draw[];
}

/** An OutcomeStream that notes every read; the reading itself is the shared code's (super). */
class TracingStream extends OutcomeStream {
  readonly draws: Draw[] = [];

  override uint32(): number {
    const offset = this.bytesUsed;
    const value = super.uint32();
    this.draws.push({ kind: 'int', offset, value, n: 0, limit: 0, accepted: false, result: null });
    return value;
  }

  override uint48(): number {
    const start = this.draws.length;
    const offset = this.bytesUsed;
    const value = super.uint48();
    this.draws.splice(start, this.draws.length - start, { kind: 'uint48', offset, value });
    return value;
  }

  override int(n: number): number {
    const start = this.draws.length;
    const result = super.int(n);
    const limit = Math.floor(2 ** 32 / n) * n;
    for (let i = start; i < this.draws.length; i++) {
      const d = this.draws[i]!;
      if (d.kind !== 'int') continue;
      const last = i === this.draws.length - 1;
      this.draws[i] = { ...d, n, limit, accepted: last, result: last ? result : null };
    }
    return result;
  }
}

function drawTraced(stream: OutcomeStream, input: DrawInput): Outcome {
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

/**
 * Recomputes a round: the outcome is drawOutcome's (the very function the server draws with); a second,
 * traced run of the same game code records which bytes were read and how they were turned into numbers.
 */
export function verify(seeds: Seeds, input: DrawInput): Verification {
  const outcome = drawOutcome(seeds, input);
  const stream = new TracingStream(seeds.serverSeed, seeds.clientSeed, seeds.nonce);
  drawTraced(stream, input);
  const hmac = new Hmac256(seeds.serverSeed);
  const blocks: Block[] = [];
  for (let cursor = 0; cursor * 32 < stream.bytesUsed; cursor++) {
    const message = `${seeds.clientSeed}:${seeds.nonce}:${cursor}`;
    blocks.push({ cursor, message, hex: toHex(hmac.digest(message)) });
  }
  return {
    commitment: commitmentOf(seeds.serverSeed),
    outcome,
    bytesUsed: stream.bytesUsed,
    blocks,
    draws: stream.draws,
  };
}

/** Whether a recorded outcome (as the server stored it) is the recomputed one, field by field. */
export function sameOutcome(recorded: Record<string, unknown>, computed: Outcome): boolean {
  return Object.entries(computed).every(
    ([key, value]) => JSON.stringify(recorded[key]) === JSON.stringify(value),
  );
}

const intParam = (params: Record<string, unknown>, key: string) => {
  const v = params[key];
  return typeof v === 'number' && Number.isInteger(v) ? v : null;
};

export const isSeededGame = (game: string): game is SeededGame =>
  (SEEDED_GAMES as readonly string[]).includes(game);

/** What drawOutcome needs for a recorded round, from the parameters stored with it. */
export function drawInputOf(game: OriginalGame, params: Record<string, unknown>): DrawInput | null {
  switch (game) {
    case 'dice':
      return { game: 'dice' };
    case 'keno':
      return { game: 'keno' };
    case 'limbo': {
      const edgeBp = intParam(params, 'edgeBp');
      return edgeBp === null ? null : { game: 'limbo', edgeBp };
    }
    case 'plinko': {
      const rows = intParam(params, 'rows');
      return rows === null ? null : { game: 'plinko', rows };
    }
    case 'mines': {
      const mines = intParam(params, 'mines');
      return mines === null ? null : { game: 'mines', mines };
    }
    case 'crash':
      return null;
  }
}

/** The verifier's form as typed; `parseForm` says what is wrong or gives the seeds and the game's input. */
export interface VerifierForm {
  game: SeededGame;
  serverSeed: string;
  clientSeed: string;
  nonce: string;
  edgeBp: string;
  rows: string;
  mines: string;
}

export type FormProblem = 'server_seed' | 'client_seed' | 'nonce' | 'edge' | 'rows' | 'mines';

const wholeIn = (text: string, min: number, max: number) => {
  if (!/^\d{1,10}$/.test(text.trim())) return null;
  const n = Number(text.trim());
  return n >= min && n <= max ? n : null;
};

export function parseForm(
  form: VerifierForm,
): { ok: true; seeds: Seeds; input: DrawInput } | { ok: false; problems: FormProblem[] } {
  const problems: FormProblem[] = [];
  const serverSeed = form.serverSeed.trim();
  const clientSeed = form.clientSeed.trim();
  if (!serverSeed) problems.push('server_seed');
  if (!clientSeed) problems.push('client_seed');
  const nonce = wholeIn(form.nonce, 0, 2 ** 31 - 1);
  if (nonce === null) problems.push('nonce');
  let input: DrawInput | null = null;
  switch (form.game) {
    case 'dice':
    case 'keno':
      input = { game: form.game };
      break;
    case 'limbo': {
      const edgeBp = wholeIn(form.edgeBp, 0, 9_999);
      if (edgeBp === null) problems.push('edge');
      else input = { game: 'limbo', edgeBp };
      break;
    }
    case 'plinko': {
      const rows = wholeIn(form.rows, PLINKO_ROWS[0], PLINKO_ROWS[PLINKO_ROWS.length - 1]!);
      if (rows === null) problems.push('rows');
      else input = { game: 'plinko', rows };
      break;
    }
    case 'mines': {
      const mines = wholeIn(form.mines, MINES_MIN, MINES_MAX);
      if (mines === null) problems.push('mines');
      else input = { game: 'mines', mines };
      break;
    }
  }
  if (problems.length > 0 || !input || nonce === null) return { ok: false, problems };
  return { ok: true, seeds: { serverSeed, clientSeed, nonce }, input };
}

/** A dice roll (0 … 9999) in the page's language: 0,00 … 99,99 in PT. */
export { rollText } from './outcomeText';

/** A multiplier in hundredths in the page's language: 159 → "1,59" in PT, 100000000 → "1.000.000,00". */
export const hundredthsText = (h: number, lang = pageLanguage()) => formatDecimal(h / 100, 2, lang);

/** The 5×5 field, row by row: true where a mine is. */
export const minesField = (mines: readonly number[]) =>
  Array.from({ length: MINES_TILES }, (_, tile) => mines.includes(tile));

// ---- crash ------------------------------------------------------------------------------------------

export const HASH_PATTERN = /^[0-9a-f]{64}$/;
export const normaliseHash = (text: string) => text.trim().toLowerCase();

export interface CrashCheck {
  /** HMAC-SHA256(key = the round's hash, message = the salt), hex. */
  hmac: string;
  /** Its first 6 bytes, big-endian: r in 0 … 2^48 − 1. */
  r: number;
  /** The bust point in hundredths. */
  bust: number;
}

/** A crash round's bust point from its hash, the chain's salt and the edge: crashPoint, with its work shown. */
export function crashCheck(hash: string, salt: string, edgeBp: number): CrashCheck {
  const digest = new Hmac256(hash).digest(salt);
  const r = digest.slice(0, 6).reduce((acc, b) => acc * 256 + b, 0);
  return { hmac: toHex(digest), r, bust: crashPoint(hash, salt, edgeBp) };
}

export interface ChainWalk {
  /** After how many hashes the target came up (null: not within the count). */
  foundAt: number | null;
  /** The hash after the last step taken. */
  last: string;
  steps: number;
}

/**
 * Hashes `from` up to `count` times (each step: SHA-256 of the previous hash's hex text, nextInChain) and
 * stops when `target` comes up. Works in slices and yields between them so a long chain keeps the page
 * responsive; `signal` stops it.
 */
export async function walkChain(
  from: string,
  target: string,
  count: number,
  options: { signal?: AbortSignal; onProgress?: (done: number) => void; slice?: number } = {},
): Promise<ChainWalk> {
  const slice = options.slice ?? 5_000;
  let hash = normaliseHash(from);
  const goal = normaliseHash(target);
  for (let done = 0; done < count; ) {
    const end = Math.min(count, done + slice);
    for (; done < end; ) {
      hash = nextInChain(hash);
      done++;
      if (hash === goal) return { foundAt: done, last: hash, steps: done };
    }
    if (done < count) {
      options.onProgress?.(done);
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (options.signal?.aborted) throw new DOMException('stopped', 'AbortError');
    }
  }
  return { foundAt: null, last: hash, steps: count };
}
