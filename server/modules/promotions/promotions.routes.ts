import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { TRIAL_TYPE } from '../../../src/api/contract/accounts';
import { applicationImageQuery } from '../../../src/api/contract/promotions';
import { endpoints } from '../../../src/api/endpoints';
import { paths } from '../../../src/api/paths';
import { AppError } from '../../http/app-error';
import { defineRoute } from '../../http/route';
import { unsafeTextIssue } from '../../http/validation';
import { operatorContext } from '../backoffice/operator-context';
import { APPLY_IMAGE_BYTES, APPLY_IMAGES_MAX, type PromotionsService } from './promotions.service';
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
    await app.register(async (uploads) => {
      // One more file than allowed is read, so four pictures are refused by name rather than cut.
      await uploads.register(multipart, {
        limits: { fileSize: APPLY_IMAGE_BYTES + 1, files: APPLY_IMAGES_MAX + 1, fields: 2, fieldSize: 1024 },
      });
      uploads.post(
        paths.applyPromotion.path,
        {
          config: { auth: 'member', rateLimit: { max: 10, timeWindow: 60_000 } },
          schema: {
            summary:
              'Apply to a manual promotion (multipart: promotionId, remark, up to 3 png or jpg of 5 MB)',
            tags,
            security: [{ bearer: [] }],
          },
        },
        async (request) => {
          if (request.member!.userType === TRIAL_TYPE) throw new AppError('REAL_ACCOUNT_REQUIRED');
          let promotionId = 0;
          let remark = '';
          const files: Buffer[] = [];
          for await (const part of request.parts()) {
            if (part.type === 'file') {
              const data = await part.toBuffer().catch(() => {
                throw new AppError('PAYLOAD_TOO_LARGE');
              });
              if (part.file.truncated || data.length > APPLY_IMAGE_BYTES)
                throw new AppError('PAYLOAD_TOO_LARGE');
              files.push(data);
            } else if (part.fieldname === 'promotionId') promotionId = Number(part.value);
            else if (part.fieldname === 'remark') remark = String(part.value);
          }
          // Multipart fields skip the check every JSON body gets (app.ts): the same check, here.
          const unsafe = unsafeTextIssue(request.lang, { body: { remark } });
          if (unsafe) throw new AppError('VALIDATION_FAILED', {}, { issues: [unsafe] });
          if (!Number.isInteger(promotionId) || promotionId < 1 || promotionId > 2_147_483_647)
            throw new AppError('PROMOTION_NOT_FOUND');
          const value = await promotions.apply(
            request.brand,
            request.member!.id,
            promotionId,
            remark,
            files,
            request.lang,
          );
          return { success: true, code: 'OK', message: 'OK', value };
        },
      );
    });
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
    defineRoute(
      app,
      endpoints.promotionApplications,
      {
        summary: 'Applications to manual promotions, waiting or decided',
        ...operator,
        permission: 'promotions.read',
      },
      ({ request, query }) =>
        promotionsAdmin.applications(operatorContext(request), query.status, request.lang),
    );
    defineRoute(
      app,
      endpoints.decideApplication,
      {
        summary: 'Approve (the reward is earned) or reject an application',
        ...operator,
        permission: 'promotions.manage',
      },
      ({ request, body }) => promotionsAdmin.decide(operatorContext(request), body, request.lang),
    );
    app.get(
      paths.promotionApplicationImage.path,
      {
        config: { auth: 'operator', gate: 'open', permission: 'promotions.read' },
        schema: {
          summary: 'A picture a member attached to an application',
          tags: ['back office'],
          security: [{ bearer: [] }],
        },
      },
      async (request, reply) => {
        const query = applicationImageQuery.safeParse(request.query);
        if (!query.success) throw new AppError('PROMOTION_APPLICATION_NOT_FOUND');
        const image = await promotionsAdmin.applicationImage(
          operatorContext(request),
          query.data.entryId,
          query.data.sequence,
        );
        return reply.type(image.mime).header('cache-control', 'private, no-store').send(image.data);
      },
    );
  };
}
