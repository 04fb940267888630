import { setup, transition } from 'xstate';

/**
 * A contract between an agent (the upline, who pays) and one of its direct downline (who is paid), from
 * the offer to its end (spec 4.8). One definition for both sides: the server checks every request
 * against it (`contractAllows`) and the contract dialog's machine shows only what it allows.
 *
 * - The upline offers; the downline accepts or rejects; the upline may withdraw an offer not yet answered.
 * - Either side may end an active contract: the downline at once (it gives up its own pay); the upline by
 *   asking, and the downline accepts or rejects the request.
 * - A contract also ends without anyone asking: when the downline accepts a new contract of the same kind
 *   (superseded), or when its upline's own contract falls below the rate it gives (ended by the upline's
 *   rate; the downline confirmed that when it accepted).
 */
export const CONTRACT_STATUSES = [
  'offered',
  'active',
  'termination_requested',
  'rejected',
  'withdrawn',
  'terminated',
  'superseded',
] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

export type ContractSide = 'upline' | 'downline';
export type ContractEvent =
  | { type: 'ACCEPT'; by: ContractSide }
  | { type: 'REJECT'; by: ContractSide }
  | { type: 'WITHDRAW'; by: ContractSide }
  | { type: 'TERMINATE'; by: ContractSide }
  | { type: 'ACCEPT_TERMINATION'; by: ContractSide }
  | { type: 'REJECT_TERMINATION'; by: ContractSide }
  | { type: 'SUPERSEDE' }
  | { type: 'END_BY_UPLINE_RATE' };

export const contractLifecycle = setup({
  types: { events: {} as ContractEvent },
  guards: {
    byDownline: ({ event }) => 'by' in event && event.by === 'downline',
    byUpline: ({ event }) => 'by' in event && event.by === 'upline',
  },
}).createMachine({
  id: 'contractLifecycle',
  initial: 'offered',
  states: {
    offered: {
      on: {
        ACCEPT: { guard: 'byDownline', target: 'active' },
        REJECT: { guard: 'byDownline', target: 'rejected' },
        WITHDRAW: { guard: 'byUpline', target: 'withdrawn' },
        // A pending offer the downline could no longer pass on at its rate is withdrawn with its upline's.
        END_BY_UPLINE_RATE: { target: 'withdrawn' },
      },
    },
    active: {
      on: {
        TERMINATE: [
          { guard: 'byDownline', target: 'terminated' },
          { guard: 'byUpline', target: 'termination_requested' },
        ],
        SUPERSEDE: { target: 'superseded' },
        END_BY_UPLINE_RATE: { target: 'terminated' },
      },
    },
    termination_requested: {
      on: {
        ACCEPT_TERMINATION: { guard: 'byDownline', target: 'terminated' },
        REJECT_TERMINATION: { guard: 'byDownline', target: 'active' },
        // The downline may still simply leave; the upline may take its request back.
        TERMINATE: [
          { guard: 'byDownline', target: 'terminated' },
          { guard: 'byUpline', target: 'active' },
        ],
        SUPERSEDE: { target: 'superseded' },
        END_BY_UPLINE_RATE: { target: 'terminated' },
      },
    },
    rejected: { type: 'final' },
    withdrawn: { type: 'final' },
    terminated: { type: 'final' },
    superseded: { type: 'final' },
  },
});

/** The status a contract in `status` moves to on `event`, or null when the lifecycle does not allow it. */
export function contractAllows(status: ContractStatus, event: ContractEvent): ContractStatus | null {
  const snapshot = contractLifecycle.resolveState({ value: status, context: {} });
  if (!snapshot.can(event)) return null;
  const [next] = transition(contractLifecycle, snapshot, event);
  return next.value as ContractStatus;
}

/** Whether a contract in this status still binds both sides (it is paid). */
export const isInForce = (status: ContractStatus) =>
  status === 'active' || status === 'termination_requested';
