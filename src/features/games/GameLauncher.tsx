import { useActorRef, useSelector } from '@xstate/react';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './games.css';
import { useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { call } from '../../api/client';
import type { GameItem, LaunchedGame } from '../../api/contract/games';
import { errorKey } from '../../api/errors';
import { gameLaunchMachine, type LaunchTarget } from '../../machines/game-launch.machine';
import { inspectOptions } from '../../machines/inspect';
import { Modal } from '../../ui/Modal';
import { useAccountModal } from '../account/AccountModalContext';
import { TrialNoticeDialog } from '../session/guards';
import { useSession } from '../session/session';
import { rememberLaunched } from './seamless-store';
import { useGameMenus } from './useGameMenus';

type Launch = (target: LaunchTarget) => void;
const LaunchContext = createContext<Launch | null>(null);

/** Starts a game from any tile or vendor card (spec 4.6): `launch({ vassalage, gameCode, gameType, isGame })`. */
export function useLaunchGame(): Launch {
  const launch = useContext(LaunchContext);
  if (!launch) throw new Error('useLaunchGame outside GameLauncherProvider');
  return launch;
}

/** Launches at the vendor through the site's API; the answer says where the game runs. */
const launchAtVendor = fromPromise<LaunchedGame, LaunchTarget>(({ input }) =>
  call('launchGame', {
    body: {
      vassalage: input.vassalage,
      ...(input.gameCode ? { gameCode: input.gameCode } : {}),
      platform: window.matchMedia?.('(max-width: 760px)').matches ? 'html5' : 'html5-desktop',
    },
  }),
);

/** Holds the launch machine for the whole site and renders its dialogs by tag. */
export function GameLauncherProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const account = useAccountModal();
  const navigate = useNavigate();
  const menus = useGameMenus();
  // The machine keeps its first implementations; these refs keep them pointing at the current ones.
  const effects = useRef({ navigate, openLogin: () => account.open('login') });
  effects.current = { navigate, openLogin: () => account.open('login') };

  const actor = useActorRef(
    gameLaunchMachine.provide({
      actors: { launchGame: launchAtVendor },
      actions: {
        openLogin: () => effects.current.openLogin(),
        navigate: (_, { to }) => effects.current.navigate(to),
        showGame: (_, { game }) => {
          rememberLaunched(game);
          effects.current.navigate('/seamless');
        },
        openWindow: (_, { game }) => {
          const opened = window.open(game.url, '_blank');
          if (opened) opened.opener = null;
          else {
            // A blocked popup: the game shows in the page instead.
            rememberLaunched(game);
            effects.current.navigate('/seamless');
          }
        },
      },
    }),
    { input: undefined, ...inspectOptions() },
  );

  useEffect(() => {
    if (menus)
      actor.send({
        type: 'SET_LIST_CENTRES',
        listCentres: menus.filter((m) => m.useGameListCenter).map((m) => m.gameType),
      });
  }, [menus, actor]);

  const kind = session.kind === 'member' ? 'real' : session.kind;
  const launch = useCallback<Launch>(
    (target) => actor.send({ type: 'LAUNCH', target, account: kind }),
    [actor, kind],
  );

  return (
    <LaunchContext.Provider value={launch}>
      {children}
      <LaunchDialogs actor={actor} />
    </LaunchContext.Provider>
  );
}

function LaunchDialogs({ actor }: { actor: ReturnType<typeof useActorRef<typeof gameLaunchMachine>> }) {
  const { t } = useTranslation();
  const view = useSelector(actor, (s) => ({
    trial: s.hasTag('trial-notice'),
    list: s.hasTag('popup-list'),
    busy: s.hasTag('busy'),
    error: s.hasTag('error') ? s.context.errorCode : null,
    target: s.context.target,
  }));
  const close = () => actor.send({ type: 'CLOSE' });
  if (view.trial) return <TrialNoticeDialog onClose={close} />;
  if (view.list && view.target)
    return (
      <VendorGamesDialog
        vendor={view.target}
        onPick={(g) => actor.send({ type: 'PICK', target: g })}
        onClose={close}
      />
    );
  if (view.error)
    return (
      <Modal title={t('games.launch_failed')} onClose={close} testId="launch-error">
        <p data-code={view.error}>{t(errorKey(view.error))}</p>
        <div className="dialog-actions">
          <button type="button" className="btn btn-accent" onClick={close}>
            {t('games.ok')}
          </button>
        </div>
      </Modal>
    );
  if (view.busy)
    return (
      <div className="launch-toast card" role="status" data-testid="launch-busy">
        <span className="spinner small" aria-hidden="true" />
        {t('games.opening', { game: view.target?.gameName ?? view.target?.vassalage ?? '' })}
      </div>
    );
  return null;
}

/** The popup game list of a vendor whose card opens a nested list (isGame VASSALAGE). */
function VendorGamesDialog({
  vendor,
  onPick,
  onClose,
}: {
  vendor: LaunchTarget;
  onPick: (game: LaunchTarget) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [games, setGames] = useState<GameItem[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    call('gameList', { query: { vassalage: vendor.vassalage, pageSize: 60 } })
      .then((list) => live && setGames(list.items))
      .catch((e: { code?: string }) => live && setFailed(e.code ?? 'UNKNOWN'));
    return () => {
      live = false;
    };
  }, [vendor.vassalage]);
  return (
    <Modal title={vendor.gameName ?? vendor.vassalage} onClose={onClose} wide testId="vendor-games">
      {failed ? (
        <p role="alert">{t(errorKey(failed))}</p>
      ) : games === null ? (
        <div className="skeleton" style={{ height: 160 }} />
      ) : games.length === 0 ? (
        <p className="muted">{t('games.coming_soon')}</p>
      ) : (
        <ul className="game-grid compact">
          {games.map((g) => (
            <li key={g.nodeId}>
              <button
                type="button"
                className="game-tile"
                disabled={g.status === 'maintenance'}
                onClick={() =>
                  onPick({
                    vassalage: g.vassalage,
                    gameCode: g.gameCode,
                    gameType: g.gameType,
                    gameName: g.gameName,
                  })
                }
              >
                <img src={g.imageUrl} alt="" width={240} height={240} loading="lazy" />
                <span className="game-tile-play">
                  {g.status === 'maintenance' ? t('games.maintenance') : t('home.play')}
                </span>
                <span className="game-tile-name">{g.gameName}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
