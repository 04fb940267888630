import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { requiredActor } from '../../src/machines/required-actor';
import { smsCountdownMachine } from '../../src/machines/sms-countdown.machine';
import { machinePaths, replay } from './graph-paths';

let clock = 0;
const input = { now: () => clock };
const machine = smsCountdownMachine.provide({ actors: { sendCode: requiredActor('t') } });
const tick = { type: 'xstate.after.1000.smsCountdown.counting' };
const events = [
  { type: 'SEND', mobileValid: true },
  { type: 'SEND', mobileValid: false },
  { type: 'DISMISS' },
  { type: 'xstate.done.actor.sendCode', output: { expiredMinutes: 1 } },
  {
    type: 'xstate.error.actor.sendCode',
    error: { code: 'SMS_TOO_MANY', message: 'Try again after 5 minutes' },
  },
  tick,
] as never[];

// The count is part of the node only near its end, so the graph stays small and still reaches 0.
const serializeState = (s: { value: unknown; context: { seconds: number; errorCode: string | null } }) =>
  `${JSON.stringify(s.value)}#${s.context.errorCode}`;

describe('sms countdown machine (graph-generated paths)', () => {
  const { statePaths, transitionPaths, reachable } = machinePaths(machine, { events, input, serializeState });

  it('reaches sending, counting, and the refusal states', () => {
    for (const s of ['"sending"#null', '"counting"#null', '"idle"#INVALID_MOBILE', '"idle"#SMS_TOO_MANY']) {
      expect(reachable).toContain(s);
    }
  });

  it.each([...statePaths, ...transitionPaths].map((p) => [p.description, p] as const))('%s', (_, path) => {
    clock = 100_000;
    const end = replay(machine, path, { input });
    if (end.matches('counting')) {
      const ticks = path.steps.filter((s) => s.event.type === tick.type).length;
      expect(end.context.seconds).toBe(60 - ticks);
      // Sending is blocked while counting.
      expect(end.can({ type: 'SEND', mobileValid: true })).toBe(false);
    }
    if (end.context.errorCode === 'SMS_TOO_MANY')
      expect(end.context.errorMessage).toBe('Try again after 5 minutes');
  });

  it('counts 60 x the minutes the server gives, and re-enables the button at 0', () => {
    clock = 0;
    const actor = createActor(machine, { input });
    actor.start();
    actor.send({ type: 'SEND', mobileValid: true });
    actor.send({ type: 'xstate.done.actor.sendCode', output: { expiredMinutes: 2 } } as never);
    expect(actor.getSnapshot().context.seconds).toBe(120);
    for (let i = 0; i < 119; i++) actor.send(tick as never);
    expect(actor.getSnapshot().matches('counting')).toBe(true);
    actor.send(tick as never);
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    actor.stop();
  });

  it('ignores a second press within a second', () => {
    clock = 5_000;
    const actor = createActor(machine, { input });
    actor.start();
    actor.send({ type: 'SEND', mobileValid: true });
    actor.send({ type: 'xstate.error.actor.sendCode', error: { code: 'NETWORK_ERROR' } } as never);
    clock = 5_999;
    actor.send({ type: 'SEND', mobileValid: true });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    clock = 6_000;
    actor.send({ type: 'SEND', mobileValid: true });
    expect(actor.getSnapshot().matches('sending')).toBe(true);
    actor.stop();
  });
});
