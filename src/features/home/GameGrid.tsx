import { useTranslation } from 'react-i18next';
import type { GameItem } from '../../api/contract/games';
import { useLaunchGame } from '../games/GameLauncher';
import '../games/games.css';

/** Game tiles; a click launches the game (spec 4.6: guests log in, trial players are told why not). */
export function GameGrid({ games, testId }: { games: GameItem[]; testId?: string }) {
  const { t } = useTranslation();
  const launch = useLaunchGame();
  return (
    <ul className="game-grid" data-testid={testId}>
      {games.map((g) => (
        <li key={`${g.vassalage}-${g.gameCode}`}>
          <button
            type="button"
            className="game-tile"
            data-game={g.gameCode}
            aria-disabled={g.status === 'maintenance' || undefined}
            onClick={() =>
              launch({
                vassalage: g.vassalage,
                gameCode: g.gameCode,
                gameType: g.gameType,
                isGame: g.isGame,
                gameName: g.gameName,
              })
            }
          >
            <img src={g.imageUrl} alt="" width={240} height={240} loading="lazy" />
            <span className="game-tile-play">
              {g.status === 'maintenance' ? t('games.maintenance') : t('home.play')}
            </span>
            <span className="game-tile-name">{g.gameName}</span>
            <span className="game-tile-vendor">
              {g.vassalage}
              {g.rtp && <span className="game-tile-rtp"> · RTP {g.rtp}%</span>}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
