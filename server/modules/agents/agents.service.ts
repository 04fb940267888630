import {
  type AgentNotice,
  type DownlineMember,
  MAX_REPORT_DAYS,
  type ReportPreset,
  type TeamOverview,
} from '../../../src/api/contract/agents';
import type { LanguageCode, SectionKey } from '../../../src/api/contract/common';
import type { RecordType } from '../../../src/api/contract/wallet';
import { AppError } from '../../http/app-error';
import { addDays, dayIn, daysFrom, nextDay, startOfDay } from '../../lib/brand-days';
import { isAgentType } from '../accounts/accounts.service';
import type { Brand } from '../brand/brand.service';
import type { BetRecords } from '../wallet/bet-records.service';
import type { WalletService } from '../wallet/wallet.service';
import type { AgentsRepository, DailyRow, MemberDay } from './agents.repository';

/** How far before its last run the minute's roll-up looks for changes again. */
const CHANGES_MARGIN_MS = 5 * 60_000;
/** The longest gap after which the minute's roll-up still looks only for changes. */
const CHANGES_SPAN_MS = 60 * 60_000;

type PerMemberDay = { memberId: number; day: string };
/** Per member and day of `timeZone`, over [from, to), of every member or only of `memberIds`. */
type Source<T extends PerMemberDay> = (
  brandId: number,
  from: Date,
  to: Date,
  timeZone: string,
  memberIds?: number[],
) => Promise<T[]>;

/** What the agents module asks of other modules (server/app.ts passes them in). */
export interface AgentsPorts {
  rounds: Source<
    PerMemberDay & {
      rounds: number;
      stake: number;
      payout: number;
      validBet: number;
      profit: number;
      open: number;
    }
  >;
  deposits: Source<PerMemberDay & { count: number; amount: number }>;
  withdrawals: Source<PerMemberDay & { count: number; amount: number }>;
  mainBalances(brandId: number, memberIds: number[]): Promise<Map<number, number>>;
  /** The main wallets of the agent's whole downline added up. */
  teamBalance(brandId: number, agentId: number): Promise<number>;
  invitationCode(member: { id: number; affiliateCode: string | null }): Promise<string>;
  teamBets: BetRecords['teamList'];
  teamRecords: WalletService['teamRecords'];
  notices(brand: Brand, lang: LanguageCode): Promise<AgentNotice[]>;
}

type Agent = { id: number; userType: number };
type PeriodQuery = { preset?: ReportPreset; from?: string; to?: string };

const PRESET_DAYS: Record<ReportPreset, { back: number; length: number }> = {
  today: { back: 0, length: 1 },
  yesterday: { back: 1, length: 1 },
  prev7: { back: 6, length: 7 },
  prev30: { back: 29, length: 30 },
};

/** A preset as days of the brand's calendar, or the days asked for. */
export function resolvePeriod(query: PeriodQuery, timeZone: string, now = new Date()) {
  if (!query.preset) return { from: query.from!, to: query.to! };
  const { back, length } = PRESET_DAYS[query.preset];
  const today = dayIn(now, timeZone);
  const first = addDays(today, -back);
  return { from: first, to: addDays(first, length - 1) };
}

/** The agent centre (spec 2.6): the downline, its figures, and (later) its contracts. */
export class AgentsService {
  constructor(
    private readonly repo: AgentsRepository,
    private readonly ports: AgentsPorts,
  ) {}

  private agent(member: Agent) {
    if (!isAgentType(member.userType)) throw new AppError('AGENTS_ONLY');
    return member;
  }

  // ---- figures --------------------------------------------------------------------------------------

  /**
   * Recomputes the brand's member-days of `days` from their owners (a scheduled job; safe to run twice or
   * in two processes at once: each run writes the whole days it read).
   */
  async rollUp(brand: Brand, days: string[]) {
    if (days.length === 0) return { rows: 0 };
    const sorted = [...days].sort();
    const wanted = new Set(sorted);
    const rows = await this.figures(brand, sorted[0]!, sorted.at(-1)!, (_, day) => wanted.has(day));
    await this.repo.replaceDays(brand.id, sorted, rows);
    return { rows: rows.length };
  }

