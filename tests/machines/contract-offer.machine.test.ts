import { describe, expect, it } from 'vitest';
import type { ContractView } from '../../src/api/contract/agents';
import { contractOfferMachine } from '../../src/machines/contract-offer.machine';
import { requiredActor } from '../../src/machines/required-actor';
import { machinePaths, replay } from './graph-paths';

const machine = contractOfferMachine.provide({ actors: { offer: requiredActor('test') } });
const terms = {
  kind: 'daily_salary' as const,
  salaryType: 'single_bet' as const,
  minActiveBet: 1_000,
  tiers: [{ minValidBet: 0, minActive: 0, rateBp: 50 }],
};
const sent = { id: 3, status: 'offered', member: 'kid' } as ContractView;
const events = [
  { type: 'SUBMIT', offer: { username: 'kid', terms } },
  { type: 'EDIT' },
  { type: 'xstate.done.actor.offer', output: sent },
  { type: 'xstate.error.actor.offer', error: { code: 'CONTRACT_RATE_ABOVE_OWN', message: 'at most 0.50%' } },
] as never[];

describe('contract offer machine (graph-generated paths)', () => {
  const { statePaths, transitionPaths, reachable } = machinePaths(machine, { events });

  it('edits, sends, and ends sent or back at the terms with the reason', () => {
    expect(reachable.map((r) => JSON.parse(r)).sort()).toEqual(['editing', 'sending', 'sent']);
  });

  it.each([...statePaths, ...transitionPaths].map((p) => [p.description, p] as const))('%s', (_, path) => {
    replay(machine, path, {
      check: (actual, _expected, event) => {
        if (actual.matches('sent')) expect(actual.context.sent).toEqual(sent);
        if ((event as { type: string }).type === 'xstate.error.actor.offer') {
          expect(actual.context.errorCode).toBe('CONTRACT_RATE_ABOVE_OWN');
          expect(actual.context.errorMessage).toBe('at most 0.50%');
        }
        if (actual.matches('sending')) expect(actual.context.errorCode).toBeNull();
      },
    });
  });
});
