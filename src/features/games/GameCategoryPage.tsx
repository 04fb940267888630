import { useTranslation } from 'react-i18next';
import './games.css';
import type { SectionKey } from '../../api/contract/common';
import { CategoryIcon } from '../../ui/icons';
import { usePageTitle } from '../common/usePageTitle';
import { useLaunchGame } from './GameLauncher';
import { useGameMenus } from './useGameMenus';

/** A game category: its vendors in server order. Picking one needs an account (spec 4.6). */
export default function GameCategoryPage({ section }: { section: SectionKey }) {
  const { t } = useTranslation();
  usePageTitle(section);
  const menus = useGameMenus();
  const launch = useLaunchGame();
  const vendors = menus?.find((m) => m.gameType === section)?.vendors ?? [];
  const playable = vendors.some((v) => v.playable);
  return (
    <div className="page category-page" data-testid="category-page" data-section={section}>
      <div
        className="category-hero card"
        style={{ backgroundImage: `url(/art/banner/${section}-category.svg)` }}
      >
        <span className="category-hero-icon">
          <CategoryIcon section={section} size={34} />
        </span>
        <div>
          <h1 className="page-title">{t(`titles.${section}`)}</h1>
          <p>{t(`games.blurb.${section}`)}</p>
        </div>
      </div>
      <h2 className="section-title">{t('games.vendors_title')}</h2>
      {menus === null ? (
        <div className="skeleton" style={{ height: 180 }} />
      ) : vendors.length === 0 ? (
        <p className="muted">{t('games.empty')}</p>
      ) : !playable ? (
        // Vendors listed for a category whose games arrive later: said plainly, no dead cards.
        <div className="card coming-card" data-testid="category-coming">
          <p>{t('games.category_coming', { category: t(`titles.${section}`) })}</p>
        </div>
      ) : (
        <ul className="vendor-grid">
          {vendors
            .filter((v) => v.playable)
            .map((v) => (
              <li key={v.vassalage}>
                <button
                  type="button"
                  className="vendor-card card"
                  data-vendor={v.vassalage}
                  aria-disabled={v.status === 'maintenance' || undefined}
                  onClick={() =>
                    launch({
                      vassalage: v.vassalage,
                      gameType: v.gameType,
                      isGame: v.isGame,
                      gameName: v.accountTypeName,
                    })
                  }
                >
                  <img src={v.iconUrl} alt="" width={160} height={64} loading="lazy" />
                  <strong>{v.accountTypeName}</strong>
                  <span className="vendor-cta">
                    {v.status === 'maintenance' ? t('games.maintenance') : t('home.play')}
                  </span>
                </button>
              </li>
            ))}
        </ul>
      )}
    </div>
  );
}
