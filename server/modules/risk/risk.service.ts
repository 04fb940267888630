import type { RiskFlagKind, RiskRules } from '../../../src/api/contract/risk';
import { addDays, dayIn } from '../../lib/brand-days';
import type { Brand } from '../brand/brand.service';
import type { RaisedFlag, RiskRepository } from './risk.repository';

/** A brand's thresholds until an operator sets its own (Risk → Regras). */
export const DEFAULT_RISK_RULES: RiskRules = {
  accountsPerAddress: 3,
  accountsPerDevice: 3,
  lowPlayPercent: 50,
  bigWinAmount: 1_000_000,
};

const DAY_MS = 86_400_000;
/** How far back the scan looks for addresses and devices, and for the deposits before a withdrawal. */
const LOOKBACK_DAYS = 30;
/** Withdrawals asked, and member-days won, this recently are checked again on every scan. */
const RECENT_DAYS = 2;

/** What the scan reads of the modules that own the figures. */
export interface RiskSources {
  brands(): Promise<Brand[]>;
  /** Members of the brand behind one address or one device since `since` (accounts). */
  groups(
    brandId: number,
    by: 'address' | 'device',
    since: Date,
    min: number,
  ): Promise<Array<{ value: string; members: number[] }>>;
  /** Payees (account number masked, or holder name) used by more than one member (payments). */
  payeeGroups(): Promise<Array<{ kind: 'bank_account' | 'payee_name'; value: string; members: number[] }>>;
  /** Which of these members belong to the brand (accounts). */
  brandMembers(brandId: number, memberIds: number[]): Promise<Set<number>>;
  /** The brand's withdrawals asked since `since`, not cancelled or rejected (payments). */
  recentWithdrawals(
    brandId: number,
    since: Date,
  ): Promise<Array<{ memberId: number; reference: string; amount: number; createdAt: Date }>>;
  /** Members' deposits and valid bets over whole days (agents' member days). */
  memberTotals(
    memberIds: number[],
    fromDay: string,
    toDay: string,
  ): Promise<Map<number, { deposits: number; validBet: number }>>;
  /** Member-days with at least this profit (agents' member days). */
  bigDays(
    brandId: number,
    fromDay: string,
    minProfit: number,
  ): Promise<Array<{ memberId: number; day: string; profit: number; validBet: number; payout: number }>>;
}

/** A group of accounts as a flag: about its newest member, the others listed. */
function groupFlag(
  brandId: number,
  kind: RiskFlagKind,
  subject: string,
  members: number[],
  evidence: RaisedFlag['evidence'],
): RaisedFlag {
  const [newest, ...others] = members;
  return { brandId, memberId: newest!, kind, subject, others, evidence, size: members.length };
}

/**
 * The risk module (issue 27, item 3): a scan, run by a job, that raises flags for the operator's review
 * (groups of accounts behind one address, device or payee; withdrawals after little play; unusual wins),
 * and withdrawal holds that the withdrawals module asks about before a payout.
 */
