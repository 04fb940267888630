import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { call } from '../../api/client';
import { useRemote } from '../../api/useRemote';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { SafeHtml } from '../../ui/SafeHtml';
import { usePageTitle } from '../common/usePageTitle';
import { useOpenCustomerService } from '../site/customerService';

export default function HelpPage() {
  const { t, i18n } = useTranslation();
  usePageTitle('HELP');
  const { hash } = useLocation();
  const lang = i18n.language as 'pt' | 'en';
  const help = useRemote(`help:${lang}`, () => call('helpCenter', { query: { lang, device: 'WEB' } }));
  const openService = useOpenCustomerService();

  useEffect(() => {
    if (help.status === 'ready' && hash)
      document.getElementById(hash.slice(1))?.scrollIntoView({ behavior: 'smooth' });
  }, [help.status, hash]);

  return (
    <div className="page help-page" data-testid="help-page">
      <h1 className="page-title">{t('titles.HELP')}</h1>
      <p className="muted">{t('help.subtitle')}</p>
      {help.status === 'loading' && <div className="skeleton" style={{ height: 320 }} />}
      {help.status === 'error' && <ErrorNotice code={help.error.code} />}
      {help.status === 'ready' && (
        <div className="help-layout">
          <nav className="help-toc card" aria-label={t('help.contents')}>
            <ul>
              {help.data.map((s) => (
                <li key={s.section}>
                  <a href={`#${s.section}`}>{s.title}</a>
                </li>
              ))}
            </ul>
            <button type="button" className="btn btn-primary" onClick={() => openService()}>
              {t('help.contact')}
            </button>
          </nav>
          <div className="help-sections">
            {help.data.map((s) => (
              <section key={s.section} id={s.section} className="help-section card">
                <h2>{s.title}</h2>
                {s.articles.map((a) => (
                  <article key={a.id}>
                    <h3>{a.title}</h3>
                    <SafeHtml html={a.content} />
                  </article>
                ))}
              </section>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
