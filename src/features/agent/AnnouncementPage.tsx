import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { formatDateTime } from '../../ui/format';
import { ChevronDown } from '../../ui/icons';
import { SafeHtml } from '../../ui/SafeHtml';
import { useReport } from './useReport';

/** agentAnnouncement: the operator's notices to its agents, newest first, one open at a time. */
export default function AnnouncementPage() {
  const { t } = useTranslation();
  const { data, error } = useReport('agentNotices', undefined as never);
  const [open, setOpen] = useState<number | null>(null);
  const shown = open ?? data?.[0]?.id ?? null;
  return (
    <div className="agent-report ann-list" data-testid="agent-notices">
      {error && <ErrorNotice code={error} />}
      {data && data.length === 0 && <p className="muted">{t('agent.notices.empty')}</p>}
      <ul>
        {data?.map((item) => {
          const isOpen = shown === item.id;
          return (
            <li key={item.id} className={`ann-item${isOpen ? ' is-open' : ''}`}>
              <button
                type="button"
                className="ann-head"
                aria-expanded={isOpen}
                onClick={() => setOpen(isOpen ? -1 : item.id)}
              >
                <span className="ann-title">{item.title}</span>
                <time className="ann-time" dateTime={new Date(item.startDateStr).toISOString()}>
                  {formatDateTime(item.startDateStr)}
                </time>
                <ChevronDown size={18} className="ann-chevron" />
              </button>
              {isOpen && <SafeHtml className="ann-content" html={item.content} />}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
