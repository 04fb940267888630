import { assign, emit, setup } from 'xstate';
import type { PromotionActivity } from '../api/contract/promotions';
import { requiredActor } from './required-actor';

const codeOf = (error: unknown) => (error as { code?: string } | undefined)?.code ?? 'UNKNOWN';

/** Refusals that mean the activity is no longer what the card shows. */
const MOVED_ON = new Set([
  'PROMOTION_ALREADY_JOINED',
  'PROMOTION_ALREADY_CLAIMED',
  'PROMOTION_CLAIM_EXPIRED',
  'PROMOTION_CLOSED',
  'PROMOTION_BUDGET_SPENT',
  'PROMOTION_NOT_AVAILABLE',
  'PROMOTION_APPLICATION_DECIDED',
]);

/** What the member can do on a promotion; the server decides the move (src/promotions/lifecycle.ts). */
export type PromotionAction = 'join' | 'requestReward' | 'claim' | 'apply';

/** What the actor is asked to do: the move, and an application's remark and pictures. */
export interface PromotionActInput {
  action: PromotionAction;
  promotionId: number;
  remark?: string;
  files?: Blob[];
}

/**
 * One promotion as the member acts on it (the promotions page's card, the reward centre's line): join it,
 * apply to it (a remark and pictures), ask for the sign-up reward, claim an earned reward. Each is offered only in the status that allows it,
 * one at a time; the answer is the activity as it is now. A refusal keeps the card with its reason, and
 * one that says the activity moved on (already joined or claimed elsewhere) asks for the list again.
 */
export const promotionActivityMachine = setup({
  types: {
    context: {} as { activity: PromotionActivity; errorCode: string | null },
    input: {} as { activity: PromotionActivity },
    events: {} as
      | { type: 'JOIN' }
      | { type: 'REQUEST_REWARD' }
      | { type: 'CLAIM' }
      | { type: 'APPLY'; remark: string; files: Blob[] }
      | { type: 'UPDATE'; activity: PromotionActivity },
    emitted: {} as { type: 'changed'; activity: PromotionActivity } | { type: 'stale' },
  },
  actors: {
    act: requiredActor<PromotionActivity, PromotionActInput>('act'),
  },
  guards: {
    canJoin: ({ context }) => context.activity.status === 'join',
    canRequestReward: ({ context }) =>
      context.activity.status === 'joined' && context.activity.trigger.type === 'signup',
    canClaim: ({ context }) => context.activity.status === 'claim',
    canApply: ({ context }) => context.activity.status === 'apply',
  },
}).createMachine({
  id: 'promotionActivity',
  context: ({ input }) => ({ activity: input.activity, errorCode: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        JOIN: { guard: 'canJoin', target: 'acting', actions: assign({ errorCode: null }) },
        REQUEST_REWARD: { guard: 'canRequestReward', target: 'acting', actions: assign({ errorCode: null }) },
        CLAIM: { guard: 'canClaim', target: 'acting', actions: assign({ errorCode: null }) },
        APPLY: { guard: 'canApply', target: 'acting', actions: assign({ errorCode: null }) },
        UPDATE: { actions: assign({ activity: ({ event }) => event.activity }) },
      },
    },
    acting: {
      tags: ['busy'],
      invoke: {
        id: 'act',
        src: 'act',
        input: ({ context, event }): PromotionActInput => {
          const promotionId = context.activity.promotionId;
          if (event.type === 'APPLY')
            return { action: 'apply', promotionId, remark: event.remark, files: event.files };
          if (event.type === 'JOIN') return { action: 'join', promotionId };
          if (event.type === 'CLAIM') return { action: 'claim', promotionId };
          return { action: 'requestReward', promotionId };
        },
        onDone: {
          target: 'idle',
          actions: [
            assign({ activity: ({ event }) => event.output }),
            emit(({ event }) => ({ type: 'changed' as const, activity: event.output })),
          ],
        },
        onError: [
          {
            // Refused because it moved on elsewhere (another tab claimed it, the budget ran out): the
            // reason, and the list looks again.
            guard: ({ event }) => MOVED_ON.has(codeOf(event.error)),
            target: 'idle',
            actions: [
              assign({ errorCode: ({ event }) => codeOf(event.error) }),
              emit({ type: 'stale' as const }),
            ],
          },
          { target: 'idle', actions: assign({ errorCode: ({ event }) => codeOf(event.error) }) },
        ],
      },
    },
  },
});
