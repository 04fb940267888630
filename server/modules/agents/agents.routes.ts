import type { FastifyInstance } from 'fastify';
import type { LanguageCode } from '../../../src/api/contract/common';
import { endpoints } from '../../../src/api/endpoints';
import { AppError } from '../../http/app-error';
import { CSV_EXPORT_MAX_ROWS, defineCsvExport, pagedRows } from '../../http/csv';
import { translate } from '../../http/messages';
import { defineRoute } from '../../http/route';
import { type AccountsService, isAgentType } from '../accounts/accounts.service';
import type { AgentsService } from './agents.service';
import type { ContractsService } from './contracts.service';
import type { SettlementService } from './settlement.service';

/** The agent centre (spec 2.6): every route is the signed-in agent's own downline, scoped on the server. */
export function agentsRoutes(deps: {
  /** The accounts module's registerCenter account opening. */
  openDownline: AccountsService['openDownline'];
  agents: AgentsService;
  contracts: ContractsService;
  settlement: SettlementService;
}) {
  return async (app: FastifyInstance) => {
    const { agents, contracts, settlement, openDownline } = deps;
    const agent = { tags: ['agents'], auth: 'member' as const };

    defineRoute(
      app,
      endpoints.agentTeamOverview,
      {
        summary: "The agent's whole downline: members, balance and figures over a period, per day",
        ...agent,
      },
      ({ request, query }) => agents.overview(request.brand, request.member!, query),
    );
    defineRoute(
      app,
      endpoints.agentDownlineList,
      { summary: 'A page of the downline (direct or every level), newest first, with figures', ...agent },
      ({ request, query }) => agents.downline(request.brand, request.member!, query),
    );
    defineCsvExport(
      app,
      endpoints.agentDownlineList,
      {
        summary: 'The downline with its figures',
        filename: 'downline.csv',
        ...agent,
        rateLimit: { max: 10, timeWindow: 60_000 },
      },
      async ({ request, query }) => ({
        header: columns(request.lang, [
          'member',
          'level',
          'upline',
          'joined',
          'team',
          'balance',
          'valid_bet',
          'result',
          'deposits',
          'withdrawals',
        ]),
        rows: mapRows(
          pagedRows(async (page, pageSize) => {
            const found = await agents.downline(request.brand, request.member!, { ...query, page, pageSize });
            return found.items;
          }),
          (m) => [
            m.username,
            m.depth,
            m.upline,
            new Date(m.joinedAt).toISOString(),
            m.teamSize,
            m.balance / 100,
            m.validBet / 100,
            m.profit / 100,
            m.deposits / 100,
            m.withdrawals / 100,
          ],
        ),
      }),
    );

    defineRoute(
      app,
      endpoints.agentInvitation,
      {
        summary: "The agent's invitation code (made on first use): its link and QR code bring registrations",
        ...agent,
      },
      async ({ request }) => ({
        ...(await agents.invitation(request.member!)),
        ...(await contracts.invitationDefaults(request.member!)),
      }),
    );
    defineRoute(
      app,
      endpoints.contractTemplates,
      {
        summary:
          "The brand's contract templates, the default of each kind first (the offer form starts from them)",
        ...agent,
      },
      ({ request }) => contracts.templatesFor(request.brand, request.member!),
    );
    defineRoute(
      app,
      endpoints.setInvitationDefaults,
      {
        summary: "The contracts the agent's invitation carries: offered at once to whoever joins with it",
        ...agent,
        rateLimit: { max: 30, timeWindow: 60_000 },
      },
      async ({ request, body }) => ({
        ...(await agents.invitation(request.member!)),
        ...(await contracts.setInvitationDefaults(request.member!, body.defaults)),
      }),
    );
    defineRoute(
      app,
      endpoints.openDownline,
      {
        summary:
          'Open an account (a player or an agent) in the direct downline; it changes the password at first login',
        ...agent,
        rateLimit: { max: 20, timeWindow: 60_000 },
      },
      ({ request, body }) => openDownline(request.brand, request.member!, body, request.lang),
    );

    // Team reports (spec 2.6): each pages on the server and exports to CSV.
    const exporting = { ...agent, rateLimit: { max: 10, timeWindow: 60_000 } };
    const money = (n: number) => n / 100;
    const time = (ms: number) => new Date(ms).toISOString();
    defineRoute(
      app,
      endpoints.agentTeamBets,
      { summary: "The downline's game rounds over a period, newest first (team betting)", ...agent },
      ({ request, query }) => agents.teamBets(request.brand, request.lang, request.member!, query),
    );
    defineCsvExport(
      app,
      endpoints.agentTeamBets,
      { summary: "The downline's game rounds", filename: 'team-bets.csv', ...exporting },
      async ({ request, query }) => ({
        header: columns(request.lang, [
          'time',
          'member',
          'game',
          'round',
          'stake',
          'valid_bet',
          'payout',
          'result',
          'status',
        ]),
        rows: mapRows(
          pagedRows(async (page, pageSize) => {
            const found = await agents.teamBets(request.brand, request.lang, request.member!, {
              ...query,
              page,
              pageSize,
            });
            return found.items;
          }),
          (b) => [
            time(b.createdAt),
            b.username,
            b.gameName,
            b.roundId,
            money(b.stake),
            money(b.validBet),
            money(b.payout),
            money(b.net),
            b.status,
          ],
        ),
      }),
    );

    defineRoute(
      app,
      endpoints.agentMemberProfit,
      {
        summary: "Each downline member's result over a period, with the team's (user profit and loss)",
        ...agent,
      },
      ({ request, query }) => agents.memberProfit(request.brand, request.member!, query),
    );
    defineCsvExport(
      app,
      endpoints.agentMemberProfit,
      { summary: "Each downline member's result over a period", filename: 'member-profit.csv', ...exporting },
      async ({ request, query }) => ({
        header: columns(request.lang, [
          'member',
          'level',
          'rounds',
          'stake',
          'valid_bet',
          'payout',
          'result',
          'deposits',
          'withdrawals',
        ]),
        rows: mapRows(
          pagedRows(async (page, pageSize) => {
            const found = await agents.memberProfit(request.brand, request.member!, {
              ...query,
              page,
              pageSize,
            });
            return found.items;
          }),
          (m) => [
            m.username,
            m.depth,
            m.rounds,
            money(m.stake),
            money(m.validBet),
            money(m.payout),
            money(m.profit),
            money(m.deposits),
            money(m.withdrawals),
          ],
        ),
      }),
    );

    defineRoute(
      app,
      endpoints.agentTeamRecords,
      { summary: "The downline's account records over a period, newest first (account details)", ...agent },
      ({ request, query }) => agents.teamRecords(request.brand, request.member!, query),
    );
    defineCsvExport(
      app,
      endpoints.agentTeamRecords,
      { summary: "The downline's account records", filename: 'team-records.csv', ...exporting },
      async ({ request, query }) => ({
        header: columns(request.lang, ['time', 'member', 'type', 'wallet', 'amount', 'balance_after']),
        rows: mapRows(
          cursorRows(async (before) => {
            const found = await agents.teamRecords(request.brand, request.member!, {
              ...query,
              before,
              limit: 100,
            });
            return { rows: found.items, more: found.more };
          }),
          (r) => [time(r.createdAt), r.username, r.type, r.wallet, money(r.amount), money(r.balanceAfter)],
        ),
      }),
    );

    defineRoute(
      app,
      endpoints.agentRevenue,
      {
        summary: "What the agent's contracts paid it and what it paid its downline, per kind and day",
        ...agent,
      },
      ({ request, query }) => settlement.revenue(request.brand, agentOnly(request.member!), query),
    );
    defineCsvExport(
      app,
      endpoints.agentRevenue,
      { summary: "The agent's income per day", filename: 'revenue.csv', ...exporting },
      async ({ request, query }) => {
        const report = await settlement.revenue(request.brand, agentOnly(request.member!), query);
        return {
          header: columns(request.lang, ['day', 'received', 'paid', 'net', 'bills']),
          rows: mapRows(
            (async function* () {
              yield* report.byDay;
            })(),
            (d) => [d.day, money(d.received), money(d.paid), money(d.net), d.bills],
          ),
        };
      },
    );

    defineRoute(
      app,
      endpoints.agentNotices,
      { summary: "The operator's notices to its agents", ...agent },
      ({ request }) => agents.notices(request.brand, request.lang, request.member!),
    );

    // Contracts: the agent's side.
    const acting = { ...agent, rateLimit: { max: 60, timeWindow: 60_000 } };
    defineRoute(
      app,
      endpoints.agentContracts,
      { summary: 'Contracts the agent gave its downline and holds from its upline', ...agent },
      ({ request }) => contracts.ofAgent(request.member!),
    );
    defineRoute(
      app,
      endpoints.offerContract,
      {
        summary: 'Offer a contract to a member of the direct downline (it answers in its contract dialog)',
        ...acting,
      },
      ({ request, body }) => contracts.offer(request.brand, request.member!, body),
    );
    defineRoute(
      app,
      endpoints.withdrawContract,
      { summary: 'Take back an offer the member has not answered', ...acting },
      ({ request, body }) => contracts.withdraw(request.member!, body.contractId),
    );
    defineRoute(
      app,
      endpoints.terminateContract,
      { summary: 'Ask the member to end a contract in force (again: take the request back)', ...acting },
      ({ request, body }) => contracts.requestTermination(request.member!, body.contractId),
    );

    defineRoute(
      app,
      endpoints.contractBills,
      {
        summary: "The member's contract bills, received or paid, with their inputs",
        tags: ['agents'],
        auth: 'member',
      },
      ({ request, query }) => settlement.bills(request.brand, request.member!, query),
    );

    // Contracts: the member's answers, one relay call per kind (spec 7.2).
    const answers = [
      [endpoints.processDividendReq, 'dividend'],
      [endpoints.processDailySalContract, 'daily_salary'],
      [endpoints.processContractHourSalary, 'hourly_salary'],
      [endpoints.processRealTimeSalaryContract, 'realtime_salary'],
    ] as const;
    for (const [endpoint, kind] of answers) {
      defineRoute(
        app,
        endpoint,
        {
          summary: `Accept, reject or end a ${kind.replace('_', ' ')} contract or its termination request`,
          tags: ['agents'],
          auth: 'member',
          rateLimit: { max: 60, timeWindow: 60_000 },
        },
        ({ request, body }) => contracts.answer(request.brand, request.member!, kind, body),
      );
    }
  };
}

/** A CSV header in the caller's language. */
const columns = (lang: LanguageCode, keys: string[]) => keys.map((k) => translate(lang, `agent.csv.${k}`));

async function* mapRows<T, R>(rows: AsyncIterable<T>, line: (row: T) => R): AsyncGenerator<R> {
  for await (const row of rows) yield line(row);
}

/** Keyset pages (each after the last id of the one before), until the last one or the row limit. */
async function* cursorRows<T extends { id: number }>(
  fetchPage: (before: number | undefined) => Promise<{ rows: T[]; more: boolean }>,
): AsyncGenerator<T> {
  let before: number | undefined;
  let sent = 0;
  for (;;) {
    const { rows, more } = await fetchPage(before);
    for (const row of rows) {
      if (sent++ >= CSV_EXPORT_MAX_ROWS) return;
      yield row;
    }
    if (!more || rows.length === 0) return;
    before = rows.at(-1)!.id;
  }
}

function agentOnly<M extends { userType: number }>(member: M) {
  if (!isAgentType(member.userType)) throw new AppError('AGENTS_ONLY');
  return member;
}
