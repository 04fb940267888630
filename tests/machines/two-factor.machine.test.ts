import { describe, expect, it, vi } from 'vitest';
import { requiredActor } from '../../src/machines/required-actor';
import { twoFactorMachine } from '../../src/machines/two-factor.machine';
import { machinePaths, replay } from './graph-paths';

const changed = vi.fn();
const machine = twoFactorMachine.provide({
  actors: { setUp: requiredActor('t'), enable: requiredActor('t'), disable: requiredActor('t') },
  actions: { changed: (_, enabled) => changed(enabled) },
});
const setup = { secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/Aurora:m?secret=JBSWY3DPEHPK3PXP' };
const events = [
  { type: 'START' },
  { type: 'xstate.done.actor.setUp', output: setup },
  { type: 'xstate.error.actor.setUp', error: { code: 'NETWORK_ERROR' } },
  { type: 'CONFIRM', code: '123456' },
  { type: 'CANCEL' },
  { type: 'xstate.done.actor.enable', output: { enabled: true } },
  { type: 'xstate.error.actor.enable', error: { code: 'TWO_FACTOR_INVALID' } },
  { type: 'DISABLE', code: '654321' },
  { type: 'xstate.done.actor.disable', output: { enabled: false } },
  { type: 'xstate.error.actor.disable', error: { code: 'TWO_FACTOR_INVALID' } },
] as never[];

describe.each([false, true])('two-factor machine starting %s (graph-generated paths)', (enabled) => {
  const input = { enabled };
  const { statePaths, transitionPaths, reachable } = machinePaths(machine, { events, input });

  it('reaches every step of turning it on and off', () => {
    expect(reachable).toEqual(
      expect.arrayContaining(['"off"', '"starting"', '"scanning"', '"enabling"', '"on"', '"disabling"']),
    );
  });

  it.each([...statePaths, ...transitionPaths].map((p) => [p.description, p] as const))('%s', (_, path) => {
    changed.mockClear();
    const end = replay(machine, path, { input });
    const last = path.steps.at(-1)?.event.type;
    // Exactly one tag of off / setup / on says what the view shows.
    const shown = ['off', 'setup', 'on'].filter((tag) => end.hasTag(tag));
    expect(shown).toHaveLength(1);
    expect(end.hasTag('busy')).toBe(['starting', 'enabling', 'disabling'].includes(end.value as string));
    if (end.hasTag('setup')) expect(end.context.setup).toEqual(setup);
    if (end.matches('on') || end.matches('off')) expect(end.context.setup).toBeNull();
    expect(end.context.enabled).toBe(end.hasTag('on'));
    if (last === 'xstate.done.actor.enable') expect(changed).toHaveBeenLastCalledWith(true);
    if (last === 'xstate.done.actor.disable') expect(changed).toHaveBeenLastCalledWith(false);
    if (last?.startsWith('xstate.error.actor.')) {
      expect(end.context.errorCode).toBe(last.endsWith('setUp') ? 'NETWORK_ERROR' : 'TWO_FACTOR_INVALID');
      expect(changed).toHaveBeenCalledTimes(
        path.steps.filter((s) => /^xstate\.done\.actor\.(enable|disable)$/.test(s.event.type)).length,
      );
    }
    // A new attempt clears the last reason.
    if (['START', 'CONFIRM', 'DISABLE', 'CANCEL'].includes(last ?? ''))
      expect(end.context.errorCode).toBeNull();
  });
});
