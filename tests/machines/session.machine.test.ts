import { describe, expect, it, vi } from 'vitest';
import type { LoginResult, MemberInfo } from '../../src/api/contract/accounts';
import { requiredActor } from '../../src/machines/required-actor';
import { sessionKind, sessionMachine } from '../../src/machines/session.machine';
import { machinePaths, replay } from './graph-paths';

const member = (over: Partial<MemberInfo> = {}): MemberInfo => ({
  id: 1,
  account: 'demomember',
  nickname: null,
  type: 0,
  isAgent: false,
  isTrial: false,
  icon: 1,
  mobile: null,
  email: null,
  language: null,
  twoFactor: false,
  createdAt: 0,
  ...over,
});
const result: LoginResult = {
  token: 'tok-new',
  firstTimeLogin: true,
  passwordExpired: false,
  mustChangePassword: null,
  user: member(),
};

const effects = {
  saveToken: vi.fn(),
  clearToken: vi.fn(),
  showLoader: vi.fn(),
  hideLoader: vi.fn(),
  goHome: vi.fn(),
  shareSession: vi.fn(),
  shareEnd: vi.fn(),
};
const machine = sessionMachine.provide({
  actors: {
    restoreToken: requiredActor('test'),
    peekHandoff: requiredActor('test'),
    exchangeHandoff: requiredActor('test'),
    completeExternal: requiredActor('test'),
    verifyTwoFactor: requiredActor('test'),
    fetchMember: requiredActor('test'),
    logout: requiredActor('test'),
    askOtherTabs: requiredActor('test'),
  },
  actions: {
    shareSession: (_, shared) => effects.shareSession(shared),
    shareEnd: (_, ended) => effects.shareEnd(ended),
    saveToken: (_, token) => effects.saveToken(token),
    clearToken: effects.clearToken,
    showLoader: effects.showLoader,
    hideLoader: effects.hideLoader,
    goHome: effects.goHome,
  },
});

const events = [
  { type: 'xstate.done.actor.restoreToken', output: { token: 'tok-stored', handoff: null } },
  { type: 'xstate.done.actor.restoreToken', output: { token: null, handoff: null } },
  { type: 'xstate.done.actor.restoreToken', output: { token: null, handoff: 'code-from-a-link' } },
  { type: 'xstate.done.actor.restoreToken', output: { token: 'tok-stored', handoff: 'code-from-a-link' } },
  // Back from a third-party sign-in (?signin=external), with or without a session here; or its error.
  { type: 'xstate.done.actor.restoreToken', output: { token: null, handoff: null, external: true } },
  { type: 'xstate.done.actor.restoreToken', output: { token: 'tok-stored', handoff: null, external: true } },
  {
    type: 'xstate.done.actor.restoreToken',
    output: { token: null, handoff: null, externalError: 'SIGN_IN_DENIED' },
  },
  { type: 'xstate.done.actor.completeExternal', output: { ...result, token: 'tok-external' } },
  { type: 'xstate.error.actor.completeExternal', error: { code: 'SIGN_IN_EXPIRED' } },
  { type: 'DISMISS_SIGN_IN_ERROR' },
  // A member with two-step verification: the code comes after the provider.
  {
    type: 'xstate.error.actor.completeExternal',
    error: { code: 'TWO_FACTOR_REQUIRED', value: { challenge: 'challenge-1' } },
  },
  { type: 'SUBMIT_TWO_FACTOR', code: '123456' },
  { type: 'xstate.done.actor.verifyTwoFactor', output: { ...result, token: 'tok-2fa' } },
  { type: 'xstate.error.actor.verifyTwoFactor', error: { code: 'TWO_FACTOR_INVALID' } },
  { type: 'xstate.done.actor.peekHandoff', output: { account: 'stranger' } },
  { type: 'xstate.error.actor.peekHandoff', error: { code: 'HANDOFF_INVALID' } },
  { type: 'xstate.done.actor.exchangeHandoff', output: { ...result, token: 'tok-handoff' } },
  { type: 'xstate.error.actor.exchangeHandoff', error: { code: 'HANDOFF_PASSWORD_CHANGE' } },
  { type: 'SWITCH_ACCOUNT' },
  { type: 'KEEP_SESSION' },
  { type: 'xstate.error.actor.restoreToken', error: new Error('storage') },
  { type: 'xstate.done.actor.fetchMember', output: member() },
  { type: 'xstate.done.actor.fetchMember', output: member({ type: 4, isTrial: true }) },
  { type: 'xstate.done.actor.fetchMember', output: member({ type: 1, isAgent: true }) },
  { type: 'xstate.error.actor.fetchMember', error: { code: 'SESSION_EXPIRED' } },
  { type: 'LOGGED_IN', result },
  { type: 'LOGOUT' },
  { type: 'CANCEL' },
  { type: 'CONFIRM' },
  { type: 'xstate.done.actor.logout', output: undefined },
  { type: 'xstate.error.actor.logout', error: new Error('offline') },
  { type: 'SESSION_EXPIRED' },
  { type: 'ACKNOWLEDGE' },
  { type: 'REFRESH' },
  // Another tab of this browser: the answer to a new tab's question, or nobody there.
  { type: 'xstate.done.actor.askOtherTabs', output: 'tok-tab' },
  { type: 'xstate.done.actor.askOtherTabs', output: null },
  { type: 'xstate.error.actor.askOtherTabs', error: new Error('no channel') },
  // Another tab logged in, or its session (the one this tab holds) continues under a new token.
  { type: 'TAB_SESSION', token: 'tok-tab', replaces: null },
  { type: 'TAB_SESSION', token: 'tok-changed', replaces: 'tok-stored' },
  { type: 'TAB_SESSION', token: 'tok-other', replaces: 'tok-someone-else' },
  // Another tab logged out, or saw the server end the session; or something about a session not held.
  { type: 'TAB_ENDED', token: 'tok-stored', reason: 'logout' },
  { type: 'TAB_ENDED', token: 'tok-stored', reason: 'expired' },
  { type: 'TAB_ENDED', token: 'tok-someone-else', reason: 'logout' },
] as never[];

