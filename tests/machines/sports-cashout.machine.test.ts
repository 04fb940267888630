import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { CashOutQuote, SportsBet } from '../../src/api/contract/sports';
import type { Attempt } from '../../src/machines/request-attempt';
import { requiredActor } from '../../src/machines/required-actor';
import {
  type CashOutRequest,
  type CashOutResult,
  sportsCashOutMachine,
} from '../../src/machines/sports-cashout.machine';
import { machinePaths, replay } from './graph-paths';

const bet = (over: Partial<SportsBet> = {}): SportsBet => ({
  id: 5,
  reference: 'S5',
  kind: 'single',
  system: null,
  lines: 1,
  unitStake: 10_000,
  stake: 10_000,
  openStake: 10_000,
  potentialPayout: 21_000,
  status: 'open',
  payout: 0,
  cashedOut: 0,
  rejectReason: null,
  acceptsAt: null,
  createdAt: 0,
  settledAt: null,
  legs: [],
  ...over,
});
const quote = (quoteId: string, share = 10_000): CashOutQuote => ({
  quoteId,
  betId: 5,
  share,
  stakePart: share,
  amount: Math.floor((share * 13_300) / 10_000),
  expiresAt: 5_000,
});
const half: CashOutResult = {
  bet: bet({ openStake: 5_000, cashedOut: 6_650, potentialPayout: 10_500 }),
  amount: 6_650,
  balance: 96_650,
};
const all: CashOutResult = {
  bet: bet({ status: 'cashed_out', openStake: 0, cashedOut: 13_300 }),
  amount: 13_300,
  balance: 103_300,
};

const machine = sportsCashOutMachine.provide({
  actors: {
    quote: requiredActor('quote'),
    expiry: requiredActor('expiry'),
    cashOut: requiredActor('cashOut'),
  },
});
const input = { betId: 5 };

describe('sports cash-out machine (graph-generated paths)', () => {
  const events = [
    { type: 'QUOTE' },
    { type: 'QUOTE', share: 5_000 },
    { type: 'SHARE', share: 5_000 },
    { type: 'SHARE', share: 0 },
    { type: 'CONFIRM' },
    { type: 'CANCEL' },
    { type: 'RETRY' },
    { type: 'DISMISS' },
    { type: 'xstate.done.actor.quote', output: quote('q1') },
    { type: 'xstate.error.actor.quote', error: { code: 'CASHOUT_UNAVAILABLE' } },
    { type: 'xstate.error.actor.quote', error: { code: 'NETWORK_ERROR' } },
    { type: 'xstate.done.actor.expiry' },
    { type: 'xstate.done.actor.cashOut', output: half },
    { type: 'xstate.done.actor.cashOut', output: all },
    { type: 'xstate.error.actor.cashOut', error: { code: 'CASHOUT_QUOTE_EXPIRED' } },
    { type: 'xstate.error.actor.cashOut', error: { code: 'CASHOUT_UNAVAILABLE' } },
    { type: 'xstate.error.actor.cashOut', error: { code: 'NETWORK_ERROR', message: 'offline' } },
  ] as never[];
  const { statePaths, transitionPaths, reachable } = machinePaths(machine, {
    events,
    input,
    serializeState: (s) =>
      `${JSON.stringify(s.value)} share:${s.context.share} quote:${s.context.quote ? 1 : 0} attempt:${
        s.context.attempt ? 1 : 0
      } result:${s.context.result?.bet.status ?? '-'} ${s.context.errorCode ?? ''}`,
  });

  it('reaches every state', () => {
    const values = new Set(reachable.map((r) => r.split(' ')[0]));
    expect([...values].sort()).toEqual([
      '"confirming"',
      '"done"',
      '"failed"',
      '"idle"',
      '"offer"',
      '"quoting"',
      '"unavailable"',
    ]);
  });

  it.each([...statePaths, ...transitionPaths].map((p) => [p.description, p] as const))('%s', (_, path) => {
    let before: Attempt<CashOutRequest> | null = null;
    const end = replay(machine, path, {
      input,
      check: (actual, _expected, event) => {
        const attempt = actual.context.attempt as Attempt<CashOutRequest> | null;
        if (actual.matches('confirming')) {
          // Takes the quote on offer; sent again after a failure, under the same request id.
          expect(attempt?.request).toEqual({ quoteId: actual.context.quote!.quoteId });
          expect(attempt?.requestId).toMatch(/^[0-9a-f-]{32,36}$/);
          if (event.type === 'RETRY' || (event.type === 'CONFIRM' && before)) expect(attempt).toBe(before);
        }
        before = attempt;
      },
    });
    const ctx = end.context;
    const last = path.steps.at(-1)?.event as { type: string; error?: { code: string } } | undefined;
    expect(ctx.share).toBeGreaterThanOrEqual(1);
    expect(ctx.share).toBeLessThanOrEqual(10_000);
    if (end.hasTag('offer')) expect(ctx.quote).not.toBeNull();
    if (end.hasTag('failed')) expect(ctx.attempt).not.toBeNull();
    if (end.hasTag('done')) expect(ctx.result?.amount).toBeGreaterThan(0);
    if (last?.error?.code === 'CASHOUT_QUOTE_EXPIRED') {
      // A lapsed quote is quoted afresh, and taking the new one will be a new request.
      expect(end.hasTag('quoting')).toBe(true);
      expect(ctx.attempt).toBeNull();
    }
    if (last?.type === 'xstate.done.actor.expiry') expect(end.hasTag('quoting')).toBe(true);
    if (last?.error?.code === 'CASHOUT_UNAVAILABLE') expect(end.hasTag('unavailable')).toBe(true);
    // A bet cashed out in full offers nothing more.
    if (ctx.result?.bet.status === 'cashed_out') expect(end.can({ type: 'QUOTE' })).toBe(false);
  });
});

