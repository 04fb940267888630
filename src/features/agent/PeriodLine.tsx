import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

/** "From … to …" of a report, in the brand's calendar days. */
export function PeriodLine({ from, to }: { from: string; to: string }) {
  const { t } = useTranslation();
  return (
    <p className="muted agent-period">
      {t('agent.period', { from: dayjs(from).format('DD/MM/YYYY'), to: dayjs(to).format('DD/MM/YYYY') })}
    </p>
  );
}
