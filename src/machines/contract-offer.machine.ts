import { assign, setup } from 'xstate';
import type { ContractTerms, ContractView } from '../api/contract/agents';
import { failureCode, failureMessage } from './failure';
import { requiredActor } from './required-actor';

export interface ContractOffer {
  username: string;
  terms: ContractTerms;
}

/**
 * An agent offers a contract to a member of its direct downline: the terms are edited, sent, and either
 * refused (with the server's reason, the terms kept for another try) or sent to the member, whose answer
 * comes later in its contract dialog. Tags: `busy` while sending, `sent` once the offer waits.
 */
export const contractOfferMachine = setup({
  types: {
    context: {} as { sent: ContractView | null; errorCode: string | null; errorMessage: string | null },
    events: {} as { type: 'SUBMIT'; offer: ContractOffer } | { type: 'EDIT' },
  },
  actors: { offer: requiredActor<ContractView, ContractOffer>('offer') },
}).createMachine({
  id: 'contractOffer',
  context: { sent: null, errorCode: null, errorMessage: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        SUBMIT: { target: 'sending', actions: assign({ errorCode: null, errorMessage: null }) },
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'offer',
        src: 'offer',
        input: ({ event }) => (event as { offer: ContractOffer }).offer,
        onDone: { target: 'sent', actions: assign({ sent: ({ event }) => event.output }) },
        onError: {
          target: 'editing',
          actions: assign({
            errorCode: ({ event }) => failureCode(event.error),
            errorMessage: ({ event }) => failureMessage(event.error),
          }),
        },
      },
    },
    sent: {
      tags: ['sent'],
      on: { EDIT: { target: 'editing', actions: assign({ sent: null }) } },
    },
  },
});
