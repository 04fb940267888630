import { useTranslation } from 'react-i18next';
import type { GameItem } from '../../api/contract/games';
import { useAccountModal } from '../account/AccountModalContext';
import { useSession } from '../session/session';

/** Game tiles; guests who pick one are asked to log in (spec 4.6), the launch itself comes with the games issue. */
export function GameGrid({ games, testId }: { games: GameItem[]; testId?: string }) {
  const { t } = useTranslation();
  const session = useSession();
  const account = useAccountModal();
  return (
    <ul className="game-grid" data-testid={testId}>
      {games.map((g) => (
        <li key={`${g.vassalage}-${g.gameCode}`}>
          <button
            type="button"
            className="game-tile"
            onClick={() => session.kind === 'guest' && account.open('login')}
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