describe('sports cash-out', () => {
  const settle = () => new Promise((r) => setTimeout(r, 0));

  it('quotes again when the offer lapses or the share changes, and takes the quote on offer', async () => {
    const asked: Array<{ betId: number; share: number }> = [];
    let lapse: (() => void) | null = null;
    const sent: Array<Attempt<CashOutRequest>> = [];
    const actor = createActor(
      sportsCashOutMachine.provide({
        actors: {
          quote: fromPromise(async ({ input }: { input: { betId: number; share: number } }) => {
            asked.push(input);
            return quote(`q${asked.length}`, input.share);
          }),
          expiry: fromPromise(() => new Promise<void>((resolve) => (lapse = resolve))),
          cashOut: fromPromise(async ({ input }: { input: Attempt<CashOutRequest> }) => {
            sent.push(input);
            return half;
          }),
        },
      }),
      { input },
    ).start();
    actor.send({ type: 'QUOTE' });
    await settle();
    expect(actor.getSnapshot().hasTag('offer')).toBe(true);
    expect(actor.getSnapshot().context.quote?.quoteId).toBe('q1');
    lapse!();
    await settle();
    await settle();
    expect(actor.getSnapshot().context.quote?.quoteId).toBe('q2');
    actor.send({ type: 'SHARE', share: 5_000 });
    await settle();
    expect(actor.getSnapshot().context.quote).toMatchObject({ quoteId: 'q3', share: 5_000, amount: 6_650 });
    expect(asked).toEqual([
      { betId: 5, share: 10_000 },
      { betId: 5, share: 10_000 },
      { betId: 5, share: 5_000 },
    ]);
    actor.send({ type: 'CONFIRM' });
    await settle();
    const snap = actor.getSnapshot();
    expect(snap.hasTag('done')).toBe(true);
    expect(snap.context.result).toEqual(half);
    expect(sent.map((s) => s.request)).toEqual([{ quoteId: 'q3' }]);
    // Half still rides: it can be cashed out in turn.
    expect(snap.can({ type: 'QUOTE' })).toBe(true);
    actor.stop();
  });

  it('sends a take whose answer was lost again under its request id; a lapsed quote is taken anew', async () => {
    const sent: Array<Attempt<CashOutRequest>> = [];
    const answers: Array<() => CashOutResult> = [
      () => {
        throw { code: 'NETWORK_ERROR' };
      },
      () => {
        throw { code: 'CASHOUT_QUOTE_EXPIRED' };
      },
      () => all,
    ];
    let quotes = 0;
    const actor = createActor(
      sportsCashOutMachine.provide({
        actors: {
          quote: fromPromise(async () => quote(`q${++quotes}`)),
          expiry: fromPromise(() => new Promise<void>(() => {})),
          cashOut: fromPromise(async ({ input }: { input: Attempt<CashOutRequest> }) => {
            sent.push(input);
            return answers.shift()!();
          }),
        },
      }),
      { input },
    ).start();
    actor.send({ type: 'QUOTE' });
    await settle();
    actor.send({ type: 'CONFIRM' });
    await settle();
    expect(actor.getSnapshot().hasTag('failed')).toBe(true);
    actor.send({ type: 'RETRY' });
    await settle();
    await settle();
    // The quote lapsed meanwhile: a fresh one is on offer.
    expect(actor.getSnapshot().hasTag('offer')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ errorCode: 'CASHOUT_QUOTE_EXPIRED' });
    expect(actor.getSnapshot().context.quote?.quoteId).toBe('q2');
    actor.send({ type: 'CONFIRM' });
    await settle();
    expect(actor.getSnapshot().hasTag('done')).toBe(true);
    expect(sent.map((s) => s.request.quoteId)).toEqual(['q1', 'q1', 'q2']);
    expect(sent[1]!.requestId).toBe(sent[0]!.requestId);
    expect(sent[2]!.requestId).not.toBe(sent[0]!.requestId);
    expect(actor.getSnapshot().can({ type: 'QUOTE' })).toBe(false);
    actor.stop();
  });

  it('waits in unavailable while the book offers no cash-out, until the member tries again', async () => {
    let open = false;
    const actor = createActor(
      sportsCashOutMachine.provide({
        actors: {
          quote: fromPromise(async () => {
            if (!open) throw { code: 'CASHOUT_UNAVAILABLE', message: 'Not now' };
            return quote('q1');
          }),
          expiry: fromPromise(() => new Promise<void>(() => {})),
          cashOut: requiredActor('cashOut'),
        },
      }),
      { input },
    ).start();
    actor.send({ type: 'QUOTE' });
    await settle();
    expect(actor.getSnapshot().hasTag('unavailable')).toBe(true);
    expect(actor.getSnapshot().context.errorCode).toBe('CASHOUT_UNAVAILABLE');
    open = true;
    actor.send({ type: 'RETRY' });
    await settle();
    expect(actor.getSnapshot().hasTag('offer')).toBe(true);
    actor.stop();
  });
});
