import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { SectionKey } from '../../api/contract/common';
import { usePageTitle } from './usePageTitle';

/** A real, styled state for a page whose feature has not been built yet. */
export default function ComingSoon({ section, titleKey }: { section?: SectionKey; titleKey: string }) {
  const { t } = useTranslation();
  usePageTitle(titleKey);
  const art = `/art/promo/${section ?? 'INHOUSE'}-soon.svg`;
  return (
    <div className="page state-page" data-testid="coming-soon" data-title={titleKey}>
      <div className="state-card card coming-soon">
        <img src={art} alt="" className="coming-soon-art" width={600} height={300} />
        <h1 className="page-title">{t(`titles.${titleKey}`)}</h1>
        <p>{t('coming_soon.text')}</p>
        <Link to="/" className="btn btn-primary">
          {t('coming_soon.back_home')}
        </Link>
      </div>
    </div>
  );
}
