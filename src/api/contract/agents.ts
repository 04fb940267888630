import { z } from 'zod';
import { minorUnits, sectionKey } from './common';
import { betRecord, betRecords } from './records';

/** A day of the brand's calendar (its time zone), as the agent centre's date pickers send it. */
export const brandDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD')
  .refine((d) => {
    const t = Date.parse(`${d}T00:00:00Z`);
    return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === d;
  }, 'a day of the calendar');

/** Agent reports cover at most this many days at once (the longest date preset is 30). */
export const MAX_REPORT_DAYS = 92;

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;
/** Days from `from` to `to`, both included. */
export const daysBetween = (from: string, to: string) => dayNumber(to) - dayNumber(from) + 1;

/** Periods the agent centre offers as one tap, in days of the brand's calendar ending today. */
export const REPORT_PRESETS = ['today', 'yesterday', 'prev7', 'prev30'] as const;
export type ReportPreset = (typeof REPORT_PRESETS)[number];

/** A period: a preset, or `from` and `to` (both included, at most MAX_REPORT_DAYS days). */
export const period = z.object({
  preset: z.enum(REPORT_PRESETS).optional(),
  from: brandDay.optional(),
  to: brandDay.optional(),
});
export const boundedPeriod = <T extends z.ZodType<{ preset?: string; from?: string; to?: string }>>(
  schema: T,
) =>
  schema
    .refine((p) => p.preset !== undefined || (p.from !== undefined && p.to !== undefined), {
      message: 'a preset, or from and to',
      path: ['preset'],
    })
    .refine((p) => p.preset !== undefined || p.from! <= p.to!, { message: 'from after to', path: ['from'] })
    .refine((p) => p.preset !== undefined || daysBetween(p.from!, p.to!) <= MAX_REPORT_DAYS, {
      message: `at most ${MAX_REPORT_DAYS} days`,
      path: ['to'],
    });

/** A team's money over a period: its members' bets, results and cash in and out. */
export const teamFigures = z.object({
  /** Stakes of settled rounds less their refunds: what contracts and rebate count. */
  validBet: minorUnits,
  stake: minorUnits,
  payout: minorUnits,
  /** The members' result on settled rounds (payout and refunds less stake): negative when they lost. */
  profit: minorUnits,
  deposits: minorUnits,
  depositCount: z.number().int(),
  withdrawals: minorUnits,
  withdrawalCount: z.number().int(),
  /** Members with a valid bet in the period. */
  activeMembers: z.number().int(),
});
export type TeamFigures = z.infer<typeof teamFigures>;

/** agentTeamOverview: the whole downline (every level below the agent). */
export const teamOverviewQuery = boundedPeriod(period);
export const teamOverview = z.object({
  currency: z.string(),
  timeZone: z.string(),
  from: brandDay,
  to: brandDay,
  members: z.object({
    total: z.number().int(),
    direct: z.number().int(),
    agents: z.number().int(),
    /** Joined in the period. */
    joined: z.number().int(),
  }),
  /** The team's main wallets now. */
  balance: minorUnits,
  figures: teamFigures,
  byDay: z.array(teamFigures.extend({ day: brandDay, joined: z.number().int() })),
  /** When the figures were last brought up to date (epoch ms), or null before the first time. */
  updatedAt: z.number().int().nullable(),
});
export type TeamOverview = z.infer<typeof teamOverview>;

/** downlineManagmentView: the members below the agent, newest first, with their figures for a period. */
export const downlineListQuery = boundedPeriod(
  period.extend({
    /** The start of a username. */
    q: z.string().trim().toLowerCase().max(64).default(''),
    /** Direct downline only, or every level. */
    scope: z.enum(['direct', 'all']).default('direct'),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  }),
);
export const downlineMember = z.object({
  username: z.string(),
  isAgent: z.boolean(),
  /** 1 for a member the agent brought in directly, 2 for one of theirs, and so on. */
  depth: z.number().int().min(1),
  upline: z.string().nullable(),
  joinedAt: z.number().int(),
  /** Members below this one (every level). */
  teamSize: z.number().int(),
  balance: minorUnits,
  validBet: minorUnits,
  profit: minorUnits,
  deposits: minorUnits,
  withdrawals: minorUnits,
});
export type DownlineMember = z.infer<typeof downlineMember>;
export const downlineList = z.object({
  from: brandDay,
  to: brandDay,
  items: z.array(downlineMember),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  currency: z.string(),
});

// ---- contracts (spec 3, 4.8) ----------------------------------------------------------------------------

