import { describe, expect, it } from 'vitest';
import type { MemberProfile } from '../../src/api/contract/accounts';
import { profileMachine } from '../../src/machines/profile.machine';
import { requiredActor } from '../../src/machines/required-actor';
import { machinePaths, replay } from './graph-paths';

const profile: MemberProfile = {
  account: 'demomember',
  nickname: null,
  realName: null,
  email: 'demo@aurora.example',
  mobile: '11987654321',
  countryDialingCode: '55',
  contacts: {},
  birthday: null,
  nationality: null,
  address: null,
  telegram: null,
  zalo: null,
  createdAt: 1_700_000_000_000,
  lastLoginAt: 1_700_000_100_000,
  lastLoginIp: '127.0.0.1',
};
const saved = { ...profile, nickname: 'Sortudo', realName: 'Maria da Silva' };
const machine = profileMachine.provide({ actors: { load: requiredActor('t'), save: requiredActor('t') } });
const issues = [{ path: 'body.realName', message: 'Use 2-50 characters' }];
const events = [
  { type: 'xstate.done.actor.load', output: profile },
  { type: 'xstate.error.actor.load', error: { code: 'NETWORK_ERROR' } },
  { type: 'RETRY' },
  { type: 'EDIT' },
  { type: 'CANCEL' },
  { type: 'SAVE', values: { nickname: 'Sortudo', realName: 'Maria da Silva' } },
  { type: 'xstate.done.actor.save', output: saved },
  { type: 'xstate.error.actor.save', error: { code: 'VALIDATION_FAILED', value: { issues } } },
  { type: 'xstate.error.actor.save', error: { code: 'REAL_NAME_LOCKED' } },
] as never[];

describe('profile machine (graph-generated paths)', () => {
  const { statePaths, transitionPaths, reachable } = machinePaths(machine, { events });

  it('loads, shows, edits and saves the profile', () => {
    expect(reachable).toEqual(
      expect.arrayContaining(['"loading"', '"unavailable"', '"viewing"', '"editing"', '"saving"']),
    );
  });

  it.each([...statePaths, ...transitionPaths].map((p) => [p.description, p] as const))('%s', (_, path) => {
    const end = replay(machine, path);
    const last = path.steps.at(-1)?.event as { type: string; error?: { code: string } } | undefined;
    const shown = ['loading', 'failed', 'view', 'form'].filter((tag) => end.hasTag(tag));
    expect(shown).toHaveLength(1);
    expect(end.hasTag('busy')).toBe(end.matches('saving'));
    if (end.hasTag('view') || end.hasTag('form')) expect(end.context.profile).not.toBeNull();
    if (last?.type === 'xstate.done.actor.save') {
      expect(end.context).toMatchObject({ profile: saved, saved: true, errorCode: null });
    }
    if (last?.type === 'xstate.error.actor.save') {
      // Refused: the form stays open with the reasons, and what was stored is unchanged.
      expect(end.matches('editing')).toBe(true);
      expect(end.context.errorCode).toBe(last.error!.code);
      expect(end.context.issues).toEqual(last.error!.code === 'VALIDATION_FAILED' ? issues : []);
      expect(end.context.profile?.realName).toBeNull();
    }
    if (last?.type === 'EDIT')
      expect(end.context).toMatchObject({ saved: false, errorCode: null, issues: [] });
  });
});
