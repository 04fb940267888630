import { assign, setup } from 'xstate';
import type { SectionKey } from '../api/contract/common';
import type { LaunchedGame } from '../api/contract/games';
import { requiredActor } from './required-actor';

/** What was clicked: a game tile, or a vendor card (no gameCode) on a category page or menu. */
export interface LaunchTarget {
  vassalage: string;
  gameCode?: string | undefined;
  gameType: SectionKey;
  isGame?: 'VASSALAGE' | null | undefined;
  gameName?: string | undefined;
}

export type AccountKind = 'guest' | 'trial' | 'real';

export interface GameLaunchContext {
  target: LaunchTarget | null;
  /** Game types whose vendors open the game-list centre (the brand's menus say which). */
  listCentres: SectionKey[];
  launched: LaunchedGame | null;
  errorCode: string | null;
}

const LOTTERY_ROUTES: Record<string, string> = {
  TCG_LOTTO_VN: '/vnLottery',
  TCG_SEA: '/seaLottery',
  LOTT: '/lottery',
  ELOTT: '/lottery',
};

/** The in-house games' vendor: its games are pages of the site, not launched at a provider. */
export const ORIGINALS_VENDOR = 'BGS';

/** An in-house game's page (or their lobby for the vendor card), for guests too: they see the game first. */
export function originalPath(target: LaunchTarget) {
  return target.gameCode ? `/originals/${encodeURIComponent(target.gameCode)}` : '/originals';
}

/** The route a lottery vendor's game opens at (spec 4.6), with its gameCode. */
export function lotteryPath(target: LaunchTarget) {
  const route = LOTTERY_ROUTES[target.vassalage];
  return route ? `${route}?gameCode=${encodeURIComponent(target.gameCode ?? '')}` : null;
}

/**
 * Game launch (spec 4.6), for every game tile and vendor card. A guest gets the login popup and the launch
 * is dropped. A trial player (free play) plays with trial money: the lotteries give it the "real account
 * needed" notice at once, and any other game is launched as a member's, the server answering
 * REAL_ACCOUNT_REQUIRED (the same notice) for a vendor that takes no trial players. A member is routed: lottery vendors to
 * their lottery page, a vendor card of a game-list-centre category to gameListCenter, a vendor with a
 * nested list (isGame VASSALAGE) to the popup game list, and anything else is launched at its vendor and
 * shown in /seamless (or a window of its own when the vendor asks for one). The in-house games (vendor
 * BGS) are pages of the site: every visitor goes to the game's page, which asks for a login at the bet. Failures (maintenance, the
 * vendor down) end in `failed`, with the catalogue's message; a click never does nothing.
 */
