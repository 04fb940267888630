import { eq } from 'drizzle-orm';
import type { PromotionRule } from '../../../src/api/contract/promotions';
import type { Database } from '../client';
import { announcementImages, announcements, brands, promotionRules, seedRuns } from '../schema';

const NO_LIMITS = { kycVerified: false, registeredFrom: null, registeredTo: null };

/**
 * The demo's promotions that do something (docs/promotions.md): a welcome bonus on the first deposit,
 * wagered before it becomes cash, a sign-up reward claimed in the reward centre, and a reward for an
 * application the operator approves. Both on play money,
 * through the same rules engine and ledger as a real brand's.
 */
export const demoRulePromotions: Array<{
  type: string;
  art: string;
  title: { pt: string; en: string };
  content: { pt: string; en: string };
  rule: PromotionRule;
}> = [
  {
    type: 'NEW',
    art: 'RNG-first-deposit',
    title: { pt: 'Bônus de 100% no primeiro depósito', en: '100% bonus on your first deposit' },
    content: {
      pt: '<p>Participe e faça o seu primeiro depósito: ganhe o mesmo valor em bônus, até 500,00 FUN. Aposte 10 vezes o bônus em até 14 dias e ele vira saldo.</p>',
      en: '<p>Join, then make your first deposit: get the same amount as a bonus, up to 500.00 FUN. Wager the bonus 10 times within 14 days and it becomes balance.</p>',
    },
    rule: {
      entry: 'join',
      claim: 'auto',
      claimDays: 7,
      trigger: { type: 'deposit', nth: 1, minAmount: 2_000 },
      reward: {
        type: 'bonus',
        amount: null,
        percentBp: 10_000,
        cap: 50_000,
        multiple: 10,
        base: 'bonus',
        expiryDays: 14,
        maxStake: null,
        weights: {},
      },
      eligibility: NO_LIMITS,
      budget: null,
      paused: false,
    },
  },
  {
    type: 'NEW',
    art: 'INHOUSE-signup-reward',
    title: { pt: 'Prêmio de cadastro: 10,00 FUN', en: 'Sign-up reward: 10.00 FUN' },
    content: {
      pt: '<p>Cadastrou-se nos últimos 7 dias? Participe, peça o prêmio e resgate 10,00 FUN na central de recompensas.</p>',
      en: '<p>Registered in the last 7 days? Join, ask for the reward and claim 10.00 FUN in the reward centre.</p>',
    },
    rule: {
      entry: 'join',
      claim: 'claim',
      claimDays: 7,
      trigger: { type: 'signup', withinDays: 7 },
      reward: { type: 'cash', amount: 1_000 },
      eligibility: NO_LIMITS,
      budget: null,
      paused: false,
    },
  },
  {
    type: 'NEW',
    art: 'INHOUSE-share-reward',
    title: { pt: 'Compartilhe e ganhe 5,00 FUN', en: 'Share and get 5.00 FUN' },
    content: {
      pt: '<p>Publique a Aurora nas suas redes e inscreva-se aqui com o link do post e até 3 prints. A equipe confere cada inscrição e libera 5,00 FUN na central de recompensas.</p>',
      en: '<p>Post about Aurora on your social networks and apply here with the link and up to 3 screenshots. The team checks every application and releases 5.00 FUN in the reward centre.</p>',
    },
    rule: {
      entry: 'apply',
      claim: 'claim',
      claimDays: 7,
      trigger: { type: 'manual' },
      reward: { type: 'cash', amount: 500 },
      eligibility: NO_LIMITS,
      budget: 100_000,
      paused: false,
    },
  },
];

export async function seedDemoPromotions(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(seedRuns)
      .values({ name: 'demo-promotions-v1' })
      .onConflictDoNothing()
      .returning();
    if (claimed.length === 0) return false;
    const [brand] = await tx.select().from(brands).where(eq(brands.isDefault, true));
    if (!brand) return false;
    // First on the page, before the informational cards; published a day ago like the others.
    const published = new Date(Date.now() - 24 * 3600_000);
    for (const [i, p] of demoRulePromotions.entries()) {
      const [row] = await tx
        .insert(announcements)
        .values({
          brandId: brand.id,
          kind: 'promotion',
          promotionType: p.type,
          title: p.title,
          content: p.content,
          sortOrder: -10 + i,
          startsAt: published,
        })
        .returning({ id: announcements.id });
      await tx
        .insert(announcementImages)
        .values({ announcementId: row!.id, sequence: 1, url: `/art/promo/${p.art}.svg` });
      await tx
        .insert(promotionRules)
        .values({ promotionId: row!.id, brandId: brand.id, rule: p.rule, budget: p.rule.budget });
    }
    return true;
  });
}
