import type { LanguageCode } from '../../src/api/contract/common';
import type { Permission } from '../../src/api/contract/permissions';
import type { MemberRow } from '../modules/accounts/accounts.repository';
import type { SessionClaim } from '../modules/accounts/session-claims';
import type { AuthenticatedOperator } from '../modules/backoffice/backoffice.service';
import type { Brand } from '../modules/brand/brand.service';
import type { Visitor } from '../modules/system/system.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The job queue, when this app runs the jobs (server/jobs). */
    jobs?: import('../jobs/queue').JobQueue;
    /** The crash game's rounds (tests step them with `crash.tick(brand)`). */
    crash: import('../modules/originals/crash.service').CrashService;
    /** The agent centre's figures (tests bring them up to date with `agents.rollUp(brand, days)`). */
    agents: import('../modules/agents/agents.service').AgentsService;
    /** Contracts' settlement (tests run periods with `settlement.settle(brand, kind, period)`). */
    settlement: import('../modules/agents/settlement.service').SettlementService;
    /** The back office's reports (tests write their figures with `reports.rebuild(brand, from, to)`). */
    reports: import('../modules/reports/reports.service').ReportsService;
    /** The lotteries (tests schedule and advance draws with `lottery.schedule(brand)`, `lottery.advance()`). */
    lottery: import('../modules/lottery/lottery.service').LotteryService;
    sports: import('../modules/sports/sports.service').SportsService;
    sportsFeed: import('../modules/sports/sports-feed').SportsFeed;
    sportsSettlement: import('../modules/sports/sports-settlement.service').SportsSettlement;
    /** Deposits (tests close expired PIX charges with `payments.expireCharges(brands, at)`). */
    payments: import('../modules/payments/payments.service').PaymentsService;
    /** Promotions (the promotions.sweep job; tests run it with `promotions.sweep(brands)`). */
    promotions: import('../modules/promotions/promotions.service').PromotionsService;
    /** The risk scan (the risk.scan job; tests run it with `risk.scan()`). */
    risk: import('../modules/risk/risk.service').RiskService;
    /** The end of trials (the trials.end job; tests run it with `trials.end()`). */
    trials: { end(): Promise<{ ended: number; returned: number }> };
    /** Every route's declared access, in the order registered (server/app.ts). */
    routeAccess: Array<{
      method: string;
      url: string;
      auth: string | undefined;
      permission: Permission | undefined;
    }>;
  }
  interface FastifyRequest {
    brand: Brand;
    lang: LanguageCode;
    visitor: Visitor;
    /** Set on routes that require a session (`auth: 'member'` or `'password-change'`). */
    member: MemberRow | null;
    /** Set on routes that confirm the session in their own write (`auth: 'claim'`). */
    claim: SessionClaim | null;
    /** Set on back-office routes (`auth: 'operator'`), with the permissions of its role. */
    operator: AuthenticatedOperator | null;
  }
  interface FastifyContextConfig {
    /** 'open' routes answer during maintenance and to blocked regions (they tell the client which). */
    gate?: 'open';
    /**
     * 'member': the route needs a live session token; 'optional': a valid one is used when present;
     * 'claim': the route needs one too, and its write confirms it (a hot route, session-claims.ts);
     * 'password-change': as 'member', and takes too a login that must change its password before anything
     * else (changing it, logging out), which every other route refuses; 'real': as 'member', and a trial
     * account (free play) is refused with REAL_ACCOUNT_REQUIRED (paying in and out, transfers, lotteries,
     * rebate: everything but playing with trial money).
     */
    auth?: 'member' | 'real' | 'optional' | 'operator' | 'claim' | 'password-change';
    /**
     * With `auth: 'operator'`: what the operator's role must allow (refused with ROLE_FORBIDDEN before
     * the handler runs). Routes every operator may use (their own session) declare none.
     */
    permission?: Permission;
    /** The body may arrive sealed (the spec's `enc` routes); it is opened before validation. */
    enc?: boolean;
  }
}

/** The caller's language: the first supported candidate (query, page header, saved cookie), then the browser's, then the brand's. */
export function pickLanguage(
  brand: Brand,
  candidates: Array<string | undefined>,
  acceptLanguage: string | undefined,
): LanguageCode {
  const supported = (v: string | undefined): v is LanguageCode =>
    !!v && (brand.supportedLanguages as string[]).includes(v);
  for (const c of candidates) if (supported(c)) return c;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim().slice(0, 2).toLowerCase();
    if (supported(tag)) return tag;
  }
  return brand.defaultLanguage;
}

/** The session token a request carries: `Authorization: Bearer <token>`. */
export function bearerToken(authorization: string | undefined): string | undefined {
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(authorization ?? '');
  return match?.[1];
}
