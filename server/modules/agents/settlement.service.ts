import {
  type BillView,
  CONTRACT_KINDS,
  type ContractKind,
  PAY_PERIODS,
  type ReportPreset,
} from '../../../src/api/contract/agents';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import { daysFrom, nextDay, startOfDay } from '../../lib/brand-days';
import type { Brand } from '../brand/brand.service';
import type { MemberEvents } from '../events/member-events';
import type { Ledger } from '../ledger/ledger';
import { resolvePeriod } from './agents.service';
import { lastCompletePeriod, type PayPeriod, type Period, periodAt } from './periods';
import { type BillRow, type DueContract, type NewBill, SettlementRepository } from './settlement.repository';
import { type BillMath, billFor } from './settlement-math';

/** Payments in flight at once in a run: each holds a connection while its transaction is open. */
const PAY_CONCURRENCY = 4;

/**
 * Runs `work` over `items`, at most `limit` at a time. After a failure no new item starts; the ones under
 * way finish, then the first failure is thrown (nothing is left running unwatched).
 */
async function inParallel<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      try {
        await work(items[next++]!);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const results = await Promise.allSettled(Array.from({ length: Math.min(limit, items.length) }, worker));
  const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failure) throw failure.reason;
}

/** What settlement asks of other modules: members' figures over a period (the wallet's rounds), names. */
export interface SettlementPorts {
  usernames(ids: number[]): Promise<Map<number, string>>;
  memberTotals(
    brandId: number,
    from: Date,
    to: Date,
  ): Promise<Array<{ memberId: number; validBet: number; profit: number }>>;
}

const ledgerKind = (kind: string) => (kind === 'dividend' ? 'contract_dividend' : 'contract_salary');

/**
 * Pays contracts period by period (docs/agents.md): for each contract in force without a bill for the
 * period, its team's figures, the tier reached, the amount, and the money moved through the ledger with
 * the bill in one transaction, from the upline's main wallet (or the house's commission account for a
 * top agent's contract) to the member's. Safe to run again and in several processes: a bill is made once
 * per contract and period, and the ledger key (the contract and period) moves the money once. A bill its
 * payer cannot cover is recorded `unpaid` and tried again on every later run.
 */
export class SettlementService {
  constructor(
    private readonly repo: SettlementRepository,
    private readonly ledger: Ledger,
    private readonly ports: SettlementPorts,
    private readonly events?: MemberEvents,
  ) {}

  /** Settles one period of one kind (a dividend's pay period given) for the brand; answers the bills made. */
  async settle(brand: Brand, kind: ContractKind, period: Period, payPeriod?: PayPeriod) {
    const due = await this.repo.due(brand.id, kind, period.key, period.start, payPeriod);
    if (due.length === 0) return { bills: 0, paid: 0, unpaid: 0 };
    const figures = await this.ports.memberTotals(brand.id, period.start, period.end);
    const teams = await this.repo.teamTotals(
      due.map((c) => ({ id: c.id, memberId: c.memberId, minActiveBet: c.terms.minActiveBet })),
      figures,
    );
    const carries =
      kind === 'dividend' ? await this.repo.carries(due.map((c) => c.id)) : new Map<number, number>();
    let paid = 0;
    let unpaid = 0;
    const nothingDue: NewBill[] = [];
    const toPay: Array<{ contract: DueContract; bill: Omit<NewBill, 'status'> }> = [];
    for (const contract of due) {
      const team = teams.get(contract.id) ?? { validBet: 0, profit: 0, active: 0 };
      const math = billFor(contract.terms, team, carries.get(contract.id) ?? 0);
      const bill = {
        brandId: brand.id,
        contractId: contract.id,
        kind,
        periodKey: period.key,
        periodStart: period.start,
        periodEnd: period.end,
        payerId: contract.uplineId,
        payeeId: contract.memberId,
        inputs: { team, ...math, minActiveBet: contract.terms.minActiveBet },
        amount: math.amount,
        carryOut: math.carryOut,
      };
      if (math.amount === 0) nothingDue.push({ ...bill, status: 'nothing' });
      else toPay.push({ contract, bill });
    }
    // Bills of nothing move no money: written together (a second run's are skipped by the unique key).
    await this.repo.insertMany(nothingDue);
    // Each payment is its own transaction under its own key; a few at once, as the pool allows.
    await inParallel(toPay, PAY_CONCURRENCY, async ({ contract, bill }) => {
      const outcome = await this.pay(brand, contract, bill.periodKey, bill.amount, async (tx) => {
        await new SettlementRepository(tx).recordPaid(bill);
      });
      if (outcome === 'paid') paid++;
      else if (outcome === 'short') {
        if (await this.repo.insert({ ...bill, status: 'unpaid' })) unpaid++;
      }
    });
    return { bills: due.length, paid, unpaid };
  }

