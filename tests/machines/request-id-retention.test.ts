import { describe, expect, it } from 'vitest';
import { type AnyStateMachine, createActor, fromPromise } from 'xstate';
import { crashMachine } from '../../src/machines/crash.machine';
import { depositMachine } from '../../src/machines/deposit.machine';
import { minesMachine } from '../../src/machines/mines.machine';
import { originalsBetMachine } from '../../src/machines/originals-bet.machine';
import type { Attempt } from '../../src/machines/request-attempt';
import { sportsCashOutMachine } from '../../src/machines/sports-cashout.machine';
import { sportsSlipMachine } from '../../src/machines/sports-slip.machine';
import { treeTransferMachine } from '../../src/machines/tree-transfer.machine';
import { walletTransferMachine } from '../../src/machines/wallet-transfer.machine';
import { withdrawMachine } from '../../src/machines/withdraw.machine';

/**
 * Every flow that moves money sends a request id; sent again after a failure, the same request keeps it
 * (the server then moves the money once), and a different request gets a new one. One check for every
 * money machine: a machine that minted an id per submit would credit or hold twice after a lost answer.
 * (The back office's money actions go through the operator-task machine, whose RETRY keeps the id:
 * operator-task.machine.test.ts.)
 */
interface MoneyFlow {
  name: string;
  machine: AnyStateMachine;
  /** The actor that carries the attempt to the server. */
  moneyActor: string;
  /** Actors the flow needs before it can submit, answering at once. */
  setup: Record<string, () => unknown>;
  input?: Record<string, unknown>;
  /** Events that bring the flow to the point of submitting (each given a moment for the answers). */
  prepare: Array<Record<string, unknown>>;
  submit: Record<string, unknown>;
  /** Events after the failed submission that make the next one differ (when `other` alone cannot). */
  change?: Array<Record<string, unknown>>;
  /** A submission that differs in something. */
  other: Record<string, unknown>;
  /** What the money actor answers when it goes through (a deposit's answer unless told). */
  answer?: unknown;
}

let quotes = 0;
const sportsLeg = {
  marketId: 11,
  key: 'home',
  price: 21_000,
  fixtureId: 1,
  sport: 'football',
  home: 'Bahia',
  away: 'Vitória',
  competition: 'Série A',
  spec: { type: '1x2' },
  live: false,
};

