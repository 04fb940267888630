import { useTranslation } from 'react-i18next';
import type { LoadErrorType } from './lazyScreen';

export function LoadError({ type }: { type: LoadErrorType }) {
  const { t } = useTranslation();
  return (
    <div className="page state-page" role="alert" data-testid="load-error" data-type={type}>
      <div className="state-card card">
        <div className="state-emoji" aria-hidden="true">
          ⚠
        </div>
        <h1>{t('load_error.title')}</h1>
        <p>{t(`load_error.${type}`)}</p>
        <p className="state-code">
          {t('load_error.code')}: <code>{type}</code>
        </p>
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {t('load_error.reload')}
        </button>
      </div>
    </div>
  );
}
