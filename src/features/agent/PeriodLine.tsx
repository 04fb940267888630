import { useTranslation } from 'react-i18next';
import { formatDate } from '../../ui/format';

/** "From … to …" of a report, in the brand's calendar days. */
export function PeriodLine({ from, to }: { from: string; to: string }) {
  const { t } = useTranslation();
  return (
    <p className="muted agent-period">{t('agent.period', { from: formatDate(from), to: formatDate(to) })}</p>
  );
}
