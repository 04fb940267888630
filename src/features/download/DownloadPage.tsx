import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../common/usePageTitle';
import { useWhitelabel } from '../site/SiteProvider';

/**
 * App downloads with install guides, for the apps the brand has published (its site resources) and no
 * others: a card for an app that does not exist was a dead link, so a brand with none says so.
 */
export default function DownloadPage() {
  const { t } = useTranslation();
  usePageTitle('DOWNLOAD');
  const { resources, siteName } = useWhitelabel();
  const apps = (
    [
      { key: 'ios', resource: resources.find((r) => r.resourceType === 'MOBILECONFIG') },
      { key: 'android', resource: resources.find((r) => r.resourceType === 'Android') },
    ] as const
  ).filter((app) => app.resource?.url);
  if (apps.length === 0) {
    return (
      <div className="page download-page" data-testid="download-page">
        <h1 className="page-title">{t('download.none_title', { site: siteName })}</h1>
        <section className="card download-none" data-testid="download-none">
          <p>{t('download.none_text', { site: siteName })}</p>
        </section>
      </div>
    );
  }
  return (
    <div className="page download-page" data-testid="download-page">
      <h1 className="page-title">{t('download.title', { site: siteName })}</h1>
      <div className="download-grid">
        {apps.map(({ key, resource }) => (
          <section key={key} className="card download-card" data-testid={`download-${key}`}>
            <h2>{t(`side.${key}`)}</h2>
            <img
              src={`/api/qr.svg?text=${encodeURIComponent(resource!.url)}`}
              alt=""
              width={180}
              height={180}
            />
            <a className="btn btn-primary" href={resource!.url}>
              {t('download.get')}
            </a>
            <ol>
              {[1, 2, 3].map((n) => (
                <li key={n}>{t(`download.${key}_step${n}`)}</li>
              ))}
            </ol>
          </section>
        ))}
      </div>
    </div>
  );
}
