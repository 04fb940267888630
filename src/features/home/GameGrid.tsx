import { useTranslation } from 'react-i18next';
import type { GameItem } from '../../api/contract/games';
import { formatPercentText } from '../../ui/format';
import { useFavourites } from '../games/favourites';
import { useLaunchGame } from '../games/GameLauncher';
import { useVendorName } from '../games/useGameMenus';
import '../games/games.css';

/** Game tiles; a click launches the game (spec 4.6: guests log in, trial players are told why not). */
export function GameGrid({ games, testId }: { games: GameItem[]; testId?: string }) {
  const { t } = useTranslation();
  const launch = useLaunchGame();
  const favourites = useFavourites();
  const vendorName = useVendorName();
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
              {vendorName(g.vassalage)}
              {g.rtp && (
                <span className="game-tile-rtp"> · {t('games.rtp', { rtp: formatPercentText(g.rtp) })}</span>
              )}
            </span>
          </button>
          {favourites.enabled && (
            <button
              type="button"
              className={`fav-toggle${favourites.ids.has(g.nodeId) ? ' is-on' : ''}`}
              aria-pressed={favourites.ids.has(g.nodeId)}
              aria-label={t('games.favourite', { game: g.gameName })}
              data-testid="favourite-toggle"
              onClick={() => void favourites.toggle(g.nodeId).catch(() => {})}
            >
              <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                <path d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.8 4.5c2.1 0 3.7 1.2 5.2 3 1.5-1.8 3.1-3 5.2-3 3.8 0 5.9 3.9 4.4 7.3C19.5 16.4 12 21 12 21z" />
              </svg>
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
