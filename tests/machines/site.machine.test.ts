import { describe, expect, it } from 'vitest';
import type { SystemStatus, Whitelabel } from '../../src/api/contract/system';
import { requiredActor } from '../../src/machines/required-actor';
import { siteMachine } from '../../src/machines/site.machine';
import { machinePaths, replay } from './graph-paths';

const whitelabel = { siteName: 'Test', location: { ip: '10.0.0.1', country: null } } as unknown as Whitelabel;
const status = (code: 0 | 1 | 2): SystemStatus => ({
  status: code,
  ip: '10.0.0.1',
  message: code === 1 ? 'back soon' : null,
  until: code === 1 ? 1_900_000_000_000 : null,
});

// Effects never settle on their own: the path decides, by sending their done and error events.
const machine = siteMachine.provide({
  actors: { loadSite: requiredActor('test'), checkStatus: requiredActor('test') },
});
const loaded = (code: 0 | 1 | 2) => ({
  type: 'xstate.done.actor.loadSite',
  output: { status: status(code), whitelabel },
});
const checked = (code: 0 | 1 | 2) => ({ type: 'xstate.done.actor.checkStatus', output: status(code) });

const events = [
  loaded(0),
  loaded(1),
  loaded(2),
  { type: 'xstate.error.actor.loadSite', error: { code: 'NETWORK_ERROR' } },
  { type: 'xstate.after.statusPoll.site.ready' },
  checked(0),
  checked(1),
  checked(2),
  { type: 'xstate.error.actor.checkStatus', error: new Error('offline') },
  { type: 'RETRY' },
  { type: 'MAINTENANCE' },
  { type: 'REGION_BLOCKED' },
] as never[];

const { statePaths, transitionPaths, reachable } = machinePaths(machine, { events });

describe('site machine (graph-generated paths)', () => {
  it('reaches every state', () => {
    expect(reachable.sort()).toEqual(
      ['"blocked"', '"failed"', '"loading"', '"maintenance"', '"ready"', '"rechecking"'].sort(),
    );
  });

  it.each(statePaths.map((p) => [p.description, p] as const))('%s', (_, path) => {
    replay(machine, path);
  });

  it.each(transitionPaths.map((p) => [p.description, p] as const))('%s', (_, path) => {
    replay(machine, path, {
      check: (actual, _expected, event) => {
        if (actual.matches('failed')) expect(actual.context.errorCode).toBe('NETWORK_ERROR');
        if ((event.type as string) === 'xstate.done.actor.loadSite')
          expect(actual.context.whitelabel).toBe(whitelabel);
        if (actual.matches('maintenance') && (event.type as string).startsWith('xstate.done')) {
          expect(actual.context.maintenanceMessage).toBe('back soon');
          expect(actual.context.maintenanceUntil).toBe(1_900_000_000_000);
        }
        if (actual.matches('blocked')) expect(actual.context.ip).toBe('10.0.0.1');
        if (actual.matches('loading')) expect(actual.context.errorCode).toBeNull();
      },
    });
  });

  it('covers every transition of the machine', () => {
    expect(transitionPaths.length).toBeGreaterThanOrEqual(16);
  });
});
