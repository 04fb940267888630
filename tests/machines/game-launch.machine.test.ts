import { describe, expect, it, vi } from 'vitest';
import type { LaunchedGame } from '../../src/api/contract/games';
import { gameLaunchMachine, type LaunchTarget } from '../../src/machines/game-launch.machine';
import { requiredActor } from '../../src/machines/required-actor';
import { machinePaths, replay } from './graph-paths';

const effects = { openLogin: vi.fn(), navigate: vi.fn(), showGame: vi.fn(), openWindow: vi.fn() };
const machine = gameLaunchMachine.provide({
  actors: { launchGame: requiredActor('test') },
  actions: {
    openLogin: effects.openLogin,
    navigate: (_, params) => effects.navigate(params.to),
    showGame: (_, params) => effects.showGame(params.game.url),
    openWindow: (_, params) => effects.openWindow(params.game.url),
  },
});

const slot: LaunchTarget = { vassalage: 'NOVA', gameCode: 'golden-dragon', gameType: 'RNG' };
const novaCard: LaunchTarget = { vassalage: 'NOVA', gameType: 'RNG', isGame: 'VASSALAGE' };
const liveCard: LaunchTarget = { vassalage: 'SUNL', gameType: 'LIVE', isGame: 'VASSALAGE' };
const derbyCard: LaunchTarget = { vassalage: 'DS88', gameType: 'COCKFIGHT', isGame: null };
const vnLotto: LaunchTarget = { vassalage: 'TCG_LOTTO_VN', gameCode: 'north', gameType: 'LOTT' };
const seaLotto: LaunchTarget = { vassalage: 'TCG_SEA', gameCode: 'sea-4d', gameType: 'LOTT' };
const classic: LaunchTarget = { vassalage: 'ELOTT', gameCode: 'ssc-1', gameType: 'ELOTT' };
const baccarat: LaunchTarget = { vassalage: 'SUNL', gameCode: 'baccarat-sunrise', gameType: 'LIVE' };
const dice: LaunchTarget = { vassalage: 'BGS', gameCode: 'dice', gameType: 'INHOUSE' };
const originalsCard: LaunchTarget = { vassalage: 'BGS', gameType: 'INHOUSE', isGame: 'VASSALAGE' };

const inPage = { url: 'http://p/play/1', opensIn: 'page' } as LaunchedGame;
const inWindow = { url: 'http://p/play/2', opensIn: 'window' } as LaunchedGame;

const launch = (target: LaunchTarget, account: 'guest' | 'trial' | 'real' = 'real') => ({
  type: 'LAUNCH',
  target,
  account,
});
const events = [
  launch(slot, 'guest'),
  launch(slot, 'trial'),
  launch(slot),
  launch(novaCard),
  launch(liveCard),
  launch(derbyCard),
  launch(vnLotto),
  launch(seaLotto),
  launch(classic),
  launch(dice, 'guest'),
  launch(dice, 'trial'),
  launch(vnLotto, 'trial'),
  launch(originalsCard),
  { type: 'PICK', target: baccarat },
  { type: 'PICK', target: dice },
  { type: 'PICK', target: seaLotto },
  { type: 'CLOSE' },
  { type: 'xstate.done.actor.launchGame', output: inPage },
  { type: 'xstate.done.actor.launchGame', output: inWindow },
  { type: 'xstate.error.actor.launchGame', error: { code: 'GAME_MAINTENANCE' } },
  { type: 'xstate.error.actor.launchGame', error: { code: 'GAME_UNAVAILABLE' } },
  { type: 'xstate.error.actor.launchGame', error: { code: 'REAL_ACCOUNT_REQUIRED' } },
] as never[];