export class RiskService {
  constructor(
    private readonly repo: RiskRepository,
    private readonly sources: RiskSources,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The member's withdrawal hold, if the risk team placed one. */
  async hold(memberId: number): Promise<{ reason: string } | null> {
    const row = await this.repo.hold(memberId);
    return row ? { reason: row.reason } : null;
  }

  /** What the member's page shows of the risk team's view: the hold, and the flags waiting about them. */
  async memberSummary(memberId: number) {
    const [hold, openFlags] = await Promise.all([this.repo.hold(memberId), this.repo.openCount(memberId)]);
    return {
      hold: hold
        ? { reason: hold.reason, placedBy: hold.placedByName, placedAt: hold.placedAt.getTime() }
        : null,
      openFlags,
    };
  }

  async rules(brandId: number): Promise<RiskRules> {
    return (await this.repo.rules(brandId)) ?? DEFAULT_RISK_RULES;
  }

  /** Every brand scanned; answers how many flags were raised for the first time. */
  async scan(): Promise<number> {
    let raised = 0;
    for (const brand of await this.sources.brands()) raised += await this.scanBrand(brand);
    return raised;
  }

  async scanBrand(brand: Brand): Promise<number> {
    const rules = await this.rules(brand.id);
    const now = this.now();
    const flags = [
      ...(await this.sharedAccess(brand, rules, now)),
      ...(await this.sharedPayees(brand)),
      ...(await this.lowPlay(brand, rules, now)),
      ...(await this.bigWins(brand, rules, now)),
    ];
    return this.repo.raise(flags);
  }

  private async sharedAccess(brand: Brand, rules: RiskRules, now: Date): Promise<RaisedFlag[]> {
    const since = new Date(now.getTime() - LOOKBACK_DAYS * DAY_MS);
    const [addresses, devices] = await Promise.all([
      this.sources.groups(brand.id, 'address', since, rules.accountsPerAddress),
      this.sources.groups(brand.id, 'device', since, rules.accountsPerDevice),
    ]);
    return [
      ...addresses.map((g) =>
        groupFlag(brand.id, 'shared_address', g.value, g.members, {
          address: g.value,
          accounts: g.members.length,
        }),
      ),
      ...devices.map((g) => {
        const [address = '', ...browser] = g.value.split(' ');
        return groupFlag(brand.id, 'shared_device', g.value, g.members, {
          address,
          device: browser.join(' '),
          accounts: g.members.length,
        });
      }),
    ];
  }

  private async sharedPayees(brand: Brand): Promise<RaisedFlag[]> {
    const groups = await this.sources.payeeGroups();
    const ids = [...new Set(groups.flatMap((g) => g.members))];
    const ours = await this.sources.brandMembers(brand.id, ids);
    return groups
      .map((g) => ({ ...g, members: g.members.filter((id) => ours.has(id)) }))
      .filter((g) => g.members.length > 1)
      .map((g) =>
        groupFlag(brand.id, 'shared_payee', `${g.kind}:${g.value}`, g.members, {
          payee: g.value,
          payeeKind: g.kind,
          accounts: g.members.length,
        }),
      );
  }

  /**
   * Withdrawals asked after bets below the brand's share of the deposits of the 30 days before: money
   * passed through the site rather than played (whole days, in the brand's calendar).
   */
  private async lowPlay(brand: Brand, rules: RiskRules, now: Date): Promise<RaisedFlag[]> {
    const asked = await this.sources.recentWithdrawals(
      brand.id,
      new Date(now.getTime() - RECENT_DAYS * DAY_MS),
    );
    if (asked.length === 0) return [];
    const today = dayIn(now, brand.timeZone);
    const totals = await this.sources.memberTotals(
      [...new Set(asked.map((w) => w.memberId))],
      addDays(today, -LOOKBACK_DAYS),
      today,
    );
    const flags: RaisedFlag[] = [];
    for (const w of asked) {
      const { deposits = 0, validBet = 0 } = totals.get(w.memberId) ?? {};
      if (deposits === 0 || validBet * 100 >= deposits * rules.lowPlayPercent) continue;
      flags.push({
        brandId: brand.id,
        memberId: w.memberId,
        kind: 'low_play',
        subject: w.reference,
        others: [],
        evidence: { reference: w.reference, amount: w.amount, deposits, bets: validBet },
        size: 1,
      });
    }
    return flags;
  }

  /** A member's day won at or above the brand's amount (today and yesterday, again on every scan). */
  private async bigWins(brand: Brand, rules: RiskRules, now: Date): Promise<RaisedFlag[]> {
    const from = addDays(dayIn(now, brand.timeZone), 1 - RECENT_DAYS);
    const days = await this.sources.bigDays(brand.id, from, rules.bigWinAmount);
    return days.map((d) => ({
      brandId: brand.id,
      memberId: d.memberId,
      kind: 'big_win',
      subject: `${d.memberId}:${d.day}`,
      others: [],
      evidence: { day: d.day, profit: d.profit, bets: d.validBet, payout: d.payout },
      size: 1,
    }));
  }
}
