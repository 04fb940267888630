import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../../src/api/endpoints';
import { defineRoute } from '../../http/route';
import { operatorContext } from '../backoffice/operator-context';
import type { MembersAdmin } from './members-admin.service';

/** The back office's members: search and a member's page (members.read), actions (members.manage). */
export function membersAdminRoutes(deps: { membersAdmin: MembersAdmin }) {
  return async (app: FastifyInstance) => {
    const { membersAdmin } = deps;
    const ctx = operatorContext;
    const read = {
      tags: ['back office'],
      auth: 'operator' as const,
      gate: 'open' as const,
      permission: 'members.read' as const,
    };
    const manage = { ...read, permission: 'members.manage' as const };

    defineRoute(
      app,
      endpoints.adminMembers,
      {
        summary: 'Find members by username, mobile, e-mail, address, agent or registration date (paged)',
        ...read,
      },
      ({ request, query }) => membersAdmin.search(ctx(request), query, request.lang),
    );
    defineRoute(
      app,
      endpoints.adminMember,
      {
        summary:
          "A member's page: profile, wallets, postings, deposits, withdrawals, bets, logins, notes, linked accounts",
        ...read,
      },
      ({ request, query }) => membersAdmin.page(ctx(request), query.username, request.lang),
    );
    defineRoute(
      app,
      endpoints.lockMember,
      { summary: 'Lock a member (its sessions and sockets end at once) or unlock it', ...manage },
      ({ request, body }) => membersAdmin.lock(ctx(request), body, request.lang),
    );
    defineRoute(
      app,
      endpoints.endMemberSessions,
      { summary: 'End every open session of a member (its sockets close at once)', ...manage },
      ({ request, body }) => membersAdmin.endSessions(ctx(request), body, request.lang),
    );
    defineRoute(
      app,
      endpoints.resetMemberPassword,
      {
        summary: 'Send the member a code to choose a new password (the operator never sees it)',
        ...manage,
      },
      ({ request, body }) => membersAdmin.resetPassword(ctx(request), body, request.lang),
    );
    defineRoute(
      app,
      endpoints.clearPaymentPassword,
      { summary: "Clear a member's payment password (the member sets a new one)", ...manage },
      ({ request, body }) => membersAdmin.clearPaymentPassword(ctx(request), body, request.lang),
    );
    defineRoute(
      app,
      endpoints.changeMemberAgent,
      { summary: 'Put a member under another agent (or at the top of the tree)', ...manage },
      ({ request, body }) => membersAdmin.changeAgent(ctx(request), body, request.lang),
    );
    defineRoute(
      app,
      endpoints.setMemberVip,
      { summary: "Set a member's VIP level", ...manage },
      ({ request, body }) => membersAdmin.setVipLevel(ctx(request), body, request.lang),
    );
    defineRoute(
      app,
      endpoints.addMemberNote,
      { summary: 'Add a note on a member (never edited nor deleted)', ...manage },
      ({ request, body }) => membersAdmin.addNote(ctx(request), body, request.lang),
    );
  };
}