  /**
   * Moves a bill's money with `alongside` in the same transaction. 'paid' when it moved now, 'again' when
   * its key had already moved it (another run), 'short' when the payer's wallet cannot cover it.
   */
  private async pay(
    brand: Brand,
    contract: Pick<DueContract, 'id' | 'kind' | 'uplineId' | 'memberId'>,
    periodKey: string,
    amount: number,
    alongside: (tx: Database) => Promise<void>,
  ): Promise<'paid' | 'again' | 'short'> {
    try {
      const moved = await this.ledger.transferWith(
        {
          brand,
          key: `contract:${contract.id}:${periodKey}`,
          kind: ledgerKind(contract.kind),
          from:
            contract.uplineId === null
              ? { house: 'commission' }
              : { memberId: contract.uplineId, wallet: 'main' },
          to: { memberId: contract.memberId, wallet: 'main' },
          amount,
          meta: { contract: contract.id, kind: contract.kind, period: periodKey },
        },
        (tx) => alongside(tx),
      );
      if (moved.replayed) return 'again';
      // Balances leave coalesced (one notification per half second for every member paid): a run pays
      // thousands of bills, and a notification each would cost a commit each.
      const after = await this.ledger.balanceAfter(moved, moved.to);
      this.events?.balanceChanged(contract.memberId, after, brand.currency);
      if (contract.uplineId !== null) {
        const left = await this.ledger.balanceAfter(moved, moved.from);
        this.events?.balanceChanged(contract.uplineId, left, brand.currency);
      }
      return 'paid';
    } catch (error) {
      if (error instanceof AppError && error.code === 'INSUFFICIENT_FUNDS') return 'short';
      throw error;
    }
  }

  /** Tries the brand's unpaid bills again (their payers may have the money now). */
  async retryUnpaid(brand: Brand) {
    let paid = 0;
    for (const bill of await this.repo.unpaid(brand.id)) {
      const outcome = await this.pay(
        brand,
        { id: bill.contractId, kind: bill.kind, uplineId: bill.payerId, memberId: bill.payeeId },
        bill.periodKey,
        bill.amount,
        async (tx) => {
          await new SettlementRepository(tx).markPaid(bill.id);
        },
      );
      if (outcome === 'paid') paid++;
      else if (outcome === 'short') await this.repo.countAttempt(bill.id);
      // Its key had moved the money already (a run that crashed between, another process): it is paid.
      else await this.repo.markPaid(bill.id);
    }
    return paid;
  }

  /** A member's bills, received or paid (both centres show them with their inputs). */
  async bills(
    brand: Brand,
    member: { id: number },
    query: { kind?: ContractKind; role: 'received' | 'paid' | 'all'; page: number; pageSize: number },
  ) {
    const found = await this.repo.ofMember(
      member.id,
      { ...(query.kind ? { kind: query.kind } : {}), role: query.role },
      { offset: (query.page - 1) * query.pageSize, limit: query.pageSize },
    );
    const items = await this.views(found.items);
    return {
      items,
      total: found.total,
      page: query.page,
      pageSize: query.pageSize,
      currency: brand.currency,
    };
  }

  /** Bills as both centres and the back office show them, with the usernames of both sides. */
  private async views(rows: BillRow[]): Promise<BillView[]> {
    const names = await this.ports.usernames([
      ...new Set(rows.flatMap((b) => (b.payerId === null ? [b.payeeId] : [b.payerId, b.payeeId]))),
    ]);
    return rows.map((b) => {
      const inputs = b.inputs as BillMath & { team: BillView['team'] };
      return {
        id: b.id,
        contractId: b.contractId,
        kind: b.kind as ContractKind,
        periodKey: b.periodKey,
        periodStart: b.periodStart.getTime(),
        periodEnd: b.periodEnd.getTime(),
        payer: b.payerId === null ? null : (names.get(b.payerId) ?? ''),
        payee: names.get(b.payeeId) ?? '',
        team: inputs.team,
        tier: inputs.tier,
        rateBp: inputs.rateBp,
        base: inputs.base,
        carryIn: inputs.carryIn,
        carryOut: b.carryOut,
        amount: b.amount,
        status: b.status as BillView['status'],
        attempts: b.attempts,
        paidAt: b.paidAt?.getTime() ?? null,
      };
    });
  }

