import { z } from 'zod';
import { billView, brandDay, CONTRACT_KINDS, contractTerms, contractView, PAY_PERIODS } from './agents';
import { moneyApproval } from './approvals';
import { epochMillis, int32Id, minorUnits } from './common';

const username = z.string().trim().toLowerCase().min(1).max(64);

/** The agent tree around one member: who is above it, who is directly below, and its contracts. */
export const adminTreeQuery = z.object({ username });
const treeMember = z.object({
  username: z.string(),
  isAgent: z.boolean(),
  joinedAt: epochMillis,
  /** Members below it, every level. */
  teamSize: z.number().int(),
});
export const adminTree = z.object({
  member: treeMember.extend({ userType: z.number().int(), status: z.string() }),
  /** Its uplines, the top of the tree first (empty for a top-level member). */
  uplines: z.array(z.string()),
  /** Its direct downline, newest first (at most 100 shown; `downlineTotal` counts them all). */
  downline: z.array(treeMember),
  downlineTotal: z.number().int(),
  /** Contracts it holds and gives, newest first. */
  contracts: z.array(contractView),
});

/**
 * Moves a member (with its whole downline) under another agent, or to the top of the tree when `upline`
 * is empty. Its contracts with the agent it leaves end; the reason goes to the audit trail.
 */
export const moveMemberBody = z.object({
  username,
  upline: z.string().trim().toLowerCase().max(64),
  reason: z.string().trim().min(3).max(200),
});

/** Settlement runs: each kind's period with its bills counted and added up. */
export const settlementRunsQuery = z.object({
  kind: z.enum(CONTRACT_KINDS).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const settlementRun = z.object({
  kind: z.enum(CONTRACT_KINDS),
  periodKey: z.string(),
  periodStart: epochMillis,
  periodEnd: epochMillis,
  bills: z.number().int(),
  paid: z.number().int(),
  unpaid: z.number().int(),
  nothing: z.number().int(),
  /** What the paid bills moved, and what the unpaid ones still owe. */
  paidAmount: minorUnits,
  owedAmount: minorUnits,
  lastAt: epochMillis,
});
export const settlementRuns = z.object({
  items: z.array(settlementRun),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  currency: z.string(),
});

/** The bills of one run, with their inputs. */
export const runBillsQuery = z.object({
  kind: z.enum(CONTRACT_KINDS),
  periodKey: z.string().trim().min(4).max(32),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
export const runBills = z.object({
  items: z.array(billView),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  currency: z.string(),
});

/**
 * Asks to settle one period again: the period of `kind` (and a dividend's pay period) that holds the
 * given day and time of the brand's calendar. The period must be over. It moves agents' money, so it is
 * a request a second operator with 'money.approve' approves (four eyes, whatever the amount); then
 * contracts already billed for the period are left alone and unpaid bills are tried again.
 */
export const rerunBody = z
  .object({
    kind: z.enum(CONTRACT_KINDS),
    payPeriod: z.enum(PAY_PERIODS).optional(),
    day: brandDay,
    hour: z.number().int().min(0).max(23).default(0),
    minute: z.number().int().min(0).max(59).default(0),
    reason: z.string().trim().min(3).max(200),
    /** The page's id for the request: sent again after a lost answer, it finds the same request. */
    requestId: z.string().trim().min(8).max(64),
  })
  .refine((b) => (b.kind === 'dividend') === (b.payPeriod !== undefined), {
    message: 'a pay period for dividends only',
    path: ['payPeriod'],
  });
/** What a re-run did once approved (kept as the approval's `result`). */
export const rerunResult = z.object({
  kind: z.enum(CONTRACT_KINDS),
  periodKey: z.string(),
  periodStart: epochMillis,
  periodEnd: epochMillis,
  /** Bills made by this run (contracts the earlier runs had not billed). */
  bills: z.number().int(),
  paid: z.number().int(),
  unpaid: z.number().int(),
  /** Unpaid bills of any period that this run's retry paid. */
  retried: z.number().int(),
});
/** The re-run filed for a second operator: the request as the Approvals page shows it. */
export const rerunRequested = z.object({ approval: moneyApproval });

/** A contract template: named terms the house offers its top agents; one per kind is the agents' default. */
export const contractTemplate = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(CONTRACT_KINDS),
  terms: contractTerms,
  isDefault: z.boolean(),
  updatedAt: epochMillis,
});
export const saveTemplateBody = z.object({
  /** Absent: a new template. */
  id: int32Id.optional(),
  name: z.string().trim().min(1).max(60),
  terms: contractTerms,
  isDefault: z.boolean().default(false),
});
export const templateIdBody = z.object({ id: int32Id });

/** The house offers a top agent (an agent with no upline) a contract from a template; it answers in its dialog. */
export const houseContractBody = z.object({ username, templateId: int32Id });
/** The house ends one of its contracts (in force: terminated at once; an offer: withdrawn). */
export const endHouseContractBody = z.object({
  contractId: z.number().int().positive(),
  reason: z.string().trim().min(3).max(200),
});
