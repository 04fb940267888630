import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import './originals.css';
import { ORIGINAL_GAMES } from '../../originals/outcome';
import { formatPercent } from '../../ui/format';
import { usePageTitle } from '../common/usePageTitle';
import { useSession } from '../session/session';
import { RecentBets } from './RecentBets';
import { useOriginalsSettings } from './useOriginals';

/** `/originals`: the in-house games, each with its return, and everyone's latest bets. */
export default function OriginalsLobby() {
  const { t } = useTranslation();
  usePageTitle('INHOUSE');
  const session = useSession();
  const { settings } = useOriginalsSettings();
  return (
    <div className="page og-lobby" data-testid="og-lobby">
      <div
        className="category-hero card"
        style={{ backgroundImage: 'url(/art/banner/INHOUSE-category.svg)' }}
      >
        <div>
          <h1 className="page-title">{t('nav.inhouse')}</h1>
          <p>{t('originals.lobby.blurb')}</p>
          <Link to="/originals/fairness" className="og-lobby-fair">
            {t('originals.lobby.fair')}
          </Link>
        </div>
      </div>
      <ul className="og-tiles">
        {ORIGINAL_GAMES.map((game) => {
          const s = settings?.games.find((g) => g.game === game);
          if (s && !s.enabled) return null;
          return (
            <li key={game}>
              <Link to={`/originals/${game}`} className="og-tile card" data-testid={`og-tile-${game}`}>
                <img src={`/art/game/INHOUSE-${game}.svg`} alt="" width={240} height={240} />
                <span className="og-tile-name">{t(`originals.games.${game}`)}</span>
                <span className="og-tile-line">{t(`originals.lobby.${game}`)}</span>
                {s && <span className="og-tile-rtp">RTP {formatPercent(Number(s.rtp))}</span>}
              </Link>
            </li>
          );
        })}
      </ul>
      <RecentBets refreshKey={0} signedIn={session.kind !== 'guest'} />
    </div>
  );
}
