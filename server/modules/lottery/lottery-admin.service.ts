import type { z } from 'zod';
import type { updateLotteryBody } from '../../../src/api/contract/lottery';
import { betTypes } from '../../../src/lottery/bet-types';
import { betTypeReturns } from '../../../src/lottery/returns';
import { percent } from '../../../src/originals/exact';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { BackofficeService, OperatorContext } from '../backoffice/backoffice.service';
import type { EdgeGuard } from '../backoffice/edge-guard';
import { checkBrandAmount } from '../wallet/amount';
import type { LotteryService } from './lottery.service';
import { betTypeSettingsOf } from './lottery-catalogue';

type UpdateBody = z.infer<typeof updateLotteryBody>;

/** Exact returns by bet type and odds: an SSC type's takes every one of 100,000 results, so once is enough. */
const returnsMemo = new Map<string, Array<{ label: string; percent: string }>>();
function returnsOf(code: string, odds: Record<string, number>) {
  const key = `${code}:${JSON.stringify(Object.entries(odds).sort())}`;
  let hit = returnsMemo.get(key);
  if (!hit) {
    if (returnsMemo.size > 2_000) returnsMemo.clear();
    hit = betTypeReturns(betTypes.get(code)!, odds).each.map((e) => ({
      label: e.label,
      percent: percent(e.ratio),
    }));
    returnsMemo.set(key, hit);
  }
  return hit;
}

/**
 * The back office's lotteries (docs/lottery.md): each game's switch, window and chase length, and each bet
 * type's odds (with their exact return) and limits, every change with its audit row in the same
 * transaction; the draw calendar with a draw's lines and exposure before it closes; cancelling a draw,
 * which refunds every line once.
 */
export class LotteryAdmin {
  constructor(
    private readonly backoffice: BackofficeService,
    private readonly lottery: LotteryService,
    private readonly edgesCover: EdgeGuard,
  ) {}

  async overview(ctx: OperatorContext) {
    this.backoffice.require(ctx, 'games.read');
    const games = await this.lottery.allGames(ctx.brand);
    return {
      currency: ctx.brand.currency,
      games: games.map((g) => {
        const view = this.lottery.gameView(g, ctx.brand, 'en');
        return {
          ...view,
          name: `${g.namePt} · ${g.nameEn}`,
          betTypes: view.betTypes.map((b) => ({
            ...b,
            returns: returnsOf(b.code, b.odds),
          })),
        };
      }),
    };
  }

  async update(ctx: OperatorContext, body: UpdateBody) {
    this.backoffice.require(ctx, 'games.manage');
    const game = await this.lottery.gameRow(ctx.brand, body.game);
    const patch: Parameters<LotteryService['updateGame']>[2] = {};
    if (body.enabled !== undefined) patch.enabled = body.enabled;
    if (body.closeSeconds !== undefined) {
      const window = game.intervalMinutes ? game.intervalMinutes * 60 : 86_400;
      if (body.closeSeconds >= window) throw new AppError('LIMITS_INCONSISTENT');
      patch.closeSeconds = body.closeSeconds;
    }
    if (body.maxChase !== undefined) patch.maxChase = body.maxChase;
    if (body.dailyTime !== undefined) {
      // Fast games draw on the clock every N minutes; only a daily game has a time to move.
      if (!game.dailyTime) throw new AppError('LIMITS_INCONSISTENT');
      patch.dailyTime = body.dailyTime;
    }
    if (body.betType) {
      const def = betTypes.get(body.betType.code);
      if (!def || def.family !== game.family) throw new AppError('BET_TYPE_UNKNOWN');
      const keys = Object.keys(def.defaultOdds);
      if (Object.keys(body.betType.odds).some((k) => !keys.includes(k)))
        throw new AppError('VALIDATION_FAILED');
      const minStake = checkBrandAmount(ctx.brand, body.betType.minStake);
      const maxStake = checkBrandAmount(ctx.brand, body.betType.maxStake);
      if (minStake > maxStake) throw new AppError('LIMITS_INCONSISTENT');
      const odds = { ...def.defaultOdds, ...body.betType.odds };
      // No bet type may give back more than it takes: the house would lose on every line.
      const { each } = betTypeReturns(def, odds);
      if (each.some((e) => e.ratio.num > e.ratio.den)) throw new AppError('ODDS_ABOVE_RETURN');
      const stored = Object.fromEntries(betTypeSettingsOf(game).map(({ code, ...s }) => [code, s]));
      stored[def.code] = { enabled: body.betType.enabled, odds, minStake, maxStake };
      patch.betTypes = stored;
    }
    const betTypesAfter = patch.betTypes;
    await this.edgesCover(ctx.brand, (s) => ({
      ...s,
      lottery: s.lottery.map((l) =>
        l.game !== body.game
          ? l
          : {
              ...l,
              enabled: patch.enabled ?? l.enabled,
              betTypes: betTypesAfter
                ? Object.entries(betTypesAfter).map(([code, t]) => ({
                    code,
                    enabled: t.enabled,
                    odds: t.odds,
                  }))
                : l.betTypes,
            },
      ),
    }));
    const before = this.lottery.gameView(game, ctx.brand, 'en');
    await this.lottery.updateGame(ctx.brand.id, body.game, patch, (tx: Database) =>
      this.backoffice.audit(
        {
          operatorId: ctx.operator.id,
          brandId: ctx.brand.id,
          action: 'lottery_update',
          target: body.game,
          detail: {
            change: body,
            before: body.betType
              ? before.betTypes.find((b) => b.code === body.betType!.code)
              : { enabled: before.enabled, closeSeconds: before.closeSeconds, maxChase: before.maxChase },
          },
          ip: ctx.ip,
        },
        tx,
      ),
    );
    this.lottery.forget();
    // Draws scheduled ahead carry the old calendar or window: those not open yet and without bets follow.
    if (body.dailyTime !== undefined || body.closeSeconds !== undefined)
      await this.lottery.reschedule(ctx.brand, body.game);
    if (body.enabled) await this.lottery.schedule(ctx.brand);
    return this.overview(ctx);
  }

  async draws(ctx: OperatorContext, game: string) {
    this.backoffice.require(ctx, 'games.read');
    return this.lottery.adminDraws(ctx.brand, game);
  }

  async draw(ctx: OperatorContext, game: string, number: string) {
    this.backoffice.require(ctx, 'games.read');
    return this.lottery.adminDraw(ctx.brand, game, number);
  }

  /**
   * Cancels a draw with a reason players see. Before its close it only gives every stake back; after it
   * (its lines fixed, its numbers computable by whoever holds the seed) it needs `afterClose` and is
   * audited as such, with the mix it had, so a cancel chosen for an outcome cannot pass as routine.
   */
  async cancel(
    ctx: OperatorContext,
    body: { game: string; number: string; reason: string; afterClose?: boolean },
  ) {
    this.backoffice.require(ctx, 'games.manage');
    return this.lottery.cancelDraw(
      ctx.brand,
      body.game,
      body.number,
      { reason: body.reason, afterClose: body.afterClose ?? false },
      (tx, how) =>
        this.backoffice.audit(
          {
            operatorId: ctx.operator.id,
            brandId: ctx.brand.id,
            action: how.afterClose ? 'lottery_draw_cancel_after_close' : 'lottery_draw_cancel',
            target: `${body.game}:${body.number}`,
            detail: { reason: body.reason, afterClose: how.afterClose },
            ip: ctx.ip,
          },
          tx,
        ),
    );
  }
}
