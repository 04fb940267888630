import type { LanguageCode } from '../../../src/api/contract/common';
import type {
  AdminApplication,
  AdminPromotionRule,
  PromotionRule,
} from '../../../src/api/contract/promotions';
import { AppError } from '../../http/app-error';
import type { WithAudit } from '../backoffice/audit-port';
import type { OperatorContext } from '../backoffice/backoffice.service';
import type { EntryRow, PromotionsRepository } from './promotions.repository';
import type { PromotionsService, PromotionText } from './promotions.service';

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
    private readonly promotions: PromotionsService,
    private readonly members: { usernames(ids: number[]): Promise<Map<number, string>> },
  ) {}

  /** Applications waiting for a decision (oldest first), or decided (newest first). */
  async applications(ctx: OperatorContext, status: 'waiting' | 'decided', lang: LanguageCode) {
    this.backoffice.require(ctx, 'promotions.read');
    const [rows, texts] = await Promise.all([
      this.repo.applications(ctx.brand.id, status === 'waiting'),
      this.texts.promotions(ctx.brand.id),
    ]);
    const names = await this.members.usernames([...new Set(rows.map((r) => r.memberId))]);
    return rows.map((r) => this.applicationView(r, r.images, names, texts, lang));
  }

  private applicationView(
    r: EntryRow,
    images: number,
    names: Map<number, string>,
    texts: PromotionText[],
    lang: LanguageCode,
  ): AdminApplication {
    const text = texts.find((t) => t.id === r.promotionId);
    return {
      entryId: r.id,
      promotionId: r.promotionId,
      promotion: text ? (text.title[lang] ?? Object.values(text.title)[0] ?? '') : '',
      username: names.get(r.memberId) ?? '',
      remark: r.remark ?? '',
      images,
      status: r.status as AdminApplication['status'],
      appliedAt: r.joinedAt.getTime(),
      decisionNote: r.decisionNote,
    };
  }

  /** One picture of an application, for the operator's eyes only. */
  async applicationImage(ctx: OperatorContext, entryId: number, sequence: number) {
    this.backoffice.require(ctx, 'promotions.read');
    const entry = await this.repo.entryById(ctx.brand.id, entryId);
    const image = entry ? await this.repo.applicationImage(entryId, sequence) : null;
    if (!image) throw new AppError('PROMOTION_APPLICATION_NOT_FOUND');
    return image;
  }

  /** Approves (the reward is earned, as the rule says) or rejects an application, audited with it. */
  async decide(
    ctx: OperatorContext,
    body: { entryId: number; decision: 'approve' | 'reject'; reason: string },
    lang: LanguageCode,
  ) {
    this.backoffice.require(ctx, 'promotions.manage');
    const texts = await this.texts.promotions(ctx.brand.id);
    const found = await this.repo.entryById(ctx.brand.id, body.entryId);
    if (!found) throw new AppError('PROMOTION_APPLICATION_NOT_FOUND');
    // Read before the transaction: the audit row is written inside it, with nothing else to wait for.
    const username =
      (await this.members.usernames([found.memberId])).get(found.memberId) ?? String(found.memberId);
    const text = texts.find((t) => t.id === found.promotionId);
    const decided = await this.promotions.decideApplication(
      ctx.brand,
      body.entryId,
      body.decision,
      ctx.operator.id,
      body.reason,
      (tx) =>
        this.backoffice.withAudit(ctx)(tx, {
          action:
            body.decision === 'approve' ? 'promotion_application_approve' : 'promotion_application_reject',
          target: username,
          reason: body.reason,
          detail: { promotion: text?.title[lang] ?? found.promotionId },
        }),
    );
    const names = await this.members.usernames([decided.memberId]);
    const images =
      (await this.repo.applications(ctx.brand.id, false)).find((r) => r.id === decided.id)?.images ?? 0;
    return this.applicationView(decided, images, names, texts, lang);
  }

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
