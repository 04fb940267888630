import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { call } from '../../api/client';
import type { HelpSection } from '../../api/contract/content';
import type { CustomerServiceEntry } from '../../api/contract/system';
import { useRemote } from '../../api/useRemote';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { formatDate } from '../../ui/format';
import { ChatIcon, SendIcon } from '../../ui/icons';
import { SafeHtml } from '../../ui/SafeHtml';
import { usePageTitle } from '../common/usePageTitle';
import { useWhitelabel } from '../site/SiteProvider';
import './help.css';

export default function HelpPage() {
  const { t, i18n } = useTranslation();
  usePageTitle('HELP');
  const { hash } = useLocation();
  const lang = i18n.language as 'pt' | 'en';
  const help = useRemote(`help:${lang}`, () => call('helpCenter', { query: { lang, device: 'WEB' } }));

  useEffect(() => {
    if (help.status === 'loading' || !hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target) return;
    target.scrollIntoView({ behavior: 'smooth' });
    return keepInView(target);
  }, [help.status, hash]);

  return (
    <div className="page help-page" data-testid="help-page">
      <h1 className="page-title">{t('titles.HELP')}</h1>
      <p className="muted">{t('help.subtitle')}</p>
      {help.status === 'loading' && <div className="skeleton" style={{ height: 320 }} />}
      {help.status === 'error' && (
        <div className="help-sections">
          <ErrorNotice code={help.error.code} />
          {/* The channels come with the site, not with the articles: they show whatever failed. */}
          <ContactSection />
        </div>
      )}
      {help.status === 'ready' && (
        <div className="help-layout">
          <nav className="help-toc card" aria-label={t('help.contents')}>
            <ul>
              {help.data
                .filter((s) => s.kind === 'help')
                .map((s) => (
                  <li key={s.section}>
                    <a href={`#${s.section}`}>{s.title}</a>
                  </li>
                ))}
            </ul>
            {help.data.some((s) => s.kind === 'legal') && (
              <>
                <h2 className="help-toc-heading">{t('help.legal')}</h2>
                <ul>
                  {help.data
                    .filter((s) => s.kind === 'legal')
                    .map((s) => (
                      <li key={s.section}>
                        <a href={`#${s.section}`}>{s.title}</a>
                      </li>
                    ))}
                </ul>
              </>
            )}
            <a href="#contact" className="btn btn-primary" data-testid="help-contact-link">
              {t('help.contact')}
            </a>
          </nav>
          <div className="help-sections">
            {help.data.map((s) => (
              <HelpSectionView key={s.section} section={s} />
            ))}
            <ContactSection />
          </div>
        </div>
      )}
    </div>
  );
}

/**
 * One page of the help centre as the site shows it (the back office's preview shows the same): its title,
 * its text, and for a legal page the date it last changed.
 */
export function HelpSectionView({ section }: { section: HelpSection }) {
  const { t, i18n } = useTranslation();
  return (
    <section id={section.section} className="help-section card" data-kind={section.kind}>
      <h2>{section.title}</h2>
      <SafeHtml className="help-body" html={section.content} />
      {section.kind === 'legal' && (
        <p className="muted help-updated">
          {t('help.updated', { date: formatDate(section.updatedAt, i18n.language) })}
        </p>
      )}
    </section>
  );
}

/**
 * The page still grows for a moment after the articles arrive (the footer, pictures): a section near the
 * end, such as the contact one, would stop short of the top. Until the visitor scrolls themselves, or
 * two seconds pass, it is brought back into place each time the page grows.
 */
function keepInView(target: HTMLElement) {
  if (typeof ResizeObserver === 'undefined') return undefined;
  const inputs = ['wheel', 'touchstart', 'keydown'] as const;
  let first = true;
  const observer = new ResizeObserver(() => {
    // The first call only reports the size the page has now.
    if (first) first = false;
    else target.scrollIntoView();
  });
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    for (const name of inputs) window.removeEventListener(name, stop);
  };
  const timer = setTimeout(stop, 2000);
  for (const name of inputs) window.addEventListener(name, stop, { passive: true });
  observer.observe(document.body);
  return stop;
}

/** How to reach a person: the brand's customer-service channels, each a link that works, or the honest none. */
function ContactSection() {
  const { t } = useTranslation();
  const { customerService } = useWhitelabel();
  return (
    <section id="contact" className="help-section card" data-testid="help-contact">
      <h2>{t('help.contact_title')}</h2>
      {customerService.length > 0 ? (
        <>
          <p>{t('help.contact_text')}</p>
          <ul className="help-channels">
            {customerService.map((cs) => (
              <li key={cs.id}>
                <ChannelLink channel={cs} />
                <span className="muted">{channelAddress(cs.url)}</span>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p data-testid="help-contact-none">{t('help.contact_none')}</p>
      )}
    </section>
  );
}

/** Where a channel leads, as a person reads it: "t.me/aurora_support", "suporte@aurora.example". */
function channelAddress(url: string) {
  return url.replace(/^(https?:\/\/|mailto:|tel:)/i, '').replace(/\/$/, '');
}

function ChannelLink({ channel }: { channel: CustomerServiceEntry }) {
  const icon = channel.csType === 'TELEGRAM' ? <SendIcon size={18} /> : <ChatIcon size={18} />;
  const body = (
    <>
      {icon} <span>{channel.title}</span>
    </>
  );
  if (channel.url.startsWith('/')) {
    return (
      <Link to={channel.url} className="btn btn-ghost">
        {body}
      </Link>
    );
  }
  const external = /^https?:\/\//i.test(channel.url);
  return (
    <a
      href={channel.url}
      className="btn btn-ghost"
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {body}
    </a>
  );
}