describe('game launch machine (graph-generated paths)', () => {
  const serializeState = (s: { value: unknown; context: { errorCode: string | null } }) =>
    `${JSON.stringify(s.value)}#${s.context.errorCode}`;
  const { statePaths, transitionPaths, reachable } = machinePaths(machine, {
    events,
    input: { listCentres: ['RNG', 'FISH', 'PVP'] },
    serializeState,
  });

  it('reaches every outcome of spec 4.6', () => {
    expect(reachable.sort()).toEqual(
      [
        '"idle"#null',
        '"needRealAccount"#null',
        '"vendorList"#null',
        '"launching"#null',
        '"failed"#GAME_MAINTENANCE',
        '"failed"#GAME_UNAVAILABLE',
      ].sort(),
    );
  });

  it.each([...statePaths, ...transitionPaths].map((p) => [p.description, p] as const))('%s', (_, path) => {
    for (const fn of Object.values(effects)) fn.mockClear();
    const end = replay(machine, path, { input: { listCentres: ['RNG', 'FISH', 'PVP'] } });
    const last = path.steps.at(-1)!.event as { type: string; target?: LaunchTarget; account?: string };
    const before = path.steps.at(-2)?.state;
    if (last.type === 'LAUNCH' && before?.matches('idle')) {
      const t = last.target!;
      if (t.vassalage === 'BGS') {
        // The in-house games are pages of the site: every visitor sees the game, and its bet asks for a login.
        expect(effects.navigate).toHaveBeenCalledWith(t.gameCode ? `/originals/${t.gameCode}` : '/originals');
        expect(effects.openLogin).not.toHaveBeenCalled();
        expect(end.matches('idle')).toBe(true);
      } else if (last.account === 'guest') {
        // A guest gets the login popup, and the launch is dropped.
        expect(effects.openLogin).toHaveBeenCalledTimes(1);
        expect(end.matches('idle')).toBe(true);
      } else if (last.account === 'trial' && t.vassalage === 'TCG_LOTTO_VN') {
        // The lotteries take real accounts only: the trial player is told so at once.
        expect(end.hasTag('trial-notice')).toBe(true);
        expect(effects.navigate).not.toHaveBeenCalled();
      } else if (last.account === 'trial') {
        // Anything else a trial player launches as a member does, with trial money.
        expect(end.hasTag('busy')).toBe(true);
      } else if (t.vassalage === 'TCG_LOTTO_VN')
        expect(effects.navigate).toHaveBeenCalledWith('/vnLottery?gameCode=north');
      else if (t.vassalage === 'TCG_SEA')
        expect(effects.navigate).toHaveBeenCalledWith('/seaLottery?gameCode=sea-4d');
      else if (t.vassalage === 'ELOTT')
        expect(effects.navigate).toHaveBeenCalledWith('/lottery?gameCode=ssc-1');
      else if (t === novaCard)
        expect(effects.navigate).toHaveBeenCalledWith('/gameListCenter?vassalage=NOVA');
      else if (t === liveCard) expect(end.hasTag('popup-list')).toBe(true);
      else expect(end.hasTag('busy')).toBe(true);
    }
    if (last.type === 'PICK' && before?.hasTag('popup-list')) {
      if (last.target === seaLotto)
        expect(effects.navigate).toHaveBeenCalledWith('/seaLottery?gameCode=sea-4d');
      else if (last.target === dice) expect(effects.navigate).toHaveBeenCalledWith('/originals/dice');
      else expect(end.hasTag('busy')).toBe(true);
    }
    if (last.type === 'xstate.done.actor.launchGame' && before?.hasTag('busy')) {
      const game = (last as unknown as { output: LaunchedGame }).output;
      if (game.opensIn === 'window') expect(effects.openWindow).toHaveBeenCalledWith(game.url);
      else expect(effects.showGame).toHaveBeenCalledWith(game.url);
      expect(end.matches('idle')).toBe(true);
    }
    if (last.type === 'xstate.error.actor.launchGame' && before?.hasTag('busy')) {
      const code = (last as unknown as { error: { code: string } }).error.code;
      if (code === 'REAL_ACCOUNT_REQUIRED') {
        // A vendor that takes no trial players: the notice, not a failure.
        expect(end.hasTag('trial-notice')).toBe(true);
        expect(end.context.errorCode).toBeNull();
      } else {
        expect(end.hasTag('error')).toBe(true);
        expect(end.context.errorCode).toBe(code);
      }
    }
    // Nothing opens a game without a launch that answered.
    if (!path.steps.some((s) => s.event.type === 'xstate.done.actor.launchGame')) {
      expect(effects.showGame).not.toHaveBeenCalled();
      expect(effects.openWindow).not.toHaveBeenCalled();
    }
  });
});
