import { describe, expect, it } from 'vitest';
import { type PaymentSettings, paymentSettingsMachine } from '../../src/machines/payment-settings.machine';
import { requiredActor } from '../../src/machines/required-actor';
import { machinePaths, replay } from './graph-paths';

const bank = { id: 7, bankName: 'Banco Demo', accountName: 'Demo Member', accountNumber: '•••• 4321' };
const fresh: PaymentSettings = { hasPaymentPassword: false, bankAccounts: [] };
const machine = paymentSettingsMachine.provide({
  actors: {
    load: requiredActor('t'),
    setPassword: requiredActor('t'),
    addBank: requiredActor('t'),
    removeBank: requiredActor('t'),
  },
});
const events = [
  { type: 'xstate.done.actor.load', output: fresh },
  { type: 'xstate.error.actor.load', error: { code: 'NETWORK_ERROR' } },
  { type: 'RETRY' },
  { type: 'SET_PASSWORD', input: { loginPassword: 'Demo1234', password: '123456' } },
  { type: 'xstate.done.actor.setPassword', output: { hasPaymentPassword: true } },
  { type: 'xstate.error.actor.setPassword', error: { code: 'WRONG_OLD_PASSWORD' } },
  {
    type: 'ADD_BANK',
    bank: { bankName: 'Banco Demo', accountName: 'Demo Member', accountNumber: '12344321' },
  },
  { type: 'xstate.done.actor.addBank', output: [bank] },
  {
    type: 'xstate.error.actor.addBank',
    error: { code: 'VALIDATION_FAILED', value: { issues: [{ path: 'body.bankName', message: 'short' }] } },
  },
  { type: 'REMOVE_BANK', id: 7 },
  { type: 'xstate.done.actor.removeBank', output: [] },
  { type: 'xstate.error.actor.removeBank', error: { code: 'BANK_ACCOUNT_NOT_FOUND' } },
] as never[];
const sections = { setPassword: 'password', addBank: 'bank', removeBank: 'remove' } as const;

describe('payment settings machine (graph-generated paths)', () => {
  const { statePaths, transitionPaths, reachable } = machinePaths(machine, { events });

  it('sets the payment password and adds and removes bank accounts, one change at a time', () => {
    expect(reachable).toEqual(
      expect.arrayContaining([
        '"unavailable"',
        '"ready"',
        '"savingPassword"',
        '"addingBank"',
        '"removingBank"',
      ]),
    );
  });

  it.each([...statePaths, ...transitionPaths].map((p) => [p.description, p] as const))('%s', (_, path) => {
    const end = replay(machine, path);
    const last = path.steps.at(-1)?.event.type ?? '';
    const shown = ['loading', 'failed', 'ready'].filter((tag) => end.hasTag(tag));
    expect(shown).toHaveLength(1);
    expect(end.hasTag('busy')).toBe(
      ['savingPassword', 'addingBank', 'removingBank'].includes(end.value as string),
    );
    const done = /^xstate\.done\.actor\.(setPassword|addBank|removeBank)$/.exec(last)?.[1] as
      | keyof typeof sections
      | undefined;
    const failed = /^xstate\.error\.actor\.(setPassword|addBank|removeBank)$/.exec(last)?.[1] as
      | keyof typeof sections
      | undefined;
    // Each answer is said in its own section, and only the latest one.
    expect(end.context.done).toBe(done ? sections[done] : null);
    expect(end.context.failed).toBe(failed ? sections[failed] : null);
    if (done === 'setPassword') expect(end.context.settings?.hasPaymentPassword).toBe(true);
    if (done === 'addBank') expect(end.context.settings?.bankAccounts).toEqual([bank]);
    if (done === 'removeBank') expect(end.context.settings?.bankAccounts).toEqual([]);
    if (failed === 'addBank')
      expect(end.context.issues).toEqual([{ path: 'body.bankName', message: 'short' }]);
    if (failed === 'setPassword') {
      expect(end.context.errorCode).toBe('WRONG_OLD_PASSWORD');
      expect(end.context.settings?.hasPaymentPassword).toBe(false);
    }
  });
});
