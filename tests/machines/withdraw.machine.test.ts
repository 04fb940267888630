import { describe, expect, it } from 'vitest';
import { requiredActor } from '../../src/machines/required-actor';
import { type WithdrawSetup, withdrawMachine } from '../../src/machines/withdraw.machine';
import { machinePaths, replay } from './graph-paths';

const ready: WithdrawSetup = {
  hasPaymentPassword: true,
  bankAccounts: [{ id: 1, bankName: 'B', accountName: 'A', accountNumber: '•••• 1234' }],
  currency: 'FUN',
  balance: 100_000,
  minAmount: 5_000,
  maxAmount: 5_000_000,
  dailyCount: 3,
  usedToday: 0,
  confirmMinutes: 1440,
};
const noPassword = { ...ready, hasPaymentPassword: false };
const noBank = { ...ready, bankAccounts: [] };
const noIdentity = { ...noBank, identityMissing: ['fullName', 'birthday', 'cpf'] };
const nothingYet = { ...noPassword, bankAccounts: [], identityMissing: ['fullName', 'birthday', 'cpf'] };
const machine = withdrawMachine.provide({
  actors: {
    loadSetup: requiredActor('t'),
    saveIdentity: requiredActor('t'),
    setPassword: requiredActor('t'),
    addBank: requiredActor('t'),
    requestWithdrawal: requiredActor('t'),
  },
});
const events = [
  { type: 'xstate.done.actor.loadSetup', output: ready },
  { type: 'xstate.done.actor.loadSetup', output: noPassword },
  { type: 'xstate.done.actor.loadSetup', output: noBank },
  { type: 'xstate.done.actor.loadSetup', output: noIdentity },
  { type: 'xstate.done.actor.loadSetup', output: nothingYet },
  { type: 'SAVE_IDENTITY', identity: { fullName: 'Ana Lima', birthday: '1990-01-01', cpf: '52998224725' } },
  { type: 'xstate.done.actor.saveIdentity', output: null },
  { type: 'xstate.error.actor.saveIdentity', error: { code: 'CPF_TAKEN' } },
  { type: 'xstate.error.actor.loadSetup', error: { code: 'NETWORK_ERROR' } },
  { type: 'RETRY' },
  { type: 'SET_PASSWORD', loginPassword: 'Demo1234', password: '123456' },
  { type: 'xstate.done.actor.setPassword', output: null },
  { type: 'xstate.error.actor.setPassword', error: { code: 'WRONG_OLD_PASSWORD' } },
  { type: 'ADD_BANK', bank: { bankName: 'B', accountName: 'A', accountNumber: '1234' } },
  { type: 'xstate.done.actor.addBank', output: null },
  { type: 'xstate.error.actor.addBank', error: { code: 'BANK_ACCOUNT_LIMIT' } },
  {
    type: 'SUBMIT',
    request: { bankAccountId: 1, amount: 10_000, paymentPassword: '123456' },
  },
  { type: 'xstate.done.actor.requestWithdrawal', output: { reference: 'W1' } },
  {
    type: 'xstate.error.actor.requestWithdrawal',
    error: { code: 'PAYMENT_PASSWORD_WRONG', message: 'wrong' },
  },
  { type: 'NEW' },
] as never[];

describe('withdraw machine (graph-generated paths)', () => {
  const { statePaths, transitionPaths, reachable } = machinePaths(machine, { events });

  it('walks from the payment password, the identity and the bank account to a request', () => {
    expect(reachable).toEqual(
      expect.arrayContaining([
        '"needsIdentity"',
        '"savingIdentity"',
        '"needsPassword"',
        '"needsBank"',
        '"editing"',
        '"requested"',
        '"unavailable"',
      ]),
    );
  });

  it.each([...statePaths, ...transitionPaths].map((p) => [p.description, p] as const))('%s', (_, path) => {
    const end = replay(machine, path);
    const last = path.steps.at(-1)?.event.type;
    if (end.matches('requested')) expect(end.context.reference).toBe('W1');
    if (end.matches('needsPassword')) expect(end.context.setup?.hasPaymentPassword).toBe(false);
    if (end.matches('needsBank')) expect(end.context.setup?.bankAccounts).toEqual([]);
    if (last === 'xstate.error.actor.requestWithdrawal') {
      expect(end.context).toMatchObject({ errorCode: 'PAYMENT_PASSWORD_WRONG', errorMessage: 'wrong' });
      // Kept, so sending the same request again carries the same request id.
      expect(end.context.attempt?.request.amount).toBe(10_000);
    }
    if (end.matches('requested')) expect(end.context.attempt).toBeNull();
    if (last === 'xstate.error.actor.setPassword') expect(end.context.errorCode).toBe('WRONG_OLD_PASSWORD');
    // The payment password comes first (transfers need it, not the identity); then the identity, before
    // any bank account or request.
    if (end.matches('needsIdentity')) {
      expect(end.context.setup?.hasPaymentPassword).toBe(true);
      expect(end.context.setup?.identityMissing).toHaveLength(3);
    }
    if (end.matches('needsBank') || end.matches('editing'))
      expect(end.context.setup?.identityMissing ?? []).toEqual([]);
    if (last === 'xstate.error.actor.saveIdentity') {
      expect(end.matches('needsIdentity')).toBe(true);
      expect(end.context.errorCode).toBe('CPF_TAKEN');
    }
  });
});