export const gameLaunchMachine = setup({
  types: {
    context: {} as GameLaunchContext,
    input: {} as { listCentres?: SectionKey[] } | undefined,
    events: {} as
      | { type: 'LAUNCH'; target: LaunchTarget; account: AccountKind }
      | { type: 'PICK'; target: LaunchTarget }
      | { type: 'CLOSE' }
      | { type: 'SET_LIST_CENTRES'; listCentres: SectionKey[] },
  },
  actors: { launchGame: requiredActor<LaunchedGame, LaunchTarget>('launchGame') },
  actions: {
    openLogin: () => {},
    navigate: (_, _params: { to: string }) => {},
    showGame: (_, _params: { game: LaunchedGame }) => {},
    openWindow: (_, _params: { game: LaunchedGame }) => {},
  },
  guards: {
    isGuest: ({ event }) => event.type === 'LAUNCH' && event.account === 'guest',
    isTrialLottery: ({ event }) =>
      event.type === 'LAUNCH' && event.account === 'trial' && event.target.vassalage in LOTTERY_ROUTES,
    needsRealAccount: ({ event }) =>
      (event as { error?: { code?: string } }).error?.code === 'REAL_ACCOUNT_REQUIRED',
    isLottery: ({ event }) => 'target' in event && event.target.vassalage in LOTTERY_ROUTES,
    isOriginal: ({ event }) => 'target' in event && event.target.vassalage === ORIGINALS_VENDOR,
    opensListCentre: ({ context, event }) =>
      'target' in event && !event.target.gameCode && context.listCentres.includes(event.target.gameType),
    opensPopupList: ({ event }) =>
      'target' in event && !event.target.gameCode && event.target.isGame === 'VASSALAGE',
    inWindow: ({ event }) => (event as unknown as { output?: LaunchedGame }).output?.opensIn === 'window',
  },
}).createMachine({
  id: 'gameLaunch',
  context: ({ input }) => ({
    target: null,
    listCentres: input?.listCentres ?? [],
    launched: null,
    errorCode: null,
  }),
  initial: 'idle',
  on: {
    SET_LIST_CENTRES: { actions: assign({ listCentres: ({ event }) => event.listCentres }) },
  },
  states: {
    idle: {
      on: {
        LAUNCH: [
          {
            guard: 'isOriginal',
            target: 'idle',
            actions: {
              type: 'navigate',
              params: ({ event }) => ({ to: originalPath((event as { target: LaunchTarget }).target) }),
            },
          },
          { guard: 'isGuest', target: 'idle', actions: 'openLogin' },
          { guard: 'isTrialLottery', target: 'needRealAccount' },
          {
            guard: 'isLottery',
            target: 'idle',
            actions: {
              type: 'navigate',
              params: ({ event }) => ({ to: lotteryPath((event as { target: LaunchTarget }).target)! }),
            },
          },
          {
            guard: 'opensListCentre',
            target: 'idle',
            actions: {
              type: 'navigate',
              params: ({ event }) => ({
                to: `/gameListCenter?vassalage=${encodeURIComponent((event as { target: LaunchTarget }).target.vassalage)}`,
              }),
            },
          },
          {
            guard: 'opensPopupList',
            target: 'vendorList',
            actions: assign({ target: ({ event }) => event.target }),
          },
          { target: 'launching', actions: assign({ target: ({ event }) => event.target }) },
        ],
      },
    },
    needRealAccount: {
      tags: ['trial-notice'],
      on: { CLOSE: 'idle' },
    },
    vendorList: {
      tags: ['popup-list'],
      on: {
        PICK: [
          {
            guard: 'isOriginal',
            target: 'idle',
            actions: {
              type: 'navigate',
              params: ({ event }) => ({ to: originalPath((event as { target: LaunchTarget }).target) }),
            },
          },
          {
            guard: 'isLottery',
            target: 'idle',
            actions: {
              type: 'navigate',
              params: ({ event }) => ({ to: lotteryPath((event as { target: LaunchTarget }).target)! }),
            },
          },
          { target: 'launching', actions: assign({ target: ({ event }) => event.target }) },
        ],
        CLOSE: 'idle',
      },
    },
    launching: {
      tags: ['busy'],
      entry: assign({ errorCode: null, launched: null }),
      invoke: {
        id: 'launchGame',
        src: 'launchGame',
        input: ({ context }) => context.target!,
        onDone: [
          {
            guard: 'inWindow',
            target: 'idle',
            actions: [
              assign({ launched: ({ event }) => event.output }),
              { type: 'openWindow', params: ({ event }) => ({ game: event.output }) },
            ],
          },
          {
            target: 'idle',
            actions: [
              assign({ launched: ({ event }) => event.output }),
              { type: 'showGame', params: ({ event }) => ({ game: event.output }) },
            ],
          },
        ],
        onError: [
          // A vendor that takes no trial players: the trial player is told a real account plays it.
          { guard: 'needsRealAccount', target: 'needRealAccount' },
          {
            target: 'failed',
            actions: assign({
              errorCode: ({ event }) => (event.error as { code?: string } | undefined)?.code ?? 'UNKNOWN',
            }),
          },
        ],
      },
    },
    failed: {
      tags: ['error'],
      on: { CLOSE: { target: 'idle', actions: assign({ errorCode: null }) } },
    },
  },
});
