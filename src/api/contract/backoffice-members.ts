import { z } from 'zod';
import { epochMillis, epochMillisQuery, minorUnits } from './common';
import { depositView } from './payments';
import { betRecord } from './records';
import { accountRecord, vendorWallet } from './wallet';
import { bankAccount, withdrawalView } from './withdrawals';

const username = z.string().trim().toLowerCase().min(1).max(64);
/** Every change an operator makes to a member says why; the audit trail keeps it. */
const reason = z.string().trim().min(3).max(200);
const text = (max: number) => z.string().trim().min(1).max(max);

/** The highest VIP level an operator may set (0 is none). */
export const MAX_VIP_LEVEL = 20;

/** Who a member is: 'active', 'locked' by an operator, or 'closed' (an ended trial). */
export const memberStatus = z.enum(['active', 'locked', 'closed']);
export type MemberStatus = z.infer<typeof memberStatus>;

/**
 * Finding members: every field given must match (username, e-mail and agent by prefix, mobile by its
 * digits, an address at registration or at any login, the CPF exactly, with or without punctuation).
 */
export const memberSearchQuery = z.object({
  username: text(64).toLowerCase().optional(),
  mobile: z
    .string()
    .trim()
    .transform((v) => v.replace(/\D/g, ''))
    .pipe(z.string().min(3).max(20))
    .optional(),
  email: text(120).toLowerCase().optional(),
  ip: z.union([z.ipv4(), z.ipv6()]).optional(),
  /** The upline's username: its direct downline. */
  agent: text(64).toLowerCase().optional(),
  /** Registered in [from, to). */
  from: epochMillisQuery.optional(),
  to: epochMillisQuery.optional(),
  cpf: z
    .string()
    .trim()
    .transform((v) => v.replace(/\D/g, ''))
    .pipe(z.string().length(11))
    .optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type MemberSearchQuery = z.input<typeof memberSearchQuery>;

export const memberSummary = z.object({
  username: z.string(),
  nickname: z.string().nullable(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  status: memberStatus,
  vipLevel: z.number().int(),
  userType: z.number().int(),
  isAgent: z.boolean(),
  /** The direct upline's username. */
  agent: z.string().nullable(),
  registeredAt: epochMillis,
  registerIp: z.string().nullable(),
  lastLoginAt: epochMillis.nullable(),
  lastLoginIp: z.string().nullable(),
});
export type MemberSummary = z.infer<typeof memberSummary>;
export const memberSearch = z.object({
  items: z.array(memberSummary),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const memberPageQuery = z.object({ username });

const memberSession = z.object({
  id: z.number().int(),
  loginType: z.string(),
  ip: z.string().nullable(),
  /** The browser or app it logged in with: the device, as far as the site can tell. */
  device: z.string().nullable(),
  createdAt: epochMillis,
  expiresAt: epochMillis,
  endedAt: epochMillis.nullable(),
  active: z.boolean(),
});
export const memberNote = z.object({
  id: z.number().int(),
  operator: z.string(),
  body: z.string(),
  createdAt: epochMillis,
});
export const LINK_KINDS = ['device', 'ip', 'bank_account', 'payee_name'] as const;
export type LinkKind = (typeof LINK_KINDS)[number];
/** Another member of the brand sharing something with this one. */
export const linkedMember = z.object({
  username: z.string(),
  status: memberStatus,
  /** What they share, each with the value shown to the operator (a bank account masked). */
  links: z.array(z.object({ kind: z.enum(LINK_KINDS), value: z.string() })),
});

/** A member's page: who they are, their money, their play, their logins, notes and linked accounts. */
export const memberPage = z.object({
  member: memberSummary.extend({
    payeeName: z.string().nullable(),
    countryDialingCode: z.string().nullable(),
    birthday: z.string().nullable(),
    nationality: z.string().nullable(),
    language: z.string().nullable(),
    /** The uplines, the top of the tree first. */
    uplines: z.array(z.string()),
    firstLoginAt: epochMillis.nullable(),
    passwordChangedAt: epochMillis,
    twoFactor: z.boolean(),
    hasPassword: z.boolean(),
    hasPaymentPassword: z.boolean(),
  }),
  wallets: z.object({
    currency: z.string(),
    main: minorUnits,
    /** Held for withdrawals being paid. */
    hold: minorUnits,
    vendors: z.array(vendorWallet),
    total: minorUnits,
  }),
  bankAccounts: z.array(bankAccount),
  /** The latest movements on its wallets, newest first. */
  ledger: z.array(accountRecord),
  deposits: z.array(depositView),
  withdrawals: z.array(withdrawalView),
  /** Rounds of every vertical (vendors, in-house games, lotteries), newest first. */
  bets: z.object({
    items: z.array(betRecord),
    total: z.number().int(),
    summary: z.object({ stake: minorUnits, payout: minorUnits, validBet: minorUnits, net: minorUnits }),
  }),
  /** Its logins, newest first: each a session with its address and device. */
  sessions: z.array(memberSession),
  /** Its devices: each browser or app with its logins, newest first. */
  devices: z.array(
    z.object({ device: z.string(), logins: z.number().int(), lastAt: epochMillis, ips: z.array(z.string()) }),
  ),
  /** Failed logins with their addresses, newest first. */
  failedLogins: z.array(z.object({ ip: z.string().nullable(), at: epochMillis })),
  notes: z.array(memberNote),
  linked: z.array(linkedMember),
  /** The risk team's view: a withdrawal hold, and how many flags about the member wait for review. */
  risk: z.object({
    hold: z.object({ reason: z.string(), placedBy: z.string(), placedAt: epochMillis }).nullable(),
    openFlags: z.number().int(),
  }),
});
export type MemberPage = z.infer<typeof memberPage>;

export const lockMemberBody = z.object({ username, locked: z.boolean(), reason });
export const endMemberSessionsBody = z.object({ username, reason });
/** A code to choose a new password, sent to the member's e-mail or mobile; the operator never sees it. */
export const resetMemberPasswordBody = z.object({ username, channel: z.enum(['email', 'sms']), reason });
export const resetMemberPasswordResult = z.object({
  channel: z.enum(['email', 'sms']),
  /** Where it went, masked ("jo***@example.com", "*******4321"). */
  sentTo: z.string(),
  expiresInMinutes: z.number().int(),
});
export const clearPaymentPasswordBody = z.object({ username, reason });
/** Puts the member under another agent (empty: the top of the tree), as the agent tree's move does. */
export const changeMemberAgentBody = z.object({
  username,
  upline: z.string().trim().toLowerCase().max(64),
  reason,
});
export const setMemberVipBody = z.object({
  username,
  vipLevel: z.number().int().min(0).max(MAX_VIP_LEVEL),
  reason,
});
/** A note is written once: never edited nor deleted. */
export const addMemberNoteBody = z.object({ username, body: text(2000) });