  /**
   * Recomputes only the member-days that may have changed since `since`: those with rounds made, deposits
   * credited or withdrawals paid since then, and those whose rounds were not all settled when last
   * counted (a sports bet or a daily draw's line settles hours after it was made). The minute's job, so
   * that its cost follows the play of the last minutes and not every round of two days.
   */
  async rollUpChanges(brand: Brand, since: Date, now = new Date()) {
    const oldest = addDays(dayIn(now, brand.timeZone), -(MAX_REPORT_DAYS - 1));
    // Anything made since, whatever the clocks of this process and the database say "now" is.
    const until = new Date(now.getTime() + 86_400_000);
    const [rounds, deposits, withdrawals, open] = await Promise.all([
      this.ports.rounds(brand.id, since, until, brand.timeZone),
      this.ports.deposits(brand.id, since, until, brand.timeZone),
      this.ports.withdrawals(brand.id, since, until, brand.timeZone),
      this.repo.openMemberDays(brand.id, oldest),
    ]);
    const changed = new Map<string, MemberDay>();
    for (const x of [...rounds, ...deposits, ...withdrawals, ...open]) {
      if (x.day >= oldest) changed.set(`${x.memberId}:${x.day}`, { memberId: x.memberId, day: x.day });
    }
    const memberDays = [...changed.values()];
    if (memberDays.length === 0) {
      await this.repo.replaceMemberDays(brand.id, [], []);
      return { rows: 0 };
    }
    const days = memberDays.map((k) => k.day).sort();
    const members = [...new Set(memberDays.map((k) => k.memberId))];
    const rows = await this.figures(
      brand,
      days[0]!,
      days.at(-1)!,
      (memberId, day) => changed.has(`${memberId}:${day}`),
      members,
    );
    await this.repo.replaceMemberDays(brand.id, memberDays, rows);
    return { rows: rows.length };
  }

  /** Each member-day's figures over the days [firstDay, lastDay] that `wanted` keeps (of `memberIds`). */
  private async figures(
    brand: Brand,
    firstDay: string,
    lastDay: string,
    wanted: (memberId: number, day: string) => boolean,
    memberIds?: number[],
  ): Promise<DailyRow[]> {
    const from = startOfDay(firstDay, brand.timeZone);
    const to = startOfDay(nextDay(lastDay), brand.timeZone);
    const [rounds, deposits, withdrawals] = await Promise.all([
      this.ports.rounds(brand.id, from, to, brand.timeZone, memberIds),
      this.ports.deposits(brand.id, from, to, brand.timeZone, memberIds),
      this.ports.withdrawals(brand.id, from, to, brand.timeZone, memberIds),
    ]);
    const rows = new Map<string, DailyRow>();
    const row = (memberId: number, day: string) => {
      const key = `${memberId}:${day}`;
      let r = rows.get(key);
      if (!r) {
        r = {
          memberId,
          day,
          rounds: 0,
          stake: 0,
          validBet: 0,
          payout: 0,
          profit: 0,
          deposits: 0,
          depositCount: 0,
          withdrawals: 0,
          withdrawalCount: 0,
          openRounds: 0,
        };
        rows.set(key, r);
      }
      return r;
    };
    for (const x of rounds) {
      if (!wanted(x.memberId, x.day)) continue;
      Object.assign(row(x.memberId, x.day), {
        rounds: x.rounds,
        stake: x.stake,
        validBet: x.validBet,
        payout: x.payout,
        profit: x.profit,
        openRounds: x.open,
      });
    }
    for (const x of deposits) {
      if (wanted(x.memberId, x.day))
        Object.assign(row(x.memberId, x.day), { deposits: x.amount, depositCount: x.count });
    }
    for (const x of withdrawals) {
      if (wanted(x.memberId, x.day))
        Object.assign(row(x.memberId, x.day), { withdrawals: x.amount, withdrawalCount: x.count });
    }
    return [...rows.values()];
  }

