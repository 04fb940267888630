import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { usePageTitle } from './usePageTitle';

export default function NotFound() {
  const { t } = useTranslation();
  usePageTitle('NOT_FOUND');
  return (
    <div className="page state-page" data-testid="not-found">
      <div className="state-card card">
        <div className="state-big">404</div>
        <h1>{t('not_found.title')}</h1>
        <p>{t('not_found.text')}</p>
        <Link to="/" className="btn btn-primary">
          {t('not_found.back_home')}
        </Link>
      </div>
    </div>
  );
}
