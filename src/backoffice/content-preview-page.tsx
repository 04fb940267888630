import '../features/home/home.css';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { HelpSectionView } from '../features/help/HelpPage';
import { AnnouncementList } from '../features/home/AnnouncementList';
import { BannerCarousel } from '../features/home/BannerCarousel';
import { NoticeMarquee } from '../features/home/NoticeMarquee';
import { switchLanguage } from '../i18n';
import { formatDateTime } from '../ui/format';
import { Modal } from '../ui/Modal';
import { SafeHtml } from '../ui/SafeHtml';
import './content-preview.css';
import { fromSameSite, type PreviewItem, type ToPreview } from './preview-protocol';

/** Drafts the site shows in a popup over the page: the frame keeps a popup's height. */
const overlays = (item: PreviewItem) =>
  (item.type === 'banner' && item.group !== 'w_home') ||
  (item.type === 'announcement' && item.kind === 'popup');

const post = (message: object) => window.parent.postMessage(message, window.location.origin);

/** The account popup's title per banner group (w_forget shows in the login popup's forgotten password). */
const GROUP_TITLE = {
  w_login: 'titles.LOGIN',
  w_register: 'titles.REGISTER',
  w_forget: 'titles.LOGIN',
} as const;

function Preview({ item }: { item: PreviewItem }) {
  const { t } = useTranslation();
  if (item.type === 'banner') {
    if (item.group === 'w_home')
      return (
        <div className="home">
          <BannerCarousel banners={[item.banner]} />
        </div>
      );
    const { banner } = item;
    return (
      <Modal title={t(GROUP_TITLE[item.group])} onClose={() => {}} testId="preview-account-banner">
        <div className="account-modal">
          <div className="account-banner" style={{ backgroundImage: `url(${banner.url})` }}>
            <strong>{banner.title}</strong>
            {banner.subtitle && <span>{banner.subtitle}</span>}
          </div>
        </div>
      </Modal>
    );
  }
  if (item.type === 'page')
    return (
      <div className="page help-page">
        <div className="help-sections">
          <HelpSectionView section={item.section} />
        </div>
      </div>
    );
  const { announcement, promotion } = item;
  switch (item.kind) {
    case 'notice':
      return (
        <div className="page home-body">
          <NoticeMarquee notices={[announcement]} />
          <div className="card">
            <AnnouncementList items={[announcement]} openIndex={0} onToggle={() => {}} />
          </div>
        </div>
      );
    case 'popup':
      return (
        <Modal title={t('popups.title')} onClose={() => {}} testId="preview-popup" wide>
          <AnnouncementList items={[announcement]} openIndex={0} onToggle={() => {}} />
        </Modal>
      );
    case 'promotion':
      return (
        <div className="page">
          <div className="promo-list">
            <article className="promo-item card is-open">
              {promotion?.announcementImages[0] && (
                <img src={promotion.announcementImages[0].url} alt="" width={600} height={300} />
              )}
              <div className="promo-item-body">
                <h2>{announcement.title}</h2>
                <time className="muted">{formatDateTime(announcement.startDateStr)}</time>
                <SafeHtml className="promo-item-content" html={announcement.content} />
              </div>
            </article>
          </div>
        </div>
      );
    default:
      return (
        <div className="page">
          <div className="card">
            <AnnouncementList items={[announcement]} openIndex={0} onToggle={() => {}} />
          </div>
        </div>
      );
  }
}

/**
 * The back office's preview frame (/backoffice/preview): shows the draft the back office sends it with the
 * site's own components and styles, in the language asked, and tells the back office how tall it is. It
 * listens only to the window that framed it, on this site.
 */
export default function ContentPreviewPage() {
  const [shown, setShown] = useState<ToPreview | null>(null);
  const { i18n } = useTranslation();

  useEffect(() => {
    const onMessage = (event: MessageEvent<ToPreview>) => {
      if (!fromSameSite(event, window.parent === window ? null : window.parent)) return;
      if (event.data?.source !== 'aurora-backoffice' || event.data.type !== 'show') return;
      const message = event.data;
      const apply = () => setShown(message);
      if (message.lang !== i18n.language) void switchLanguage(message.lang).then(apply, apply);
      else apply();
    };
    window.addEventListener('message', onMessage);
    post({ source: 'aurora-preview', type: 'ready' });
    return () => window.removeEventListener('message', onMessage);
  }, [i18n]);

  useEffect(() => {
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() =>
      post({ source: 'aurora-preview', type: 'size', height: document.documentElement.scrollHeight }),
    );
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  return (
    <MemoryRouter>
      <main
        className={`bo-preview-page${shown?.item && overlays(shown.item) ? ' is-popup' : ''}`}
        data-testid="preview-page"
      >
        {shown?.item && <Preview item={shown.item} />}
      </main>
    </MemoryRouter>
  );
}
