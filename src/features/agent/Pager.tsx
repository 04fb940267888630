import { useTranslation } from 'react-i18next';

/** Previous and next over the pages of an agent centre list; nothing when everything fits one page. */
export function Pager(props: { page: number; pages: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  if (props.pages <= 1) return null;
  return (
    <nav className="pager" aria-label={t('agent.downline.pages')}>
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        disabled={props.page <= 1}
        onClick={() => props.onPage(props.page - 1)}
      >
        {t('agent.downline.previous')}
      </button>
      <span>{t('agent.downline.page_of', { page: props.page, pages: props.pages })}</span>
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        disabled={props.page >= props.pages}
        onClick={() => props.onPage(props.page + 1)}
      >
        {t('agent.downline.next')}
      </button>
    </nav>
  );
}
