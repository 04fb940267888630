import { useTranslation } from 'react-i18next';
import type { SectionKey } from '../../api/contract/common';
import { CategoryIcon } from '../../ui/icons';
import { usePageTitle } from '../common/usePageTitle';
import { useRealAccountGuard } from '../session/guards';
import { useGameMenus } from './useGameMenus';

/** A game category: its vendors in server order. Picking one needs an account (spec 4.6). */
export default function GameCategoryPage({ section }: { section: SectionKey }) {
  const { t } = useTranslation();
  usePageTitle(section);
  const menus = useGameMenus();
  const guard = useRealAccountGuard();
  const vendors = menus?.find((m) => m.gameType === section)?.vendors ?? [];
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
      ) : (
        <ul className="vendor-grid">
          {vendors.map((v) => (
            <li key={v.vassalage}>
              <button
                type="button"
                className="vendor-card card"
                disabled={v.status === 'maintenance'}
                onClick={() => guard()}
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
