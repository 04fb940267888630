import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../../src/api/endpoints';
import { defineRoute } from '../../http/route';
import type { AgentsService } from './agents.service';
import type { ContractsService } from './contracts.service';
import type { SettlementService } from './settlement.service';

/** The agent centre (spec 2.6): every route is the signed-in agent's own downline, scoped on the server. */
export function agentsRoutes(deps: {
  agents: AgentsService;
  contracts: ContractsService;
  settlement: SettlementService;
}) {
  return async (app: FastifyInstance) => {
    const { agents, contracts, settlement } = deps;
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

    defineRoute(
      app,
      endpoints.agentInvitation,
      {
        summary: "The agent's invitation code (made on first use): its link and QR code bring registrations",
        ...agent,
      },
      ({ request }) => agents.invitation(request.member!),
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
