import type { FastifyInstance } from 'fastify';
import type { LanguageCode } from '../../../src/api/contract/common';
import { endpoints } from '../../../src/api/endpoints';
import { defineCsvExport } from '../../http/csv';
import { translate } from '../../http/messages';
import { defineRoute } from '../../http/route';
import { operatorContext } from '../backoffice/operator-context';
import type { ReportsService } from './reports.service';

/** A CSV header in the caller's language. */
const columns = (lang: LanguageCode, keys: string[]) => keys.map((k) => translate(lang, `reports.csv.${k}`));

/** Minor units as the CSV writes money: 1234 -> 12.34. */
const money = (n: number) => n / 100;

async function* listed<T>(rows: T[]): AsyncGenerator<T> {
  yield* rows;
}

/** The back office's dashboard: the figures the reports jobs keep, and each table as CSV. */
export function reportsAdminRoutes(deps: { reports: ReportsService }) {
  return async (app: FastifyInstance) => {
    const { reports } = deps;
    const ctx = operatorContext;
    const operator = {
      tags: ['back office'],
      auth: 'operator' as const,
      gate: 'open' as const,
      permission: 'reports.read' as const,
    };
    const exporting = { ...operator, rateLimit: { max: 20, timeWindow: 60_000 } };

    defineRoute(
      app,
      endpoints.adminReportDashboard,
      {
        summary:
          "A period's dashboard: totals, each day, by category and vendor, retention by registration week",
        ...operator,
      },
      ({ request, query }) => reports.dashboard(ctx(request), query),
    );

    defineRoute(
      app,
      endpoints.adminReportDays,
      { summary: "Each day's figures over a period", ...operator },
      ({ request, query }) => reports.days(ctx(request), query),
    );
    defineCsvExport(
      app,
      endpoints.adminReportDays,
      { summary: "Each day's figures over a period", filename: 'report-days.csv', ...exporting },
      async ({ request, query }) => ({
        header: columns(request.lang, [
          'day',
          'new_members',
          'first_deposits',
          'first_deposit_amount',
          'deposits',
          'deposit_amount',
          'withdrawals',
          'withdrawal_amount',
          'bets',
          'stake',
          'payout',
          'ggr',
          'bonus',
          'rebate',
          'adjustment',
          'ngr',
          'active_members',
        ]),
        rows: listed(
          (await reports.days(ctx(request), query)).map((d) => [
            d.day,
            d.newMembers,
            d.firstDeposits,
            money(d.firstDepositAmount),
            d.deposits,
            money(d.depositAmount),
            d.withdrawals,
            money(d.withdrawalAmount),
            d.bets,
            money(d.stake),
            money(d.payout),
            money(d.ggr),
            money(d.bonus),
            money(d.rebate),
            money(d.adjustment),
            money(d.ngr),
            d.activeMembers,
          ]),
        ),
      }),
    );

    defineRoute(
      app,
      endpoints.adminReportCategories,
      { summary: 'Bets, stake, payout and GGR per game category over a period', ...operator },
      ({ request, query }) => reports.categories(ctx(request), query),
    );
    defineCsvExport(
      app,
      endpoints.adminReportCategories,
      { summary: 'Bets per game category over a period', filename: 'report-categories.csv', ...exporting },
      async ({ request, query }) => ({
        header: columns(request.lang, ['category', 'bets', 'stake', 'payout', 'ggr']),
        rows: listed(
          (await reports.categories(ctx(request), query)).map((c) => [
            translate(request.lang, `reports.category.${c.category}`),
            c.bets,
            money(c.stake),
            money(c.payout),
            money(c.ggr),
          ]),
        ),
      }),
    );

    defineRoute(
      app,
      endpoints.adminReportVendors,
      { summary: 'Bets, stake, payout and GGR per game vendor over a period', ...operator },
      ({ request, query }) => reports.vendors(ctx(request), query),
    );
    defineCsvExport(
      app,
      endpoints.adminReportVendors,
      { summary: 'Bets per game vendor over a period', filename: 'report-vendors.csv', ...exporting },
      async ({ request, query }) => ({
        header: columns(request.lang, ['vendor', 'category', 'bets', 'stake', 'payout', 'ggr']),
        rows: listed(
          (await reports.vendors(ctx(request), query)).map((v) => [
            v.name,
            translate(request.lang, `reports.category.${v.category}`),
            v.bets,
            money(v.stake),
            money(v.payout),
            money(v.ggr),
          ]),
        ),
      }),
    );

    defineRoute(
      app,
      endpoints.adminReportCohorts,
      {
        summary: 'Retention: members registered each week, and how many played in each later week',
        ...operator,
      },
      ({ request, query }) => reports.cohorts(ctx(request), query),
    );
    defineCsvExport(
      app,
      endpoints.adminReportCohorts,
      { summary: 'Retention by registration week', filename: 'report-cohorts.csv', ...exporting },
      async ({ request, query }) => {
        const cohorts = await reports.cohorts(ctx(request), query);
        const weeks = Math.max(0, ...cohorts.map((c) => c.retained.length));
        return {
          header: [
            ...columns(request.lang, ['week', 'members']),
            ...Array.from({ length: weeks }, (_, i) =>
              translate(request.lang, 'reports.csv.week_n', { n: String(i + 1) }),
            ),
          ],
          rows: listed(cohorts.map((c) => [c.week, c.members, ...c.retained.map((r) => r.members)])),
        };
      },
    );
  };
}
