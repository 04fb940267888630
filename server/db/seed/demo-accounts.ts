import { and, eq, inArray, isNull } from 'drizzle-orm';
import { hashPassword } from '../../modules/accounts/credentials';
import type { Database } from '../client';
import { agentContracts, brands, members, seedRuns } from '../schema';

/** The brand's weak default password in the demo: a member who still has it must change it. */
export const DEMO_WEAK_PASSWORD = 'Welcome123';

/** Documented in the README; created only on the embedded database or with DEMO_SEED. */
export const demoAccounts = [
  {
    username: 'demomember',
    password: 'Demo1234',
    userType: 0,
    nickname: 'Demo Member',
    email: 'demo@aurora.example',
    countryDialingCode: '55',
    mobile: '11987654321',
  },
  {
    username: 'demoagent',
    password: 'Agent1234',
    userType: 1,
    nickname: 'Demo Agent',
    affiliateCode: 'AURORA01',
    email: 'agent@aurora.example',
    countryDialingCode: '55',
    mobile: '11900000002',
  },
  {
    username: 'demodownline',
    password: 'Player1234',
    userType: 0,
    email: 'downline@aurora.example',
    nickname: 'Downline',
    parent: 'demoagent',
  },
  {
    username: 'demoexpired',
    password: 'Expired1234',
    userType: 0,
    nickname: 'Expired Password',
    passwordAgeDays: 200,
    countryDialingCode: '55',
    mobile: '11900000003',
  },
  { username: 'demoweak', password: DEMO_WEAK_PASSWORD, userType: 0, nickname: 'Weak Password' },
] as const;

export async function seedDemoAccounts(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(seedRuns)
      .values({ name: 'demo-accounts-v1' })
      .onConflictDoNothing()
      .returning();
    if (claimed.length === 0) return false;
    const [brand] = await tx.select().from(brands).where(eq(brands.isDefault, true));
    if (!brand) return false;
    await tx
      .update(brands)
      .set({ weakPasswordHash: await hashPassword(DEMO_WEAK_PASSWORD) })
      .where(eq(brands.id, brand.id));
    const ids = new Map<string, number>();
    for (const account of demoAccounts) {
      const ageDays = 'passwordAgeDays' in account ? account.passwordAgeDays : 0;
      const [row] = await tx
        .insert(members)
        .values({
          brandId: brand.id,
          username: account.username,
          passwordHash: await hashPassword(account.password),
          userType: account.userType,
          nickname: account.nickname,
          affiliateCode: 'affiliateCode' in account ? account.affiliateCode : null,
          parentId: 'parent' in account ? (ids.get(account.parent) ?? null) : null,
          passwordChangedAt: new Date(Date.now() - ageDays * 86_400_000),
          email: 'email' in account ? account.email : null,
          countryDialingCode: 'countryDialingCode' in account ? account.countryDialingCode : null,
          mobile: 'mobile' in account ? account.mobile : null,
        })
        .returning({ id: members.id });
      ids.set(account.username, row!.id);
    }
    return true;
  });
}

/**
 * The house's contracts with the demo agent (a top agent: the house pays it from the commission account),
 * so it has rates to pass on to its downline: a daily salary on its team's valid bets and a weekly
 * dividend on what its team lost. Together with the rebate they leave the house its edge on every category
 * (docs/agents.md "The house edge"): the tightest is live baccarat, 1.06 % kept and 0.8 % of rebate paid,
 * where 0.1 % of valid bets and 10 % of the loss (0.106 %) leave the house 0.054 %.
 */
export const demoHouseContracts: Array<{ kind: string; rateBp: number; terms: Record<string, unknown> }> = [
  {
    kind: 'daily_salary',
    rateBp: 10,
    terms: {
      kind: 'daily_salary',
      salaryType: 'single_bet',
      minActiveBet: 1_000,
      tiers: [
        { minValidBet: 0, minActive: 0, rateBp: 5 },
        { minValidBet: 10_000_000, minActive: 3, rateBp: 10 },
      ],
    },
  },
  {
    kind: 'dividend',
    rateBp: 1_000,
    terms: {
      kind: 'dividend',
      payPeriod: 'weekly',
      minActiveBet: 1_000,
      tiers: [
        { minValidBet: 0, minActive: 0, rateBp: 800 },
        { minValidBet: 100_000_000, minActive: 5, rateBp: 1_000 },
      ],
    },
  },
];

/**
 * Gives the demo agent the house's contracts, once per version. Version 1 gave a 1 % daily salary and a
 * 30 % dividend, which paid wash betting (on dice, 1 % + 0.1 % of rebate against a 1 % edge): a demo
 * database that has them sees them replaced (superseded) by these.
 */
export async function seedDemoContracts(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(seedRuns)
      .values({ name: 'demo-contracts-v2' })
      .onConflictDoNothing()
      .returning();
    if (claimed.length === 0) return false;
    const [agent] = await tx
      .select({ id: members.id, brandId: members.brandId })
      .from(members)
      .where(eq(members.username, 'demoagent'));
    if (!agent) return false;
    await tx
      .update(agentContracts)
      .set({ status: 'superseded', endedAt: new Date(), endedReason: 'replaced' })
      .where(
        and(
          eq(agentContracts.memberId, agent.id),
          isNull(agentContracts.uplineId),
          inArray(agentContracts.status, ['active', 'termination_requested']),
        ),
      );
    await tx
      .update(agentContracts)
      .set({ status: 'withdrawn', decidedAt: new Date(), endedAt: new Date(), endedReason: 'replaced' })
      .where(
        and(
          eq(agentContracts.memberId, agent.id),
          isNull(agentContracts.uplineId),
          eq(agentContracts.status, 'offered'),
        ),
      );
    await tx.insert(agentContracts).values(
      demoHouseContracts.map((c) => ({
        brandId: agent.brandId,
        kind: c.kind,
        uplineId: null,
        memberId: agent.id,
        terms: c.terms,
        rateBp: c.rateBp,
        status: 'active',
        decidedAt: new Date(),
      })),
    );
    return true;
  });
}
