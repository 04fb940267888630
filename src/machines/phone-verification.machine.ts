import { assign, setup } from 'xstate';
import type { PhoneProof } from '../api/contract/identity';
import { requiredActor } from './required-actor';

/** How the verification window ended, as its page tells the form. */
export type PhoneVerificationResult =
  | { type: 'VERIFIED'; proof: PhoneProof }
  | { type: 'FAILED'; code: string };

export interface PhoneVerificationContext {
  /** The brand's phone provider (its code in the start address). */
  providerCode: string;
  verified: PhoneProof | null;
  errorCode: string | null;
}

/**
 * The mobile number verified by the brand's phone provider instead of the site's SMS code (spec 4.2, 4.3:
 * `firebaseChannel`/`firebaseIdToken`): VERIFY opens the provider in a window of its own, which tells
 * the form how it ended. Whether that window was closed cannot always be seen (a provider may sever it
 * from the site), so the form waits until told, or until the member cancels or opens it again. The
 * registration then sends the proof with the verified number; changing the number (RESET) drops it.
 */
export const phoneVerificationMachine = setup({
  types: {
    context: {} as PhoneVerificationContext,
    input: {} as { providerCode: string },
    events: {} as { type: 'VERIFY' } | { type: 'CANCEL' } | { type: 'RESET' } | { type: 'DISMISS' },
  },
  actors: {
    /** Opens the provider's window and resolves with how it ended; rejects when no window could open. */
    verifyInWindow: requiredActor<PhoneVerificationResult, { code: string }>('verifyInWindow'),
  },
}).createMachine({
  id: 'phoneVerification',
  context: ({ input }) => ({ providerCode: input.providerCode, verified: null, errorCode: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        VERIFY: { target: 'verifying', actions: assign({ errorCode: null }) },
        DISMISS: { actions: assign({ errorCode: null }) },
      },
    },
    verifying: {
      tags: ['busy'],
      on: { CANCEL: 'idle', VERIFY: { target: 'verifying', reenter: true } },
      invoke: {
        id: 'verifyInWindow',
        src: 'verifyInWindow',
        input: ({ context }) => ({ code: context.providerCode }),
        onDone: [
          {
            guard: ({ event }) => event.output.type === 'VERIFIED',
            target: 'verified',
            actions: assign({
              verified: ({ event }) => (event.output as { proof: PhoneProof }).proof,
            }),
          },
          {
            target: 'idle',
            actions: assign({ errorCode: ({ event }) => (event.output as { code: string }).code }),
          },
        ],
        onError: {
          target: 'idle',
          actions: assign({
            errorCode: ({ event }) => (event.error as { code?: string })?.code ?? 'PHONE_POPUP_BLOCKED',
          }),
        },
      },
    },
    verified: {
      tags: ['verified'],
      on: { RESET: { target: 'idle', actions: assign({ verified: null }) } },
    },
  },
});
