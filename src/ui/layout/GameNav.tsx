import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useNavigate } from 'react-router-dom';
import { useLaunchGame } from '../../features/games/GameLauncher';
import { buildNavigation, type NavEntry } from '../../features/games/navigation';
import { useGameMenus } from '../../features/games/useGameMenus';
import { useOpenCustomerService } from '../../features/site/customerService';

function VendorDropMenu({ entry }: { entry: NavEntry }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const launch = useLaunchGame();
  if (entry.vendors.length === 0) return null;
  return (
    <div className="nav-drop" role="menu" data-testid={`nav-drop-${entry.key}`}>
      <div className="nav-drop-inner">
        {entry.vendors.map((v) => (
          <button
            type="button"
            role="menuitem"
            key={v.vassalage}
            className="nav-drop-item"
            onClick={() =>
              v.playable
                ? launch({
                    vassalage: v.vassalage,
                    gameType: v.gameType,
                    isGame: v.isGame,
                    gameName: v.accountTypeName,
                  })
                : entry.to && navigate(entry.to)
            }
          >
            <img src={v.iconUrl} alt="" width={96} height={38} loading="lazy" />
            <span>{v.accountTypeName}</span>
            {v.status === 'maintenance' && <em className="tag">{t('games.maintenance')}</em>}
          </button>
        ))}
      </div>
    </div>
  );
}

export function GameNav() {
  const { t } = useTranslation();
  const menus = useGameMenus();
  const openService = useOpenCustomerService();
  const entries = useMemo(() => (menus ? buildNavigation(menus) : null), [menus]);

  if (!entries) return <nav className="game-nav" aria-busy="true" />;
  return (
    <nav className="game-nav" aria-label={t('nav.label')} data-testid="game-nav">
      <ul>
        {entries.map((entry) => (
          <li key={entry.key} className="game-nav-item">
            {entry.external ? (
              <button type="button" className="game-nav-link" onClick={() => openService()}>
                {t(`nav.${entry.key}`)}
              </button>
            ) : entry.to ? (
              <NavLink to={entry.to} end={entry.to === '/'} className="game-nav-link">
                {t(`nav.${entry.key}`)}
              </NavLink>
            ) : (
              // Spec 2.2: sports without the FB vendor is shown but does nothing.
              <button type="button" className="game-nav-link" aria-disabled="true">
                {t(`nav.${entry.key}`)}
              </button>
            )}
            <VendorDropMenu entry={entry} />
          </li>
        ))}
      </ul>
    </nav>
  );
}