export const CONTRACT_KINDS = ['dividend', 'daily_salary', 'hourly_salary', 'realtime_salary'] as const;
export type ContractKind = (typeof CONTRACT_KINDS)[number];
export const PAY_PERIODS = ['daily', 'weekly', 'semimonthly', 'monthly'] as const;
/**
 * What a salary is a share of: the team's valid bets (single bet), what its members lost (loss salary: the
 * members' net loss), or what they won (profit salary: the members' net winnings).
 */
export const SALARY_TYPES = ['single_bet', 'loss', 'profit'] as const;
/** Rates are basis points (1 = 0.01 %); no contract gives away more than everything. */
export const MAX_CONTRACT_RATE_BP = 10_000;
export const MAX_CONTRACT_TIERS = 10;

/** A step of a contract: reached when the team's period valid bets and active members are at least these. */
export const contractTier = z.object({
  minValidBet: z.number().int().min(0).max(1e15),
  minActive: z.number().int().min(0).max(1_000_000),
  rateBp: z.number().int().min(1).max(MAX_CONTRACT_RATE_BP),
});
export type ContractTier = z.infer<typeof contractTier>;

export const contractTerms = z
  .object({
    kind: z.enum(CONTRACT_KINDS),
    /** Dividends only: how often they are paid (a salary's period is in its kind: a day, an hour, 5 minutes). */
    payPeriod: z.enum(PAY_PERIODS).optional(),
    /** Salaries only. */
    salaryType: z.enum(SALARY_TYPES).optional(),
    /** A member is active in a period when its valid bets reach this (minor units). */
    minActiveBet: z.number().int().min(0).max(1e15),
    tiers: z.array(contractTier).min(1).max(MAX_CONTRACT_TIERS),
  })
  .refine((t) => (t.kind === 'dividend') === (t.payPeriod !== undefined), {
    message: 'a pay period for dividends only',
    path: ['payPeriod'],
  })
  .refine((t) => (t.kind !== 'dividend') === (t.salaryType !== undefined), {
    message: 'a salary type for salaries only',
    path: ['salaryType'],
  })
  .refine(
    (t) =>
      t.tiers.every(
        (tier, i) =>
          i === 0 ||
          (tier.minValidBet >= t.tiers[i - 1]!.minValidBet &&
            tier.minActive >= t.tiers[i - 1]!.minActive &&
            tier.rateBp > t.tiers[i - 1]!.rateBp),
      ),
    { message: 'each tier asks at least as much as the one before and pays more', path: ['tiers'] },
  );
export type ContractTerms = z.infer<typeof contractTerms>;

/** A contract's rate: what its highest tier pays (what a downline may pass on at most). */
export const contractRate = (terms: Pick<ContractTerms, 'tiers'>) =>
  Math.max(...terms.tiers.map((t) => t.rateBp));

export const contractView = z.object({
  id: z.number().int(),
  kind: z.enum(CONTRACT_KINDS),
  status: z.enum([
    'offered',
    'active',
    'termination_requested',
    'rejected',
    'withdrawn',
    'terminated',
    'superseded',
  ]),
  /** Who pays: the upline agent, or null for the house (a top agent's contract). */
  upline: z.string().nullable(),
  member: z.string(),
  terms: contractTerms,
  rateBp: z.number().int(),
  offeredAt: z.number().int(),
  decidedAt: z.number().int().nullable(),
  endedAt: z.number().int().nullable(),
  endedReason: z.string().nullable(),
});
export type ContractView = z.infer<typeof contractView>;

export const offerContractBody = z.object({
  username: z.string().trim().toLowerCase().min(1).max(64),
  terms: contractTerms,
});
export const contractIdBody = z.object({ contractId: z.number().int().positive() });

/**
 * The member's answer to a request (the relay calls of spec 7.2): accept or reject an offer or a
 * termination, or end a contract. `endDownline` names the downline contracts the member agrees to end
 * when the new rate is below what it gives them (the server answers CONTRACT_ENDS_DOWNLINE otherwise).
 */
export const contractAnswerBody = z.object({
  contractId: z.number().int().positive(),
  action: z.enum(['accept', 'reject', 'terminate']),
  endDownline: z.array(z.number().int().positive()).max(1_000).default([]),
});

export const agentContracts = z.object({
  /** Contracts the agent gave its downline, newest first. */
  given: z.array(contractView),
  /** Contracts the agent holds from its own upline. */
  held: z.array(contractView),
});

