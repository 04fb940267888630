import type { LanguageCode } from '../../../src/api/contract/common';
import type { AdminPromotionRule, PromotionRule } from '../../../src/api/contract/promotions';
import { AppError } from '../../http/app-error';
import type { WithAudit } from '../backoffice/audit-port';
import type { OperatorContext } from '../backoffice/backoffice.service';
import type { PromotionsRepository } from './promotions.repository';
import type { PromotionText } from './promotions.service';

/** What the promotions back office needs of the back-office module. */
export interface PromotionsBackoffice {
  withAudit(ctx: OperatorContext): WithAudit;
  require(ctx: OperatorContext, permission: 'promotions.read' | 'promotions.manage'): void;
}

const isBudgetBelowGiven = (error: unknown) =>
  String((error as { message?: string }).message ?? '').includes('promotion_rules_budget_ck') ||
  String((error as { cause?: { message?: string } }).cause?.message ?? '').includes(
    'promotion_rules_budget_ck',
  );

/**
 * The back office's promotions: every promotion of the content pages with its rule (or none yet) and its
 * cost so far; setting a rule is audited with the rule before and after.
 */
export class PromotionsAdmin {
  constructor(
    private readonly repo: PromotionsRepository,
    private readonly texts: { promotions(brandId: number): Promise<PromotionText[]> },
    private readonly backoffice: PromotionsBackoffice,
  ) {}

  async list(ctx: OperatorContext, lang: LanguageCode): Promise<AdminPromotionRule[]> {
    this.backoffice.require(ctx, 'promotions.read');
    const [texts, rules, stats] = await Promise.all([
      this.texts.promotions(ctx.brand.id),
      this.repo.rules(ctx.brand.id),
      this.repo.stats(ctx.brand.id),
    ]);
    const empty = {
      joined: 0,
      earned: 0,
      claimed: 0,
      granted: 0,
      converted: 0,
      forfeited: 0,
      expired: 0,
      activeBonuses: 0,
    };
    return texts.map((t) => {
      const row = rules.find((r) => r.promotionId === t.id);
      const { promotionId: _, ...figures } = stats.find((s) => s.promotionId === t.id) ?? {
        promotionId: 0,
        ...empty,
      };
      return {
        promotionId: t.id,
        title: t.title[lang] ?? Object.values(t.title)[0] ?? '',
        active: t.active,
        startsAt: t.startsAt.getTime(),
        endsAt: t.endsAt?.getTime() ?? null,
        rule: row?.rule ?? null,
        stats: figures,
      };
    });
  }

  async save(
    ctx: OperatorContext,
    body: { promotionId: number; rule: PromotionRule; requestId: string; reason: string },
    lang: LanguageCode,
  ) {
    this.backoffice.require(ctx, 'promotions.manage');
    const text = (await this.texts.promotions(ctx.brand.id)).find((t) => t.id === body.promotionId);
    if (!text) throw new AppError('PROMOTION_NOT_FOUND');
    const before = await this.repo.rule(ctx.brand.id, body.promotionId);
    try {
      await this.repo.transaction(async (tx) => {
        if (!(await this.repo.saveRule(tx, ctx.brand.id, body.promotionId, body.rule, body.requestId)))
          return;
        await this.backoffice.withAudit(ctx)(tx, {
          action: 'promotion_rule',
          reason: body.reason,
          target: text.title[lang] ?? String(body.promotionId),
          before: before?.rule ?? null,
          after: body.rule,
        });
      });
    } catch (error) {
      if (isBudgetBelowGiven(error)) throw new AppError('PROMOTION_BUDGET_BELOW_GIVEN');
      throw error;
    }
    const saved = (await this.list(ctx, lang)).find((p) => p.promotionId === body.promotionId);
    return saved!;
  }
}
