import { useTranslation } from 'react-i18next';
import type { GameItem } from '../../api/contract/games';
import { useRealAccountGuard } from '../session/guards';

/** Game tiles; picking one needs a real account (spec 4.6). */
export function GameGrid({ games, testId }: { games: GameItem[]; testId?: string }) {
  const { t } = useTranslation();
  const guard = useRealAccountGuard();
  return (
    <ul className="game-grid" data-testid={testId}>
      {games.map((g) => (
        <li key={`${g.vassalage}-${g.gameCode}`}>
          <button
            type="button"
            className="game-tile"
            // Launching games comes with the games issue; until then members simply stay here.
            onClick={() => guard()}
          >
            <img src={g.imageUrl} alt="" width={240} height={240} loading="lazy" />
            <span className="game-tile-play">{t('home.play')}</span>
            <span className="game-tile-name">{g.gameName}</span>
            <span className="game-tile-vendor">{g.vassalage}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
