import { describe, expect, it } from 'vitest';
import {
  CONTRACT_STATUSES,
  type ContractEvent,
  type ContractStatus,
  contractAllows,
  contractLifecycle,
} from '../../src/agents/contract-lifecycle';
import { machinePaths, replay } from './graph-paths';

const sides = ['upline', 'downline'] as const;
const events: ContractEvent[] = [
  ...(
    ['ACCEPT', 'REJECT', 'WITHDRAW', 'TERMINATE', 'ACCEPT_TERMINATION', 'REJECT_TERMINATION'] as const
  ).flatMap((type) => sides.map((by) => ({ type, by }))),
  { type: 'SUPERSEDE' },
  { type: 'END_BY_UPLINE_RATE' },
];

describe('contract lifecycle (graph-generated paths)', () => {
  const { statePaths, transitionPaths, reachable } = machinePaths(contractLifecycle, { events });

  it('reaches every status, and every ending is final', () => {
    expect(reachable.map((r) => JSON.parse(r)).sort()).toEqual([...CONTRACT_STATUSES].sort());
    for (const end of ['rejected', 'withdrawn', 'terminated', 'superseded'] as const)
      for (const event of events) expect(contractAllows(end, event)).toBeNull();
  });

  it.each([...statePaths, ...transitionPaths].map((p) => [p.description, p] as const))('%s', (_, path) => {
    let before: ContractStatus = 'offered';
    replay(contractLifecycle, path, {
      check: (actual, _expected, event) => {
        // What the live machine did is what the server's check answers for the same step.
        expect(contractAllows(before, event as ContractEvent)).toBe(actual.value);
        before = actual.value as ContractStatus;
      },
    });
  });

  it('lets only the downline answer an offer and only the upline withdraw it', () => {
    expect(contractAllows('offered', { type: 'ACCEPT', by: 'downline' })).toBe('active');
    expect(contractAllows('offered', { type: 'ACCEPT', by: 'upline' })).toBeNull();
    expect(contractAllows('offered', { type: 'REJECT', by: 'upline' })).toBeNull();
    expect(contractAllows('offered', { type: 'WITHDRAW', by: 'downline' })).toBeNull();
    expect(contractAllows('offered', { type: 'WITHDRAW', by: 'upline' })).toBe('withdrawn');
  });

  it('ends a contract at once for the downline, on request for the upline', () => {
    expect(contractAllows('active', { type: 'TERMINATE', by: 'downline' })).toBe('terminated');
    expect(contractAllows('active', { type: 'TERMINATE', by: 'upline' })).toBe('termination_requested');
    expect(contractAllows('termination_requested', { type: 'ACCEPT_TERMINATION', by: 'downline' })).toBe(
      'terminated',
    );
    expect(contractAllows('termination_requested', { type: 'REJECT_TERMINATION', by: 'downline' })).toBe(
      'active',
    );
    expect(contractAllows('termination_requested', { type: 'ACCEPT_TERMINATION', by: 'upline' })).toBeNull();
    expect(contractAllows('termination_requested', { type: 'TERMINATE', by: 'upline' })).toBe('active');
  });

  it('ends a downline contract, or withdraws its offer, when its upline’s rate falls below it', () => {
    expect(contractAllows('active', { type: 'END_BY_UPLINE_RATE' })).toBe('terminated');
    expect(contractAllows('termination_requested', { type: 'END_BY_UPLINE_RATE' })).toBe('terminated');
    expect(contractAllows('offered', { type: 'END_BY_UPLINE_RATE' })).toBe('withdrawn');
    expect(contractAllows('active', { type: 'SUPERSEDE' })).toBe('superseded');
    expect(contractAllows('offered', { type: 'SUPERSEDE' })).toBeNull();
  });
});
