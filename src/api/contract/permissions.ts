import { z } from 'zod';

/**
 * One permission per kind of back-office action. Every operator route declares the one it needs
 * (`permission` in its definition); a role is a set of them. Reading and changing are apart, so a support
 * operator can look without changing, and a content operator sees no money at all.
 */
export const PERMISSIONS = [
  /** The deposit and withdrawal queues, and the pictures members attach. */
  'finance.read',
  /** Confirming or rejecting deposits, approving or rejecting withdrawals. */
  'finance.decide',
  /** Manual credits and debits of a member's or agent's balance. */
  'money.adjust',
  /** The second operator's approval of a money action above the brand's threshold (four eyes). */
  'money.approve',
  /** Finding members and reading their page. */
  'members.read',
  /** Locking, ending sessions, notes, VIP level, agent: what changes a member but moves no money. */
  'members.manage',
  /** Approving or rejecting identity documents. */
  'kyc.review',
  /** The risk queue and withdrawal holds. */
  'risk.manage',
  /** Game vendors, games, in-house games and lotteries: reading them. */
  'games.read',
  /** ...and changing them. */
  'games.manage',
  /** The sportsbook: fixtures, markets, exposure, bets and settlements, margins and limits: reading them. */
  'sports.read',
  /** ...and trading: fixtures entered, prices, suspensions, results, voids, margins and limits. */
  'sports.manage',
  /** The agent tree, contracts and settlements: reading them. */
  'agents.read',
  /** ...and changing them. */
  'agents.manage',
  /** Banners, announcements, help and legal pages. */
  'content.manage',
  /** Promotions' rules and budgets, their application queue and their cost: reading them. */
  'promotions.read',
  /** ...and changing them (a rule gives money away). */
  'promotions.manage',
  /** Brand settings, sign-in providers, payment methods: reading them. */
  'settings.read',
  /** ...and changing them. */
  'settings.manage',
  /** The dashboard and reports. */
  'reports.read',
  /** Operators, roles and their sessions. */
  'operators.manage',
  /** The audit trail. */
  'audit.read',
] as const;
export type Permission = (typeof PERMISSIONS)[number];
export const permission = z.enum(PERMISSIONS);

/** Permissions that move money: a role holding any of them works only with two-step verification. */
export const MONEY_PERMISSIONS: readonly Permission[] = ['finance.decide', 'money.adjust', 'money.approve'];

/** The roles every installation has; an operator may add custom roles per brand. */
export const BUILT_IN_ROLES = {
  admin: [...PERMISSIONS],
  finance: [
    'finance.read',
    'finance.decide',
    'money.adjust',
    'money.approve',
    'members.read',
    'games.read',
    'sports.read',
    'agents.read',
    'promotions.read',
    'reports.read',
  ],
  support: [
    'finance.read',
    'members.read',
    'members.manage',
    'games.read',
    'sports.read',
    'agents.read',
    'settings.read',
  ],
  content: ['content.manage'],
  /** The risk and trading team: it also runs the book's prices, suspensions, results and limits. */
  risk: [
    'finance.read',
    'members.read',
    'members.manage',
    'kyc.review',
    'risk.manage',
    'sports.read',
    'sports.manage',
    'reports.read',
  ],
} as const satisfies Record<string, readonly Permission[]>;
export type BuiltInRole = keyof typeof BUILT_IN_ROLES;
export const BUILT_IN_ROLE_CODES = Object.keys(BUILT_IN_ROLES) as BuiltInRole[];

export const isBuiltInRole = (role: string): role is BuiltInRole => Object.hasOwn(BUILT_IN_ROLES, role);

export const movesMoney = (permissions: readonly Permission[]) =>
  permissions.some((p) => MONEY_PERMISSIONS.includes(p));