  /** The brand's settlement runs (the back office). */
  async runs(brand: Brand, query: { kind?: ContractKind | undefined; page: number; pageSize: number }) {
    const found = await this.repo.runs(brand.id, query.kind, {
      offset: (query.page - 1) * query.pageSize,
      limit: query.pageSize,
    });
    return {
      items: found.items.map((r) => ({
        ...r,
        kind: r.kind as ContractKind,
        periodStart: r.periodStart.getTime(),
        periodEnd: r.periodEnd.getTime(),
        lastAt: r.lastAt.getTime(),
      })),
      total: found.total,
      page: query.page,
      pageSize: query.pageSize,
      currency: brand.currency,
    };
  }

  /** One run's bills with their inputs (the back office). */
  async runBills(
    brand: Brand,
    query: { kind: ContractKind; periodKey: string; page: number; pageSize: number },
  ) {
    const found = await this.repo.ofRun(brand.id, query.kind, query.periodKey, {
      offset: (query.page - 1) * query.pageSize,
      limit: query.pageSize,
    });
    return {
      items: await this.views(found.items),
      total: found.total,
      page: query.page,
      pageSize: query.pageSize,
      currency: brand.currency,
    };
  }

  /** The period of `kind` (a dividend's pay period given) holding the instant `at` in the brand's calendar. */
  periodOf(brand: Brand, kind: ContractKind, payPeriod: PayPeriod | undefined, at: Date): Period {
    return periodAt(kind, payPeriod, at, brand.timeZone);
  }

  /**
   * Settles again the period of `kind` holding the instant `at` (the back office's re-run): only contracts
   * without a bill for it are billed, each bill's money moves under its own key, and unpaid bills are
   * tried again; a period run twice pays nothing twice. The period must be over.
   */
  async rerun(
    brand: Brand,
    kind: ContractKind,
    payPeriod: PayPeriod | undefined,
    at: Date,
    now = new Date(),
  ) {
    const period = periodAt(kind, payPeriod, at, brand.timeZone);
    if (period.end.getTime() > now.getTime()) throw new AppError('PERIOD_NOT_OVER');
    const run = await this.settle(brand, kind, period, payPeriod);
    const retried = await this.retryUnpaid(brand);
    return {
      kind,
      periodKey: period.key,
      periodStart: period.start.getTime(),
      periodEnd: period.end.getTime(),
      bills: run.bills,
      paid: run.paid,
      unpaid: run.unpaid,
      retried,
    };
  }

  /**
   * agentRevenueReport: what the member's contracts paid it and what it paid its downline over the
   * period, per kind and per day of payment.
   */
  async revenue(
    brand: Brand,
    member: { id: number },
    query: { preset?: ReportPreset; from?: string; to?: string },
  ) {
    const period = resolvePeriod(query, brand.timeZone);
    const rows = await this.repo.revenue(
      member.id,
      startOfDay(period.from, brand.timeZone),
      startOfDay(nextDay(period.to), brand.timeZone),
      brand.timeZone,
    );
    const sums = () => ({ received: 0, paid: 0, net: 0, bills: 0 });
    const add = (into: ReturnType<typeof sums>, r: (typeof rows)[number]) => {
      into.received += r.received;
      into.paid += r.paid;
      into.net += r.received - r.paid;
      into.bills += r.bills;
    };
    const total = sums();
    const byKind = new Map(CONTRACT_KINDS.map((k) => [k, sums()]));
    const byDay = new Map(daysFrom(period.from, period.to).map((d) => [d, sums()]));
    for (const r of rows) {
      add(total, r);
      const kind = byKind.get(r.kind as ContractKind);
      if (kind) add(kind, r);
      const day = byDay.get(r.day);
      if (day) add(day, r);
    }
    return {
      currency: brand.currency,
      from: period.from,
      to: period.to,
      total,
      byKind: [...byKind].map(([kind, s]) => ({ kind, ...s })),
      byDay: [...byDay].map(([day, s]) => ({ day, ...s })),
    };
  }

  /** Every kind's last complete period for each brand, then the unpaid bills (the job `agents.settle`). */
  async settleDue(brands: Brand[], now = new Date()) {
    for (const brand of brands) {
      for (const kind of CONTRACT_KINDS) {
        if (kind === 'dividend') {
          for (const payPeriod of PAY_PERIODS)
            await this.settle(
              brand,
              kind,
              lastCompletePeriod(kind, payPeriod, now, brand.timeZone),
              payPeriod,
            );
        } else {
          await this.settle(brand, kind, lastCompletePeriod(kind, undefined, now, brand.timeZone));
        }
      }
      await this.retryUnpaid(brand);
    }
  }
}
