import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { PromotionActivity } from '../../src/api/contract/promotions';
import {
  type PromotionActInput,
  promotionActivityMachine,
} from '../../src/machines/promotion-activity.machine';
import { requiredActor } from '../../src/machines/required-actor';
import { machinePaths, replay } from './graph-paths';

const base: PromotionActivity = {
  promotionId: 7,
  status: 'join',
  entry: 'join',
  trigger: { type: 'signup', withinDays: 7 },
  reward: { type: 'cash', amount: 1_000 },
  claimDays: 7,
  kycVerified: false,
  decisionNote: null,
  entryStatus: null,
  rewardAmount: null,
  claimBy: null,
  bonus: null,
};
const joined: PromotionActivity = { ...base, status: 'joined', entryStatus: 'joined' };
const claimable: PromotionActivity = {
  ...base,
  status: 'claim',
  entryStatus: 'claimable',
  rewardAmount: 1_000,
};
const applyTo: PromotionActivity = { ...base, entry: 'apply', trigger: { type: 'manual' }, status: 'apply' };
const applying: PromotionActivity = { ...applyTo, status: 'applying', entryStatus: 'applying' };
const claimed: PromotionActivity = {
  ...base,
  status: 'claimed',
  entryStatus: 'claimed',
  rewardAmount: 1_000,
};

const machine = promotionActivityMachine.provide({ actors: { act: requiredActor('t') } });
const events = [
  { type: 'JOIN' },
  { type: 'REQUEST_REWARD' },
  { type: 'CLAIM' },
  { type: 'APPLY', remark: 'Meu print', files: [] },
  { type: 'xstate.done.actor.act', output: joined },
  { type: 'xstate.done.actor.act', output: claimable },
  { type: 'xstate.done.actor.act', output: claimed },
  { type: 'xstate.error.actor.act', error: { code: 'PROMOTION_NOT_ELIGIBLE' } },
  { type: 'xstate.error.actor.act', error: { code: 'PROMOTION_ALREADY_CLAIMED' } },
] as never[];

describe('promotion activity machine (graph-generated paths)', () => {
  const serializeState = (s: {
    value: unknown;
    context: { activity: PromotionActivity; errorCode: string | null };
  }) => `${JSON.stringify(s.value)}#${s.context.activity.status}#${s.context.errorCode}`;
  const { statePaths, transitionPaths, reachable } = machinePaths(machine, {
    events,
    serializeState,
    input: { activity: base },
  });

  it('joins, asks for the sign-up reward and claims it, each only in the status that allows it', () => {
    expect(reachable).toEqual(
      expect.arrayContaining([
        '"idle"#join#null',
        '"acting"#join#null',
        '"idle"#joined#null',
        '"acting"#joined#null',
        '"idle"#claim#null',
        '"acting"#claim#null',
        '"idle"#claimed#null',
        '"idle"#join#PROMOTION_NOT_ELIGIBLE',
      ]),
    );
    // Nothing is done to a claimed reward.
    expect(reachable.some((r) => r.startsWith('"acting"#claimed'))).toBe(false);
  });

  it('applies only to a promotion that takes applications, once', () => {
    const apply = machinePaths(machine, {
      events: [...events, { type: 'xstate.done.actor.act', output: applying }] as never[],
      serializeState,
      input: { activity: applyTo },
    });
    expect(apply.reachable).toEqual(
      expect.arrayContaining(['"idle"#apply#null', '"acting"#apply#null', '"idle"#applying#null']),
    );
    expect(apply.reachable.some((r) => r.startsWith('"acting"#applying'))).toBe(false);
  });

  it.each([...statePaths, ...transitionPaths].map((p) => [p.description, p] as const))('%s', (_, path) => {
    const end = replay(machine, path, { input: { activity: base } });
    const last = path.steps.at(-1)!.event as { type: string };
    const before = path.steps.at(-2)?.state;
    if (!before?.matches('idle')) return;
    const status = before.context.activity.status;
    const allowed =
      (last.type === 'JOIN' && status === 'join') ||
      (last.type === 'CLAIM' && status === 'claim') ||
      (last.type === 'REQUEST_REWARD' && status === 'joined');
    if (['JOIN', 'CLAIM', 'REQUEST_REWARD'].includes(last.type)) expect(end.matches('acting')).toBe(allowed);
    if (end.matches('acting')) expect(end.hasTag('busy')).toBe(true);
  });

  it('tells the page the activity changed, or that the list must be read again', async () => {
    const seen: string[] = [];
    const ok = createActor(
      promotionActivityMachine.provide({
        actors: { act: fromPromise(async () => joined) },
      }),
      { input: { activity: base } },
    );
    ok.on('changed', (e) => seen.push(`changed:${e.activity.status}`));
    ok.start();
    ok.send({ type: 'JOIN' });
    await new Promise((r) => setTimeout(r, 0));
    const refused = createActor(
      promotionActivityMachine.provide({
        actors: {
          act: fromPromise<PromotionActivity, PromotionActInput>(() =>
            Promise.reject({ code: 'PROMOTION_ALREADY_CLAIMED' }),
          ),
        },
      }),
      { input: { activity: claimable } },
    );
    refused.on('stale', () => seen.push('stale'));
    refused.start();
    refused.send({ type: 'CLAIM' });
    await new Promise((r) => setTimeout(r, 0));
    expect(seen).toEqual(['changed:joined', 'stale']);
    expect(refused.getSnapshot().context.errorCode).toBe('PROMOTION_ALREADY_CLAIMED');
  });
});
