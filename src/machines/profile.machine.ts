import { assign, setup } from 'xstate';
import type { MemberProfile, ProfileBody } from '../api/contract/accounts';
import { failureCode, failureIssues } from './failure';
import { requiredActor } from './required-actor';

export type ProfileEvent =
  | { type: 'EDIT' }
  | { type: 'CANCEL' }
  | { type: 'SAVE'; values: ProfileBody }
  | { type: 'RETRY' };

/**
 * The member's profile on "Minha conta" (spec 3): loaded, shown, and edited where the member may (the
 * nickname; the real name while none is stored). Tags: `loading`, `failed` (nothing could be loaded),
 * `view`, `form` (the edit form shows), `busy` (saving). A refused save keeps the form with the reasons.
 */
export const profileMachine = setup({
  types: {
    context: {} as {
      profile: MemberProfile | null;
      errorCode: string | null;
      issues: Array<{ path: string; message: string }>;
      saved: boolean;
    },
    events: {} as ProfileEvent,
  },
  actors: {
    load: requiredActor<MemberProfile>('load'),
    save: requiredActor<MemberProfile, ProfileBody>('save'),
  },
}).createMachine({
  id: 'profile',
  context: { profile: null, errorCode: null, issues: [], saved: false },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'viewing', actions: assign({ profile: ({ event }) => event.output }) },
        onError: {
          target: 'unavailable',
          actions: assign({ errorCode: ({ event }) => failureCode(event.error) }),
        },
      },
    },
    unavailable: {
      tags: ['failed'],
      on: { RETRY: { target: 'loading', actions: assign({ errorCode: null }) } },
    },
    viewing: {
      tags: ['view'],
      on: { EDIT: { target: 'editing', actions: assign({ saved: false, errorCode: null, issues: [] }) } },
    },
    editing: {
      tags: ['form'],
      on: {
        SAVE: { target: 'saving', actions: assign({ errorCode: null, issues: [] }) },
        CANCEL: { target: 'viewing', actions: assign({ errorCode: null, issues: [] }) },
      },
    },
    saving: {
      tags: ['form', 'busy'],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ event }) => (event as { values: ProfileBody }).values,
        onDone: {
          target: 'viewing',
          actions: assign({ profile: ({ event }) => event.output, saved: true }),
        },
        onError: {
          target: 'editing',
          actions: assign({
            errorCode: ({ event }) => failureCode(event.error),
            issues: ({ event }) => failureIssues(event.error),
          }),
        },
      },
    },
  },
});