  /**
   * The hourly job's share, per brand: the last `lookbackDays` days to today, and every day since the one
   * before its last run (a server that was down catches up), at most MAX_REPORT_DAYS back; the first run
   * reaches that far. It also catches what the minute's job cannot see: a round changed long after it was
   * made and after it was settled (a late win or refund from a vendor).
   */
  async rollUpRecent(brands: Brand[], lookbackDays: number, now = new Date()) {
    for (const brand of brands) {
      const today = dayIn(now, brand.timeZone);
      const oldest = addDays(today, -(MAX_REPORT_DAYS - 1));
      const ranAt = await this.repo.updatedAt(brand.id);
      const window = addDays(today, -(lookbackDays - 1));
      const missed = ranAt ? addDays(dayIn(ranAt, brand.timeZone), -1) : oldest;
      const since = missed < window ? missed : window;
      await this.rollUp(brand, daysFrom(since < oldest ? oldest : since, today));
    }
  }

  /**
   * The minute's job, per brand: what changed since shortly before the last run (the margin covers a
   * transaction that made its rounds before that run and committed after it). A brand without figures, or
   * whose last run is older than an hour (no server ran), gets yesterday and today whole instead, and the
   * days it missed.
   */
  async rollUpRecentChanges(brands: Brand[], now = new Date()) {
    for (const brand of brands) {
      const ranAt = await this.repo.updatedAt(brand.id);
      if (ranAt && now.getTime() - ranAt.getTime() < CHANGES_SPAN_MS) {
        await this.rollUpChanges(brand, new Date(ranAt.getTime() - CHANGES_MARGIN_MS), now);
      } else {
        await this.rollUpRecent([brand], 2, now);
      }
    }
  }

  // ---- the brand's figures, for the back office's reports ---------------------------------------------

  /** Per day over [fromDay, toDay]: deposits, withdrawals and active members of the whole brand. */
  brandDays(brandId: number, fromDay: string, toDay: string) {
    return this.repo.brandDays(brandId, fromDay, toDay);
  }

  /** The brand's members with a round over [fromDay, toDay], each counted once. */
  brandActiveMembers(brandId: number, fromDay: string, toDay: string) {
    return this.repo.brandActiveMembers(brandId, fromDay, toDay);
  }

  /** The brand's members with a round over [fromDay, toDay]. */
  brandActiveMemberIds(brandId: number, fromDay: string, toDay: string) {
    return this.repo.brandActiveMemberIds(brandId, fromDay, toDay);
  }

  /** Each member's deposits and valid bets over [fromDay, toDay] (the risk scan's low play). */
  memberTotals(memberIds: number[], fromDay: string, toDay: string) {
    return this.repo.memberTotals(memberIds, fromDay, toDay);
  }

  /** Member-days from `fromDay` with a profit of at least `minProfit` (the risk scan's unusual wins). */
  bigDays(brandId: number, fromDay: string, minProfit: number) {
    return this.repo.bigDays(brandId, fromDay, minProfit);
  }

  // ---- the agent centre -----------------------------------------------------------------------------

  /** The agent's invitation code (registerCenter): registrations with it join its downline. */
  async invitation(member: Agent & { affiliateCode: string | null }) {
    this.agent(member);
    return { code: await this.ports.invitationCode(member) };
  }

  async overview(brand: Brand, member: Agent, query: PeriodQuery): Promise<TeamOverview> {
    const agent = this.agent(member);
    const period = resolvePeriod(query, brand.timeZone);
    const [counts, figures, balance, updatedAt] = await Promise.all([
      this.repo.teamCounts(
        agent.id,
        startOfDay(period.from, brand.timeZone),
        startOfDay(nextDay(period.to), brand.timeZone),
      ),
      this.repo.teamFigures(agent.id, period.from, period.to, brand.timeZone),
      this.ports.teamBalance(brand.id, agent.id),
      this.repo.updatedAt(brand.id),
    ]);
    const byDay = new Map(figures.byDay.map((d) => [d.day, d]));
    const empty = {
      validBet: 0,
      stake: 0,
      payout: 0,
      profit: 0,
      deposits: 0,
      depositCount: 0,
      withdrawals: 0,
      withdrawalCount: 0,
      activeMembers: 0,
    };
    return {
      currency: brand.currency,
      timeZone: brand.timeZone,
      from: period.from,
      to: period.to,
      members: counts,
      balance,
      figures: figures.total,
      byDay: daysFrom(period.from, period.to).map((day) => ({
        ...(byDay.get(day) ?? empty),
        day,
        joined: figures.joined.get(day) ?? 0,
      })),
      updatedAt: updatedAt?.getTime() ?? null,
    };
  }