const flows: MoneyFlow[] = [
  {
    name: 'withdrawal',
    machine: withdrawMachine,
    moneyActor: 'requestWithdrawal',
    setup: {
      loadSetup: () => ({ hasPaymentPassword: true, bankAccounts: [{ id: 1 }] }),
    },
    prepare: [],
    submit: { type: 'SUBMIT', request: { bankAccountId: 1, amount: 10_000, paymentPassword: '112233' } },
    other: { type: 'SUBMIT', request: { bankAccountId: 1, amount: 20_000, paymentPassword: '112233' } },
  },
  {
    name: 'deposit',
    machine: depositMachine,
    moneyActor: 'createDeposit',
    setup: {
      loadMethods: () => [{ code: 'pix', kind: 'bank_transfer', minAmount: 1, maxAmount: 1e9 }],
      // After an accepted deposit the flow waits to poll it: here it waits for ever.
      wait: () => new Promise(() => {}),
    },
    input: {},
    prepare: [{ type: 'SELECT', code: 'pix' }],
    submit: { type: 'SUBMIT', amount: 10_000 },
    other: { type: 'SUBMIT', amount: 20_000 },
  },
  {
    name: 'transfer in the agent tree',
    machine: treeTransferMachine,
    moneyActor: 'transfer',
    setup: {
      loadSetup: () => ({
        upline: 'demoagent',
        canPayDownline: false,
        hasPaymentPassword: true,
        balance: 100_000,
        currency: 'FUN',
      }),
    },
    prepare: [],
    submit: { type: 'SUBMIT', request: { direction: 'upline', amount: 5_000, paymentPassword: '112233' } },
    other: { type: 'SUBMIT', request: { direction: 'upline', amount: 6_000, paymentPassword: '112233' } },
  },
  {
    name: 'transfer to a game wallet',
    machine: walletTransferMachine,
    moneyActor: 'transfer',
    setup: {},
    prepare: [],
    submit: { type: 'SUBMIT', request: { vendor: 'AURORA', direction: 'in', amount: 5_000 } },
    other: { type: 'SUBMIT', request: { vendor: 'AURORA', direction: 'out', amount: 5_000 } },
  },
  {
    name: 'in-house game bet',
    machine: originalsBetMachine,
    moneyActor: 'placeBet',
    setup: {},
    prepare: [{ type: 'SET_INSTANT', instant: true }],
    submit: { type: 'BET', request: { stake: 100, params: { chance: 4_950, side: 'over' } } },
    other: { type: 'BET', request: { stake: 200, params: { chance: 4_950, side: 'over' } } },
  },
  {
    name: 'mines game start',
    machine: minesMachine,
    moneyActor: 'start',
    setup: { loadCurrent: () => ({ game: null }) },
    prepare: [],
    submit: { type: 'START', request: { stake: 100, mines: 3 } },
    other: { type: 'START', request: { stake: 100, mines: 5 } },
  },
  {
    name: 'crash bet',
    machine: crashMachine,
    moneyActor: 'placeBet',
    setup: {},
    prepare: [
      {
        type: 'ROUND',
        round: {
          id: 1,
          index: 1,
          status: 'betting',
          bettingEndsAt: 0,
          startedAt: null,
          bust: null,
          hash: null,
        },
      },
    ],
    submit: { type: 'BET', request: { stake: 100, autoCashout: null } },
    other: { type: 'BET', request: { stake: 100, autoCashout: 200 } },
  },
  {
    name: 'sports bet slip',
    machine: sportsSlipMachine,
    moneyActor: 'place',
    setup: {},
    input: { legs: [sportsLeg] },
    prepare: [{ type: 'SET_STAKE', stake: 1_000 }],
    submit: { type: 'PLACE' },
    change: [{ type: 'SET_STAKE', stake: 2_000 }],
    other: { type: 'PLACE' },
    answer: { bets: [], balance: 0 },
  },
  {
    name: 'sports cash-out',
    machine: sportsCashOutMachine,
    moneyActor: 'cashOut',
    setup: {
      // Every quote is a new one.
      quote: () => ({
        quoteId: `quote-${++quotes}`,
        betId: 1,
        share: 10_000,
        stakePart: 1_000,
        amount: 1_500,
        expiresAt: 0,
      }),
      // The offer holds for the whole test.
      expiry: () => new Promise(() => {}),
    },
    input: { betId: 1 },
    prepare: [{ type: 'QUOTE' }],
    submit: { type: 'CONFIRM' },
    // Dropped after the failure: the next cash-out takes a new quote.
    change: [{ type: 'DISMISS' }, { type: 'QUOTE' }],
    other: { type: 'CONFIRM' },
    answer: { bet: { id: 1, status: 'cashed_out', openStake: 0 }, amount: 1_500, balance: 0 },
  },
];

const settle = () => new Promise((r) => setTimeout(r, 0));

describe.each(flows)('the $name flow', (flow) => {
  it('keeps its request id when the same request is sent again after a failure, and only then', async () => {
    const ids: string[] = [];
    let failNext = true;
    const actors: Record<string, unknown> = Object.fromEntries(
      Object.entries(flow.setup).map(([name, answer]) => [name, fromPromise(async () => answer())]),
    );
    actors[flow.moneyActor] = fromPromise(async ({ input }: { input: Attempt<unknown> }) => {
      ids.push(input.requestId);
      if (failNext) {
        failNext = false;
        throw { code: 'NETWORK_ERROR' };
      }
      return flow.answer ?? { reference: 'R0000001', status: 'pending', kind: 'bank_transfer', payUrl: null };
    });
    const actor = createActor(flow.machine.provide({ actors } as never), {
      input: flow.input ?? {},
    } as never).start();
    await settle();
    for (const event of flow.prepare) {
      actor.send(event as never);
      await settle();
    }
    actor.send(flow.submit as never);
    await settle();
    // The answer was lost; the member (or operator) sends the very same request again.
    actor.send(flow.submit as never);
    await settle();
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBe(ids[0]);
    actor.stop();

    // A different request never reuses an id.
    const fresh: string[] = [];
    actors[flow.moneyActor] = fromPromise(async ({ input }: { input: Attempt<unknown> }) => {
      fresh.push(input.requestId);
      throw { code: 'NETWORK_ERROR' };
    });
    const second = createActor(flow.machine.provide({ actors } as never), {
      input: flow.input ?? {},
    } as never).start();
    await settle();
    for (const event of flow.prepare) {
      second.send(event as never);
      await settle();
    }
    second.send(flow.submit as never);
    await settle();
    for (const event of flow.change ?? []) {
      second.send(event as never);
      await settle();
    }
    second.send(flow.other as never);
    await settle();
    expect(fresh).toHaveLength(2);
    expect(fresh[1]).not.toBe(fresh[0]);
    second.stop();
  });
});
