import type { CrashChain, RecallRound } from '../../../src/api/contract/originals';
import { percent } from '../../../src/originals/exact';
import { ORIGINAL_GAMES, type OriginalGame } from '../../../src/originals/outcome';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { BackofficeService, OperatorContext } from '../backoffice/backoffice.service';
import type { EdgeGuard } from '../backoffice/edge-guard';

type Alongside = (tx: Database) => Promise<void>;

interface GameSettings {
  game: OriginalGame;
  enabled: boolean;
  edgeBp: number;
  minBet: number;
  maxBet: number;
  maxWin: number;
}

/** What the back office reaches of the in-house games (server/app.ts passes them in). */
export interface OriginalsAdminPorts {
  settings(brandId: number, currency: string): Promise<Record<OriginalGame, GameSettings>>;
  edgesCover: EdgeGuard;
  theoreticalRtp(edgeBp: number): string;
  save(brandId: number, currency: string, settings: GameSettings, alongside: Alongside): Promise<void>;
  /** Stake and payout of the settled bets of each game in a period (crash included). */
  measured(
    brandId: number,
    from: Date,
    to: Date,
  ): Promise<{ game: string; bets: number; stake: number; payout: number }[]>;
  /** The brand's crash chains as published (chainView), newest first, with how far each has played. */
  chains(brandId: number): Promise<Array<CrashChain & { id: number; played: number; createdAt: number }>>;
  announceSalt(
    brand: OperatorContext['brand'],
    chainId: number,
    source: string,
    alongside: Alongside,
  ): Promise<void>;
  enterSalt(
    brand: OperatorContext['brand'],
    chainId: number,
    salt: string,
    alongside: Alongside,
  ): Promise<void>;
  recall(memberId: number, game: OriginalGame | undefined): Promise<RecallRound[]>;
  byUsername(brandId: number, username: string): Promise<{ id: number; username?: string } | undefined>;
}

const DAY = 86_400_000;

/**
 * The back office's in-house games: each game's house edge, limits and switch per currency (the change
 * and its audit row commit together), the theoretical return beside the measured one over a period, the
 * crash chains' commitments, and any member's game recall.
 */
export class OriginalsAdmin {
  constructor(
    private readonly backoffice: BackofficeService,
    private readonly ports: OriginalsAdminPorts,
  ) {}

  async overview(ctx: OperatorContext, query: { from?: number | undefined; to?: number | undefined }) {
    this.backoffice.require(ctx, 'games.read');
    const to = query.to ?? Date.now();
    // Thirty days before `to` by default, never before the epoch the answer can carry.
    const from = query.from ?? Math.max(0, to - 30 * DAY);
    if (from > to) throw new AppError('RANGE_INVALID');
    const [settings, measured, chains] = await Promise.all([
      this.ports.settings(ctx.brand.id, ctx.brand.currency),
      this.ports.measured(ctx.brand.id, new Date(from), new Date(to)),
      this.ports.chains(ctx.brand.id),
    ]);
    return {
      currency: ctx.brand.currency,
      from,
      to,
      games: ORIGINAL_GAMES.map((game) => {
        const s = settings[game];
        const m = measured.find((x) => x.game === game) ?? { bets: 0, stake: 0, payout: 0 };
        return {
          ...s,
          rtp: this.ports.theoreticalRtp(s.edgeBp),
          measured: {
            bets: m.bets,
            stake: m.stake,
            payout: m.payout,
            rtp: m.stake > 0 ? percent({ num: BigInt(m.payout), den: BigInt(m.stake) }) : null,
          },
        };
      }),
      chains,
    };
  }

  async update(ctx: OperatorContext, body: GameSettings) {
    this.backoffice.require(ctx, 'games.manage');
    if (body.minBet > body.maxBet || body.maxBet > body.maxWin) throw new AppError('LIMITS_INCONSISTENT');
    const before = (await this.ports.settings(ctx.brand.id, ctx.brand.currency))[body.game];
    await this.ports.edgesCover(ctx.brand, (s) => ({
      ...s,
      inHouse: {
        ...s.inHouse,
        games: s.inHouse.games.map((g) =>
          g.game === body.game ? { ...g, enabled: body.enabled, edgeBp: body.edgeBp } : g,
        ),
      },
    }));
    await this.ports.save(ctx.brand.id, ctx.brand.currency, body, (tx) =>
      this.backoffice.audit(
        {
          operatorId: ctx.operator.id,
          brandId: ctx.brand.id,
          action: 'originals_update',
          target: body.game,
          detail: { currency: ctx.brand.currency, before, after: body },
          ip: ctx.ip,
        },
        tx,
      ),
    );
    return this.overview(ctx, {});
  }

  /** Names where a crash chain's salt will come from, before that value exists; audited with it. */
  async announceSalt(ctx: OperatorContext, body: { chainId: number; source: string }) {
    this.backoffice.require(ctx, 'games.manage');
    await this.ports.announceSalt(ctx.brand, body.chainId, body.source, (tx) =>
      this.backoffice.audit(
        {
          operatorId: ctx.operator.id,
          brandId: ctx.brand.id,
          action: 'crash_salt_announce',
          target: String(body.chainId),
          detail: { source: body.source },
          ip: ctx.ip,
        },
        tx,
      ),
    );
    return this.overview(ctx, {});
  }

  /** Enters the announced source's value as the chain's salt; audited with it. */
  async enterSalt(ctx: OperatorContext, body: { chainId: number; salt: string }) {
    this.backoffice.require(ctx, 'games.manage');
    await this.ports.enterSalt(ctx.brand, body.chainId, body.salt, (tx) =>
      this.backoffice.audit(
        {
          operatorId: ctx.operator.id,
          brandId: ctx.brand.id,
          action: 'crash_salt_enter',
          target: String(body.chainId),
          detail: { salt: body.salt },
          ip: ctx.ip,
        },
        tx,
      ),
    );
    return this.overview(ctx, {});
  }

  async recall(ctx: OperatorContext, query: { username: string; game?: OriginalGame | undefined }) {
    this.backoffice.require(ctx, 'games.read');
    const member = await this.ports.byUsername(ctx.brand.id, query.username);
    if (!member) throw new AppError('MEMBER_NOT_FOUND');
    // Ten per game when no game is named: the recall of every game at once.
    const games = query.game ? [query.game] : ORIGINAL_GAMES;
    const rounds = (await Promise.all(games.map((g) => this.ports.recall(member.id, g)))).flat();
    return { username: query.username.toLowerCase(), currency: ctx.brand.currency, rounds };
  }
}