const serializeState = (s: {
  value: unknown;
  context: { member: MemberInfo | null; token: string | null; signInError: string | null };
}) =>
  `${JSON.stringify(s.value)}:${s.context.member ? `${sessionKind(s.context.member)}${s.context.member.isAgent ? '+agent' : ''}` : 'none'}:${s.context.token ?? '-'}${s.context.signInError ? `!${s.context.signInError}` : ''}`;

describe('session machine (graph-generated paths)', () => {
  const { statePaths, transitionPaths, reachable } = machinePaths(machine, { events, serializeState });

  it('reaches guest, trial, member and agent sessions, logout confirmation and expiry', () => {
    for (const state of [
      '"guest":none',
      '"authenticated":member',
      '"authenticated":trial',
      '"authenticated":member+agent',
      '"confirmingLogout":member',
      '"loggingOut":member',
      '"expired":none',
    ]) {
      expect(reachable.some((r) => r.startsWith(`${state}:`))).toBe(true);
    }
  });

  it('takes a hand-off link only after the visitor agreed, session or not', () => {
    for (const state of [
      '"inspectingHandoff":none:-',
      '"confirmingHandoff":none:-',
      '"confirmingHandoff":none:tok-stored',
      '"authenticated":member:tok-handoff',
      // Kept: the visitor said no, or the code was spent already.
      '"authenticated":member:tok-stored',
    ]) {
      expect(reachable).toContain(state);
    }
    // No path reaches a session from a link without SWITCH_ACCOUNT.
    const switched = [...statePaths, ...transitionPaths].filter((p) =>
      p.steps.some((s) => s.event.type === 'xstate.done.actor.exchangeHandoff'),
    );
    expect(switched.length).toBeGreaterThan(0);
    for (const path of switched) {
      expect(path.steps.map((s) => s.event.type)).toContain('SWITCH_ACCOUNT');
    }
  });

  it.each([...statePaths, ...transitionPaths].map((p) => [p.description, p] as const))('%s', (_, path) => {
    for (const spy of Object.values(effects)) spy.mockClear();
    const end = replay(machine, path, {
      check: (actual) => {
        // Logged in means a stored token and a fetched member, never one without the other.
        if (actual.matches('authenticated')) {
          expect(actual.context.token).not.toBeNull();
          expect(actual.context.member).not.toBeNull();
        }
        if (actual.matches('guest') || actual.matches('expired')) {
          expect(actual.context.member).toBeNull();
        }
      },
    });
    const types = path.steps.map((s) => s.event.type);
    if (types.includes('LOGGED_IN')) expect(effects.saveToken).toHaveBeenCalledWith('tok-new');
    if (types.includes('xstate.done.actor.exchangeHandoff'))
      expect(effects.saveToken).toHaveBeenCalledWith('tok-handoff');
    if (types.includes('KEEP_SESSION') || types.includes('xstate.error.actor.exchangeHandoff'))
      expect(effects.saveToken).not.toHaveBeenCalledWith('tok-handoff');
    // The visitor who agreed to a link that was then refused is told why.
    if (path.steps.at(-1)!.event.type === 'xstate.error.actor.exchangeHandoff')
      expect(end.context.signInError).toBe('HANDOFF_PASSWORD_CHANGE');
    if (types.includes('CONFIRM') && !end.matches('loggingOut')) {
      expect(effects.showLoader).toHaveBeenCalledTimes(1);
      expect(effects.hideLoader).toHaveBeenCalledTimes(1);
      expect(effects.goHome).toHaveBeenCalledTimes(1);
      expect(effects.clearToken).toHaveBeenCalled();
    }
    if (end.matches('expired')) expect(effects.clearToken).toHaveBeenCalled();
    // What this tab does, the other tabs hear: a login (with the token it replaces), a logout, an end.
    const last = path.steps.at(-1)!;
    const before = path.steps.at(-2)?.state;
    if (last.event.type === 'LOGGED_IN' && before) {
      expect(effects.shareSession).toHaveBeenLastCalledWith({
        token: 'tok-new',
        replaces: before.matches('authenticated') ? before.context.token : null,
      });
    }
    if (last.event.type === 'CONFIRM' && before?.matches('confirmingLogout')) {
      expect(effects.shareEnd).toHaveBeenLastCalledWith({ token: before.context.token, reason: 'logout' });
    }
    if (last.event.type === 'SESSION_EXPIRED' && end.matches('expired') && before?.context.token) {
      expect(effects.shareEnd).toHaveBeenLastCalledWith({ token: before.context.token, reason: 'expired' });
    }
    if (last.event.type === 'TAB_SESSION' || last.event.type === 'TAB_ENDED') {
      expect(effects.shareSession).not.toHaveBeenCalledWith(
        expect.objectContaining({ token: (last.event as unknown as { token: string }).token }),
      );
    }
  });

  it('logs in from a third-party sign-in like any login, and says why one failed', () => {
    for (const state of [
      '"completingExternal":none:-',
      '"completingExternal":none:tok-stored',
      // The session it brought, shared with the other tabs (replacing the one this tab had).
      '"authenticated":member:tok-external',
      // A spent or expired sign-in: the session this tab had carries on, and the visitor is told.
      '"authenticated":member:tok-stored!SIGN_IN_EXPIRED',
      '"guest":none:-!SIGN_IN_EXPIRED',
      // Back with the provider's refusal in the address.
      '"guest":none:-!SIGN_IN_DENIED',
    ]) {
      expect(reachable).toContain(state);
    }
    const completed = transitionPaths.filter(
      (p) => p.steps.at(-1)!.event.type === 'xstate.done.actor.completeExternal',
    );
    expect(completed.length).toBeGreaterThan(0);
    for (const path of completed) {
      for (const spy of Object.values(effects)) spy.mockClear();
      const before = path.steps.at(-2)!.state;
      replay(machine, path);
      expect(effects.saveToken).toHaveBeenCalledWith('tok-external');
      expect(effects.shareSession).toHaveBeenCalledWith({
        token: 'tok-external',
        replaces: before.context.token,
      });
    }
    // Two-step verification: asked after the provider, a wrong code asks again, the right one logs in.
    for (const state of [
      '"externalTwoFactor":none:-',
      '"verifyingExternalTwoFactor":none:-',
      '"externalTwoFactor":none:tok-stored',
      '"authenticated":member:tok-2fa',
    ]) {
      expect(reachable).toContain(state);
    }
    const verified = transitionPaths.filter(
      (p) => p.steps.at(-1)!.event.type === 'xstate.done.actor.verifyTwoFactor',
    );
    expect(verified.length).toBeGreaterThan(0);
    for (const path of verified) {
      for (const spy of Object.values(effects)) spy.mockClear();
      const end = replay(machine, path);
      expect(end.context.twoFactor).toBeNull();
      expect(effects.saveToken).toHaveBeenCalledWith('tok-2fa');
    }
    // No session from a third-party sign-in of such a member without a verified code.
    for (const path of [...statePaths, ...transitionPaths]) {
      const types = path.steps.map((s) => s.event.type);
      const asked = types.findIndex(
        (t, i) =>
          t === 'xstate.error.actor.completeExternal' &&
          (path.steps[i]!.event as unknown as { error: { code: string } }).error.code ===
            'TWO_FACTOR_REQUIRED',
      );
      if (asked < 0) continue;
      const after = types.slice(asked);
      if (after.includes('xstate.done.actor.fetchMember') && !after.includes('CANCEL')) {
        expect(after).toContain('xstate.done.actor.verifyTwoFactor');
      }
    }
    // Dismissed: the message goes, nothing else changes.
    const dismissed = transitionPaths.filter((p) => p.steps.at(-1)!.event.type === 'DISMISS_SIGN_IN_ERROR');
    expect(dismissed.length).toBeGreaterThan(0);
    for (const path of dismissed) {
      const before = path.steps.at(-2)!.state;
      const end = replay(machine, path);
      expect(end.context.signInError).toBeNull();
      expect(end.context.token).toBe(before.context.token);
    }
  });

  it('joins the session of a tab already open, and follows the other tabs', () => {
    for (const state of [
      // A new tab (nothing stored) asks, and joins what an open tab answers.
      '"joining":none:-',
      '"authenticated":member:tok-tab',
      // A password change in another tab: this one takes the new token.
      '"authenticated":member:tok-changed',
    ]) {
      expect(reachable).toContain(state);
    }
    // Nobody answered: a guest, with nothing stored.
    expect(reachable).toContain('"guest":none:-');
  });

  it('ends the session in this tab when another tab logged out or saw it end, and only that session', () => {
    const ended = transitionPaths.filter((p) => p.steps.at(-1)!.event.type === 'TAB_ENDED');
    expect(ended.length).toBeGreaterThan(0);
    for (const path of ended) {
      for (const spy of Object.values(effects)) spy.mockClear();
      const before = path.steps.at(-2)!.state;
      const event = path.steps.at(-1)!.event as unknown as { token: string; reason: string };
      const end = replay(machine, path);
      if (before.context.token === event.token) {
        expect(end.matches(event.reason === 'logout' ? 'guest' : 'expired'), path.description).toBe(true);
        expect(end.context.token).toBeNull();
        expect(effects.clearToken).toHaveBeenCalled();
        // Told by another tab: not told back.
        expect(effects.shareEnd).not.toHaveBeenCalled();
      } else {
        expect(end.value, path.description).toEqual(before.value);
        expect(end.context.token).toBe(before.context.token);
      }
    }
  });

  it('asks before logging out: cancelling keeps the session', () => {
    for (const spy of Object.values(effects)) spy.mockClear();
    const path = transitionPaths.find((p) =>
      p.description.startsWith('"confirmingLogout":member:tok-stored --CANCEL'),
    )!;
    const end = replay(machine, path);
    expect(end.matches('authenticated')).toBe(true);
    expect(effects.goHome).not.toHaveBeenCalled();
  });
});
