import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { requiredActor } from '../../src/machines/required-actor';
import {
  type TreeTransferRequest,
  type TreeTransferSetup,
  treeTransferMachine,
} from '../../src/machines/tree-transfer.machine';
import { machinePaths, replay } from './graph-paths';

const player: TreeTransferSetup = {
  upline: 'demoagent',
  canPayDownline: false,
  hasPaymentPassword: true,
  balance: 50_000,
  currency: 'FUN',
};
const topAgent = { ...player, upline: null, canPayDownline: true };
const loner = { ...player, upline: null };
const noPassword = { ...player, hasPaymentPassword: false };
const up: TreeTransferRequest = { direction: 'upline', amount: 1_000, paymentPassword: '224466' };
const down: TreeTransferRequest = {
  direction: 'downline',
  username: 'demodownline',
  amount: 2_000,
  paymentPassword: '224466',
};
const machine = treeTransferMachine.provide({
  actors: { loadSetup: requiredActor('t'), transfer: requiredActor('t') },
});
const events = [
  { type: 'xstate.done.actor.loadSetup', output: player },
  { type: 'xstate.done.actor.loadSetup', output: topAgent },
  { type: 'xstate.done.actor.loadSetup', output: loner },
  { type: 'xstate.done.actor.loadSetup', output: noPassword },
  { type: 'xstate.error.actor.loadSetup', error: { code: 'NETWORK_ERROR' } },
  { type: 'RETRY' },
  { type: 'SUBMIT', request: up },
  { type: 'SUBMIT', request: down },
  {
    type: 'xstate.done.actor.transfer',
    output: { to: 'demoagent', amount: 1_000, balance: 49_000, currency: 'FUN' },
  },
  { type: 'xstate.error.actor.transfer', error: { code: 'PAYMENT_PASSWORD_WRONG', message: 'wrong' } },
  { type: 'NEW' },
  { type: 'BALANCE', balance: 12_345 },
] as never[];

describe('tree transfer machine (graph-generated paths)', () => {
  const { statePaths, transitionPaths, reachable } = machinePaths(machine, {
    events,
    // Who may send where decides which submissions the machine takes, so it is part of the node.
    serializeState: (s) =>
      `${JSON.stringify(s.value)} ${s.context.setup ? `${s.context.setup.upline ?? '-'}/${s.context.setup.canPayDownline}` : ''}`,
  });

  it('reaches every screen of the page', () => {
    const states = new Set(reachable.map((r) => r.split(' ')[0]));
    for (const s of ['"editing"', '"submitting"', '"sent"', '"nowhere"', '"needsPassword"', '"unavailable"'])
      expect(states).toContain(s);
  });

  it.each([...statePaths, ...transitionPaths].map((p) => [p.description, p] as const))('%s', (_, path) => {
    const end = replay(machine, path);
    const steps = path.steps.map((s) => s.event as { type: string; request?: TreeTransferRequest });
    const last = steps.at(-1)!;
    if (end.matches('nowhere'))
      expect(end.context.setup).toMatchObject({ upline: null, canPayDownline: false });
    if (end.matches('needsPassword')) expect(end.context.setup?.hasPaymentPassword).toBe(false);
    if (end.matches('submitting')) {
      // Only a direction the member may use is ever sent.
      const sent = end.context.attempt!.request;
      if (sent.direction === 'upline') expect(end.context.setup?.upline).not.toBeNull();
      else expect(end.context.setup?.canPayDownline).toBe(true);
    }
    if (end.matches('sent')) {
      expect(end.context.result?.to).toBe('demoagent');
      // The transfer's answer sets the balance, unless the socket reported a newer one since.
      expect(end.context.setup?.balance).toBe(last.type === 'BALANCE' ? 12_345 : 49_000);
      expect(end.context.attempt).toBeNull();
    }
    if (last.type === 'xstate.error.actor.transfer') {
      expect(end.context).toMatchObject({ errorCode: 'PAYMENT_PASSWORD_WRONG', errorMessage: 'wrong' });
      expect(end.context.attempt).not.toBeNull();
    }
    if (last.type === 'BALANCE' && end.context.setup) expect(end.context.setup.balance).toBe(12_345);
  });
});

describe('tree transfer machine request ids', () => {
  it('sends a retried transfer with its first id, and a changed or later one with a new id', async () => {
    const sent: string[] = [];
    let fail = true;
    const actor = createActor(
      treeTransferMachine.provide({
        actors: {
          loadSetup: fromPromise(async () => player),
          transfer: fromPromise(async ({ input }) => {
            sent.push(input.requestId);
            if (fail) throw { code: 'NETWORK_ERROR' };
            return { to: 'demoagent', amount: input.request.amount, balance: 1, currency: 'FUN' };
          }),
        },
      }),
    ).start();
    const settle = () => new Promise((r) => setTimeout(r, 0));
    await settle();
    actor.send({ type: 'SUBMIT', request: up });
    await settle();
    actor.send({ type: 'SUBMIT', request: { ...up } });
    await settle();
    expect(sent[1]).toBe(sent[0]);
    actor.send({ type: 'SUBMIT', request: { ...up, amount: 2_000 } });
    await settle();
    expect(sent[2]).not.toBe(sent[1]);
    fail = false;
    actor.send({ type: 'SUBMIT', request: { ...up, amount: 2_000 } });
    await settle();
    expect(sent[3]).toBe(sent[2]);
    expect(actor.getSnapshot().value).toBe('sent');
    actor.send({ type: 'NEW' });
    actor.send({ type: 'SUBMIT', request: { ...up, amount: 2_000 } });
    await settle();
    expect(new Set(sent).size).toBe(3);
    actor.stop();
  });
});