/** Contract bills: what each period paid, with its inputs (both centres). */
export const billsQuery = z.object({
  kind: z.enum(CONTRACT_KINDS).optional(),
  /** Bills the member received, paid (to its downline), or both. */
  role: z.enum(['received', 'paid', 'all']).default('all'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const billView = z.object({
  id: z.number().int(),
  contractId: z.number().int(),
  kind: z.enum(CONTRACT_KINDS),
  periodKey: z.string(),
  periodStart: z.number().int(),
  periodEnd: z.number().int(),
  /** Null when the house paid. */
  payer: z.string().nullable(),
  payee: z.string(),
  team: z.object({ validBet: minorUnits, profit: minorUnits, active: z.number().int() }),
  tier: z.number().int(),
  rateBp: z.number().int(),
  base: minorUnits,
  carryIn: minorUnits,
  carryOut: minorUnits,
  amount: minorUnits,
  status: z.enum(['paid', 'unpaid', 'nothing']),
  attempts: z.number().int(),
  paidAt: z.number().int().nullable(),
});
export type BillView = z.infer<typeof billView>;
export const bills = z.object({
  items: z.array(billView),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  currency: z.string(),
});

/**
 * registerCenter: the agent's invitation code (its link and QR code carry it), the contracts it carries
 * (offered at once to whoever joins with it or is opened an account), and the agent's own rate per kind,
 * the most it may offer.
 */
export const agentInvitation = z.object({
  code: z.string(),
  defaults: z.array(contractTerms),
  caps: z.record(z.enum(CONTRACT_KINDS), z.number().int()),
});
export const invitationDefaultsBody = z.object({
  defaults: z
    .array(contractTerms)
    .max(CONTRACT_KINDS.length)
    .refine((d) => new Set(d.map((t) => t.kind)).size === d.length, { message: 'one per kind' }),
});

/** registerCenter: an account the agent opens in its direct downline (a player or an agent under it). */
export const openDownlineBody = z.object({
  username: z.string().trim().toLowerCase().min(1).max(64),
  password: z.string().min(1).max(64),
  confirmPassword: z.string().max(64),
  type: z.enum(['player', 'agent']),
});
export const openedDownline = z.object({
  username: z.string(),
  isAgent: z.boolean(),
  /** Contracts offered to it at once (the invitation's). */
  offered: z.number().int(),
});

// ---- team reports (spec 2.6) ----------------------------------------------------------------------------

const teamPage = {
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};
/** One member of the downline, by exact username (the reports' member filter). */
const memberFilter = z.string().trim().toLowerCase().max(64).optional();

/** personalHistoryCopy for the team: the downline's game rounds, newest first. */
export const teamBetsQuery = boundedPeriod(
  period.extend({
    username: memberFilter,
    gameType: sectionKey.optional(),
    status: z.enum(['open', 'settled', 'cancelled']).optional(),
    ...teamPage,
  }),
);
export const teamBets = betRecords.extend({
  from: brandDay,
  to: brandDay,
  items: z.array(betRecord.extend({ username: z.string() })),
});

/** palStatementsAgentCopy: each downline member's result over a period, biggest losers first. */
export const memberProfitQuery = boundedPeriod(
  period.extend({
    q: z.string().trim().toLowerCase().max(64).default(''),
    sort: z.enum(['profit', 'validBet', 'deposits']).default('profit'),
    ...teamPage,
  }),
);
export const memberProfitLine = z.object({
  username: z.string(),
  depth: z.number().int().min(1),
  rounds: z.number().int(),
  stake: minorUnits,
  validBet: minorUnits,
  payout: minorUnits,
  profit: minorUnits,
  deposits: minorUnits,
  withdrawals: minorUnits,
});
export const memberProfit = z.object({
  from: brandDay,
  to: brandDay,
  items: z.array(memberProfitLine),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The whole team's figures over the period (every member, not only this page). */
  summary: teamFigures,
  currency: z.string(),
});

/** agentRevenueReport: what the agent's contracts paid it, and what it paid its downline, per day and kind. */
export const revenueQuery = boundedPeriod(period);
const revenueSums = z.object({
  received: minorUnits,
  paid: minorUnits,
  net: minorUnits,
  bills: z.number().int(),
});
export const revenueReport = z.object({
  currency: z.string(),
  from: brandDay,
  to: brandDay,
  total: revenueSums,
  byKind: z.array(revenueSums.extend({ kind: z.enum(CONTRACT_KINDS) })),
  byDay: z.array(revenueSums.extend({ day: brandDay })),
});

/** agentAnnouncement: the operator's notices to its agents, newest first. */
export const agentNotice = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  startDateStr: z.number().int(),
});
export type AgentNotice = z.infer<typeof agentNotice>;
