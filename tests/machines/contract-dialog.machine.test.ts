import { describe, expect, it } from 'vitest';
import type { ContractView } from '../../src/api/contract/agents';
import { contractDialogMachine } from '../../src/machines/contract-dialog.machine';
import { requiredActor } from '../../src/machines/required-actor';
import { machinePaths, replay } from './graph-paths';

const machine = contractDialogMachine.provide({
  actors: { load: requiredActor('test'), answer: requiredActor('test') },
});

const contract = (id: number, over: Partial<ContractView> = {}): ContractView => ({
  id,
  kind: 'daily_salary',
  status: 'offered',
  upline: 'boss',
  member: 'me',
  terms: {
    kind: 'daily_salary',
    salaryType: 'single_bet',
    minActiveBet: 1_000,
    tiers: [{ minValidBet: 0, minActive: 0, rateBp: 50 }],
  },
  rateBp: 50,
  offeredAt: 1,
  decidedAt: null,
  endedAt: null,
  endedReason: null,
  ...over,
});
const offer = contract(1);
const ending = contract(9, { upline: 'me', member: 'mine', rateBp: 100, status: 'active' });
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const fail = (id: string, code: string, value?: unknown) => ({
  type: `xstate.error.actor.${id}`,
  error: { code, value },
});

const events = [
  { type: 'REFRESH' },
  { type: 'ACCEPT' },
  { type: 'REJECT' },
  { type: 'CONFIRM_ENDING' },
  { type: 'BACK' },
  { type: 'CLOSE' },
  done('load', [offer]),
  done('load', []),
  fail('load', 'NETWORK_ERROR'),
  done('answer', { ...offer, status: 'active' }),
  fail('answer', 'CONTRACT_ENDS_DOWNLINE', { contracts: [ending] }),
  fail('answer', 'CONTRACT_NOT_ALLOWED'),
] as never[];

describe('contract dialog machine (graph-generated paths)', () => {
  type Snap = ReturnType<typeof machine.resolveState>;
  const serializeState = (s: Snap) =>
    `${JSON.stringify(s.value)}#${s.context.current?.id ?? '-'}#${s.context.ending.length}#${s.context.seen.length}#${s.context.errorCode}`;
  const { statePaths, transitionPaths, reachable } = machinePaths(machine, {
    events,
    serializeState: serializeState as never,
  });

  it('reaches every state, including the confirmation that names the downline contracts to end', () => {
    const values = new Set(reachable.map((r) => r.split('#')[0]));
    for (const v of ['"loading"', '"idle"', '"showing"', '"accepting"', '"rejecting"', '"confirmingEnding"'])
      expect(values).toContain(v);
  });

  it.each([...statePaths, ...transitionPaths].map((p) => [p.description, p] as const))('%s', (_, path) => {
    const end = replay(machine, path, {
      check: (actual) => {
        // The dialog is open exactly while a request is shown or answered.
        expect(actual.hasTag('open')).toBe(
          ['showing', 'accepting', 'rejecting', 'confirmingEnding'].includes(actual.value as string),
        );
        if (actual.matches('confirmingEnding')) expect(actual.context.ending).toEqual([ending]);
        if (actual.matches('showing')) expect(actual.context.current).not.toBeNull();
      },
    });
    // A request put aside is not shown again until something new arrives.
    if (end.matches('idle') && end.context.seen.includes(offer.id)) expect(end.context.current).toBeNull();
  });

  it('sends the contracts the member confirmed with its second accept', () => {
    const path = transitionPaths.find(
      (p) => p.description.startsWith('"confirmingEnding"') && p.description.includes('CONFIRM_ENDING'),
    );
    expect(path).toBeDefined();
    const end = replay(machine, path!);
    expect(end.matches('accepting')).toBe(true);
    expect(end.context.ending.map((c: ContractView) => c.id)).toEqual([ending.id]);
  });
});
