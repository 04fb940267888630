import { describe, expect, it, vi } from 'vitest';
import type { DepositView, PaymentMethod } from '../../src/api/contract/payments';
import { depositMachine } from '../../src/machines/deposit.machine';
import { requiredActor } from '../../src/machines/required-actor';
import { machinePaths, replay } from './graph-paths';

const methods: PaymentMethod[] = [
  { code: 'sim-gateway', kind: 'gateway', name: 'Gateway', minAmount: 500, maxAmount: 100_000, details: {} },
  { code: 'pix', kind: 'bank_transfer', name: 'PIX', minAmount: 1_000, maxAmount: 100_000, details: {} },
];
const base: DepositView = {
  reference: 'DABC',
  method: 'pix',
  kind: 'bank_transfer',
  amount: 5_000,
  status: 'pending',
  reason: null,
  createdAt: 0,
  updatedAt: 0,
  bank: { bank: 'Demo' },
  payUrl: null,
  pix: null,
};
const gateway: DepositView = {
  ...base,
  kind: 'gateway',
  method: 'sim-gateway',
  status: 'awaiting_payment',
  bank: null,
  payUrl: '/pay/sim/DABC?t=x',
};
/** A PIX deposit: the code to pay stays on the page; the demo's "bank app" link is no checkout to leave for. */
const pixDeposit: DepositView = {
  ...base,
  kind: 'pix',
  method: 'pix-qr',
  bank: null,
  payUrl: '/pay/sim/DABC?t=pix',
  pix: { brCode: '000201...6304ABCD', txid: 'DABC', expiresAt: null },
};
const credited: DepositView = { ...base, status: 'credited', bank: null };
const cancelled: DepositView = { ...base, status: 'cancelled', bank: null };

const openPayment = vi.fn();
const machine = depositMachine.provide({
  actors: {
    loadMethods: requiredActor('t'),
    createDeposit: requiredActor('t'),
    loadDeposit: requiredActor('t'),
    cancelDeposit: requiredActor('t'),
    wait: requiredActor('t'),
  },
  actions: { openPayment: (_, url) => openPayment(url) },
});

const events = [
  { type: 'xstate.done.actor.loadMethods', output: methods },
  { type: 'xstate.error.actor.loadMethods', error: { code: 'NETWORK_ERROR' } },
  { type: 'RETRY' },
  { type: 'SELECT', code: 'pix' },
  { type: 'SUBMIT', amount: 5_000 },
  { type: 'xstate.done.actor.createDeposit', output: base },
  { type: 'xstate.done.actor.createDeposit', output: gateway },
  { type: 'xstate.done.actor.createDeposit', output: pixDeposit },
  { type: 'xstate.error.actor.createDeposit', error: { code: 'AMOUNT_BELOW_MIN', message: 'min 10' } },
  { type: 'xstate.done.actor.loadDeposit', output: base },
  { type: 'xstate.done.actor.loadDeposit', output: credited },
  { type: 'xstate.error.actor.loadDeposit', error: { code: 'DEPOSIT_NOT_FOUND' } },
  { type: 'xstate.error.actor.loadDeposit', error: { code: 'NETWORK_ERROR' } },
  { type: 'xstate.done.actor.wait' },
  { type: 'CANCEL' },
  { type: 'xstate.done.actor.cancelDeposit', output: cancelled },
  { type: 'xstate.error.actor.cancelDeposit', error: { code: 'DEPOSIT_STATE' } },
  { type: 'NEW' },
] as never[];

describe.each([
  ['a new deposit', {}],
  ['back from the gateway', { reference: 'DABC' }],
])('deposit machine, %s (graph-generated paths)', (_, input) => {
  const { statePaths, transitionPaths, reachable } = machinePaths(machine, { events, input });

  it('reaches every step of the flow', () => {
    const expected =
      'reference' in input
        ? ['{"watching":"fetching"}', '{"watching":"waiting"}', '"settled"', '"cancelling"', '"editing"']
        : [
            '"editing"',
            '"submitting"',
            '"redirecting"',
            '{"watching":"waiting"}',
            '"settled"',
            '"unavailable"',
          ];
    expect(reachable).toEqual(expect.arrayContaining(expected));
  });

  it.each([...statePaths, ...transitionPaths].map((p) => [p.description, p] as const))('%s', (_, path) => {
    openPayment.mockClear();
    const end = replay(machine, path, { input });
    const last = path.steps.at(-1)?.event as { type: string; output?: DepositView } | undefined;
    if (end.matches('redirecting')) {
      expect(openPayment).toHaveBeenCalledWith('/pay/sim/DABC?t=x');
      expect(end.context.reference).toBe('DABC');
    } else {
      expect(openPayment).not.toHaveBeenCalled();
    }
    if (end.matches('editing')) expect(end.context.selected).not.toBeNull();
    if (last?.output?.kind === 'pix' && last.type === 'xstate.done.actor.createDeposit') {
      expect(end.matches('watching')).toBe(true);
      expect(end.context.deposit?.pix?.brCode).toBe('000201...6304ABCD');
    }
    if (end.matches('editing') && last?.type === 'xstate.error.actor.createDeposit') {
      expect(end.context).toMatchObject({ errorCode: 'AMOUNT_BELOW_MIN', errorMessage: 'min 10' });
      // Kept, so sending the same deposit again carries the same request id.
      expect(end.context.attempt?.request).toEqual({ method: end.context.selected, amount: 5_000 });
    }
    if (end.matches('submitting')) expect(end.context.attempt?.requestId).toMatch(/^[0-9a-f-]{32,36}$/);
    if (end.matches('watching') || end.matches('redirecting')) expect(end.context.attempt).toBeNull();
    if (end.matches('settled')) expect(['credited', 'cancelled']).toContain(end.context.deposit?.status);
    if (end.matches('watching')) expect(end.context.reference).toBe('DABC');
    if (last?.type === 'xstate.error.actor.loadDeposit' && end.matches('loadingMethods')) {
      expect(end.context).toMatchObject({ reference: null, errorCode: 'DEPOSIT_NOT_FOUND' });
    }
  });
});
