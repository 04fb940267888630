import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TRIAL_TYPE } from '../../../src/api/contract/accounts';
import { endpoints } from '../../../src/api/endpoints';
import { AppError } from '../../http/app-error';
import { defineRoute } from '../../http/route';
import { unsafeTextIssue } from '../../http/validation';
import { MAX_PROOF_BYTES, MAX_PROOFS, type WithdrawalsService } from './withdrawals.service';

/** The member's side of withdrawals: password, bank accounts, requests and confirmations. */
export function withdrawalsRoutes(deps: { withdrawals: WithdrawalsService }) {
  return async (app: FastifyInstance) => {
    const { withdrawals } = deps;
    const member = { tags: ['withdrawals'], auth: 'member' as const };
    const strict = { max: 10, timeWindow: 60_000 };
    const real = (request: FastifyRequest) => {
      if (request.member!.userType === TRIAL_TYPE) throw new AppError('REAL_ACCOUNT_REQUIRED');
      return request.member!;
    };

    defineRoute(
      app,
      endpoints.withdrawSetup,
      { summary: 'What a withdrawal needs and allows', ...member },
      ({ request }) => withdrawals.setup(request.brand, real(request)),
    );
    defineRoute(
      app,
      endpoints.paymentPassword,
      {
        summary: 'Set (with the login password) or change (with the old one) the payment password',
        ...member,
        rateLimit: strict,
      },
      ({ request, body }) => withdrawals.setPaymentPassword(real(request), body),
    );
    defineRoute(
      app,
      endpoints.addBankAccount,
      { summary: 'Add a bank account (three at most)', ...member, rateLimit: strict },
      ({ request, body }) => withdrawals.addBankAccount(real(request).id, body),
    );
    defineRoute(
      app,
      endpoints.removeBankAccount,
      { summary: 'Remove a bank account', ...member },
      ({ request, body }) => withdrawals.removeBankAccount(real(request).id, body.id),
    );
    defineRoute(
      app,
      endpoints.requestWithdrawal,
      {
        summary: 'Ask for a withdrawal; the amount is held until the operator decides',
        ...member,
        rateLimit: strict,
      },
      ({ request, body }) => withdrawals.request(request.brand, real(request), body, request.lang),
    );
    defineRoute(
      app,
      endpoints.withdrawals,
      { summary: "The member's withdrawals, newest first", ...member },
      ({ request, query }) => withdrawals.list(request.brand, real(request).id, query.status, query.limit),
    );
    defineRoute(
      app,
      endpoints.cancelWithdrawal,
      { summary: 'Cancel a withdrawal the operator has not decided', ...member },
      ({ request, body }) => withdrawals.cancel(request.brand, real(request).id, body.reference),
    );
    await app.register(async (uploads) => {
      await uploads.register(multipart, {
        limits: { fileSize: MAX_PROOF_BYTES, files: MAX_PROOFS, fields: 2, fieldSize: 64 },
      });
      uploads.post(
        '/api/wallet/withdrawal/proof',
        {
          config: { auth: 'member', rateLimit: strict },
          schema: {
            summary:
              'Attach pictures to a paid withdrawal that did not arrive (multipart: reference, proof files)',
            tags: ['withdrawals'],
            security: [{ bearer: [] }],
          },
        },
        async (request) => {
          const member = real(request);
          let reference = '';
          const files: Buffer[] = [];
          for await (const part of request.parts()) {
            if (part.type === 'file') files.push(await part.toBuffer());
            else if (part.fieldname === 'reference') reference = String(part.value);
          }
          // Multipart fields skip the check every JSON body gets (app.ts): the same check, here.
          const unsafe = unsafeTextIssue(request.lang, { body: { reference } });
          if (unsafe) throw new AppError('VALIDATION_FAILED', {}, { issues: [unsafe] });
          if (!reference || reference.length > 32) throw new AppError('WITHDRAWAL_NOT_FOUND');
          const value = await withdrawals.addProofs(request.brand, member.id, reference, files);
          return { success: true, code: 'OK', message: 'OK', value };
        },
      );
    });

    defineRoute(
      app,
      endpoints.confirmWithdrawal,
      { summary: 'After payment: received, all received, or not received with proof', ...member },
      ({ request, body }) => withdrawals.confirm(request.brand, real(request).id, body),
    );
  };
}
