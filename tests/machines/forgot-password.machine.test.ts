import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { forgotPasswordMachine } from '../../src/machines/forgot-password.machine';
import { requiredActor } from '../../src/machines/required-actor';
import { machinePaths, replay } from './graph-paths';

const effects = { showLoader: vi.fn(), hideLoader: vi.fn(), finish: vi.fn() };
const machine = forgotPasswordMachine.provide({
  actors: { requestCode: requiredActor('t'), reset: requiredActor('t') },
  actions: { showLoader: effects.showLoader, hideLoader: effects.hideLoader, finish: effects.finish },
});
const events = [
  { type: 'USE', method: 'email' },
  { type: 'USE', method: 'phone' },
  { type: 'SUBMIT', values: { username: 'demomember', email: 'demo@aurora.example' } },
  { type: 'RESEND' },
  { type: 'BACK' },
  { type: 'xstate.done.actor.requestCode', output: { expiredMinutes: 15 } },
  { type: 'xstate.error.actor.requestCode', error: { code: 'ACCOUNT_NOT_FOUND' } },
  { type: 'xstate.done.actor.reset', output: null },
  { type: 'xstate.error.actor.reset', error: { code: 'SMS_CODE_INVALID' } },
  { type: 'ACKNOWLEDGE' },
] as never[];
const serializeState = (s: { value: unknown; context: { method: string; errorCode: string | null } }) =>
  `${JSON.stringify(s.value)}:${s.context.method}#${s.context.errorCode}`;

describe('forgot password machine (graph-generated paths)', () => {
  const { statePaths, transitionPaths, reachable } = machinePaths(machine, { events, serializeState });

  it('recovers by email in two steps and by phone in one, and shows refusals where they happened', () => {
    for (const s of [
      '"done":email#null',
      '"done":phone#null',
      '"editing":email#ACCOUNT_NOT_FOUND',
      '"enteringCode":email#SMS_CODE_INVALID',
      '"editing":phone#SMS_CODE_INVALID',
      '"confirmed":phone#null',
    ]) {
      expect(reachable).toContain(s);
    }
    // A phone reset never waits for an emailed code.
    expect(reachable.filter((s) => s.startsWith('"enteringCode":phone'))).toEqual([]);
  });

  it.each([...statePaths, ...transitionPaths].map((p) => [p.description, p] as const))('%s', (_, path) => {
    for (const spy of Object.values(effects)) spy.mockClear();
    const end = replay(machine, path);
    expect(effects.finish).toHaveBeenCalledTimes(end.matches('done') ? 1 : 0);
    if (!end.hasTag('busy'))
      expect(effects.hideLoader).toHaveBeenCalledTimes(effects.showLoader.mock.calls.length);
  });

  it('sends the code back with the account that asked for it', async () => {
    const reset = vi.fn(async (_: { input: unknown }) => null as unknown);
    const actor = createActor(
      forgotPasswordMachine.provide({
        actors: {
          requestCode: fromPromise<unknown, { username: string; email: string }>(async () => ({
            expiredMinutes: 15,
          })),
          reset: fromPromise<unknown, { method: 'email' | 'phone'; values: Record<string, string> }>(reset),
        },
      }),
      { input: {} },
    ).start();
    actor.send({ type: 'SUBMIT', values: { username: 'demomember', email: 'demo@aurora.example' } });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('enteringCode')).toBe(true));
    actor.send({ type: 'SUBMIT', values: { verificationCode: '123456', newPassword: 'New12345' } });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('confirmed')).toBe(true));
    expect(reset).toHaveBeenCalledWith(
      expect.objectContaining({
        input: {
          method: 'email',
          values: {
            username: 'demomember',
            email: 'demo@aurora.example',
            verificationCode: '123456',
            newPassword: 'New12345',
          },
        },
      }),
    );
  });
});