  async downline(
    brand: Brand,
    member: Agent,
    query: PeriodQuery & { q: string; scope: 'direct' | 'all'; page: number; pageSize: number },
  ) {
    const agent = this.agent(member);
    const period = resolvePeriod(query, brand.timeZone);
    const found = await this.repo.downline(
      agent.id,
      { prefix: query.q, scope: query.scope, fromDay: period.from, toDay: period.to },
      { offset: (query.page - 1) * query.pageSize, limit: query.pageSize },
    );
    const balances = await this.ports.mainBalances(
      brand.id,
      found.items.map((i) => i.memberId),
    );
    const items: DownlineMember[] = found.items.map((i) => ({
      username: i.username,
      isAgent: isAgentType(i.userType),
      depth: i.depth,
      upline: i.upline,
      joinedAt: i.joinedAt.getTime(),
      teamSize: i.teamSize,
      balance: balances.get(i.memberId) ?? 0,
      validBet: i.validBet,
      profit: i.profit,
      deposits: i.deposits,
      withdrawals: i.withdrawals,
    }));
    return {
      items,
      total: found.total,
      page: query.page,
      pageSize: query.pageSize,
      currency: brand.currency,
      from: period.from,
      to: period.to,
    };
  }

  /** The period's bounds as instants: the first day's midnight to the midnight after the last day. */
  private bounds(brand: Brand, query: PeriodQuery) {
    const period = resolvePeriod(query, brand.timeZone);
    return {
      ...period,
      start: startOfDay(period.from, brand.timeZone),
      end: startOfDay(nextDay(period.to), brand.timeZone),
    };
  }

  /** personalHistoryCopy for the team: the downline's rounds over the period, or one member's. */
  async teamBets(
    brand: Brand,
    lang: LanguageCode,
    member: Agent,
    query: PeriodQuery & {
      username?: string | undefined;
      gameType?: SectionKey | undefined;
      status?: 'open' | 'settled' | 'cancelled' | undefined;
      page: number;
      pageSize: number;
    },
  ) {
    const agent = this.agent(member);
    const period = this.bounds(brand, query);
    const found = await this.ports.teamBets(brand, lang, agent.id, {
      username: query.username || undefined,
      gameType: query.gameType,
      status: query.status,
      from: period.start,
      to: period.end,
      page: query.page,
      pageSize: query.pageSize,
    });
    return { ...found, from: period.from, to: period.to };
  }

  /** palStatementsAgentCopy: each downline member's result over the period, with the team's total. */
  async memberProfit(
    brand: Brand,
    member: Agent,
    query: PeriodQuery & {
      q: string;
      sort: 'profit' | 'validBet' | 'deposits';
      page: number;
      pageSize: number;
    },
  ) {
    const agent = this.agent(member);
    const period = resolvePeriod(query, brand.timeZone);
    const [found, figures] = await Promise.all([
      this.repo.memberFigures(
        agent.id,
        { prefix: query.q, fromDay: period.from, toDay: period.to, sort: query.sort },
        { offset: (query.page - 1) * query.pageSize, limit: query.pageSize },
      ),
      this.repo.teamFigures(agent.id, period.from, period.to, brand.timeZone),
    ]);
    return {
      ...found,
      page: query.page,
      pageSize: query.pageSize,
      summary: figures.total,
      currency: brand.currency,
      from: period.from,
      to: period.to,
    };
  }

  /** agentDownlineTransactionDetailsCopy: the downline's account records over the period. */
  async teamRecords(
    brand: Brand,
    member: Agent,
    query: PeriodQuery & {
      username?: string | undefined;
      type?: RecordType | undefined;
      before?: number | undefined;
      limit: number;
    },
  ) {
    const agent = this.agent(member);
    const period = this.bounds(brand, query);
    const found = await this.ports.teamRecords(agent.id, {
      username: query.username || undefined,
      type: query.type,
      from: period.start,
      to: period.end,
      before: query.before,
      limit: query.limit,
    });
    return { ...found, currency: brand.currency, from: period.from, to: period.to };
  }

  /** agentAnnouncement: the operator's notices to its agents. */
  async notices(brand: Brand, lang: LanguageCode, member: Agent) {
    this.agent(member);
    return this.ports.notices(brand, lang);
  }
}
