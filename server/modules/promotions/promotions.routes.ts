import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../../src/api/endpoints';
import { defineRoute } from '../../http/route';
import { operatorContext } from '../backoffice/operator-context';
import type { PromotionsService } from './promotions.service';
import type { PromotionsAdmin } from './promotions-admin.service';

/** The promotions page's statuses and moves, the reward centre and bonus details. */
export function promotionsRoutes(deps: { promotions: PromotionsService }) {
  return async (app: FastifyInstance) => {
    const { promotions } = deps;
    const tags = ['promotions'];
    const member = { tags, auth: 'real' as const };

    defineRoute(
      app,
      endpoints.promotionActivities,
      {
        summary: "Every promotion with a rule, and the member's status in each (a guest: none)",
        tags,
        auth: 'optional',
      },
      ({ request }) => promotions.activities(request.brand, request.member?.id ?? null, request.lang),
    );
    defineRoute(
      app,
      endpoints.joinPromotion,
      { summary: 'Join a promotion: it then waits for its trigger (a deposit...)', ...member },
      ({ request, body }) =>
        promotions.join(request.brand, request.member!.id, body.promotionId, request.lang),
    );
    defineRoute(
      app,
      endpoints.signUpPromotionJoin,
      { summary: 'Join the sign-up promotion', ...member },
      ({ request, body }) =>
        promotions.join(request.brand, request.member!.id, body.promotionId, request.lang),
    );
    defineRoute(
      app,
      endpoints.signUpRequestReward,
      { summary: "The sign-up promotion's reward, for a member registered within its days", ...member },
      ({ request, body }) =>
        promotions.requestSignUpReward(request.brand, request.member!.id, body.promotionId, request.lang),
    );
    defineRoute(
      app,
      endpoints.rewardCenter,
      { summary: 'The reward centre: rewards to claim (the badge) and those had', ...member },
      ({ request }) => promotions.rewardCentre(request.brand, request.member!.id, request.lang),
    );
    defineRoute(
      app,
      endpoints.claimReward,
      { summary: 'Claim an earned reward, once', ...member },
      ({ request, body }) =>
        promotions.claim(request.brand, request.member!.id, body.promotionId, request.lang),
    );
    defineRoute(
      app,
      endpoints.bonusDetails,
      { summary: 'Bonuses: terms, wagering progress counted now, expiry', ...member },
      ({ request }) => promotions.bonusList(request.brand, request.member!.id, request.lang),
    );
    defineRoute(
      app,
      endpoints.forfeitBonus,
      { summary: 'Give up the active bonus: its money goes back and withdrawals are free', ...member },
      ({ request, body }) =>
        promotions.forfeit(request.brand, request.member!.id, body.bonusId, request.lang),
    );
  };
}

/** The back office's promotions: rules, budgets and their cost. */
export function promotionsAdminRoutes(deps: { promotionsAdmin: PromotionsAdmin }) {
  return async (app: FastifyInstance) => {
    const { promotionsAdmin } = deps;
    const operator = { tags: ['back office'], auth: 'operator' as const, gate: 'open' as const };
    defineRoute(
      app,
      endpoints.adminPromotionRules,
      {
        summary: 'Promotions with their rules and what each has cost',
        ...operator,
        permission: 'promotions.read',
      },
      ({ request }) => promotionsAdmin.list(operatorContext(request), request.lang),
    );
    defineRoute(
      app,
      endpoints.savePromotionRule,
      {
        summary: "Set a promotion's rule (trigger, eligibility, reward, budget)",
        ...operator,
        permission: 'promotions.manage',
      },
      ({ request, body }) => promotionsAdmin.save(operatorContext(request), body, request.lang),
    );
  };
}
