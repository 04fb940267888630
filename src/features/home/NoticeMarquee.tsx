import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Announcement } from '../../api/contract/content';
import { SpeakerIcon } from '../../ui/icons';
import { Modal } from '../../ui/Modal';
import { AnnouncementList } from './AnnouncementList';

/** A notice's text without its markup, for the one-line bar (the popup shows the HTML itself). */
export function plainText(html: string): string {
  if (!html.includes('<') && !html.includes('&')) return html;
  const text = new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
  return text.replace(/\s+/g, ' ').trim();
}

/** The scrolling notice bar; a click opens the notice popup at that notice. */
export function NoticeMarquee({ notices }: { notices: Announcement[] }) {
  const { t } = useTranslation();
  const [openAt, setOpenAt] = useState<number | null>(null);
  if (notices.length === 0) return null;
  return (
    <section className="marquee card" aria-label={t('home.notices')} data-testid="notice-marquee">
      <span className="marquee-icon">
        <SpeakerIcon size={18} />
      </span>
      <div className="marquee-viewport">
        <div className="marquee-track" style={{ animationDuration: `${Math.max(20, notices.length * 12)}s` }}>
          {[0, 1].map((copy) =>
            notices.map((n, i) => (
              <button
                key={`${copy}-${n.id}`}
                type="button"
                className="marquee-item"
                aria-hidden={copy === 1}
                tabIndex={copy === 1 ? -1 : 0}
                onClick={() => setOpenAt(i)}
              >
                <strong>{n.title}</strong> {plainText(n.content)}
              </button>
            )),
          )}
        </div>
      </div>
      {openAt !== null && (
        <Modal title={t('popups.notice_title')} onClose={() => setOpenAt(null)} testId="notice-popup">
          <AnnouncementList
            items={notices}
            openIndex={openAt}
            onToggle={(i) => setOpenAt(i === openAt ? -1 : i)}
          />
        </Modal>
      )}
    </section>
  );
}
