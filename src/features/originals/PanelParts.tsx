import { useTranslation } from 'react-i18next';
import { errorKey } from '../../api/errors';
import type { AutoStats, StopReason } from '../../machines/originals-bet.machine';
import { formatAmount } from '../../ui/format';
import { useSession } from '../session/session';

/** Manual or auto, locked while a bet, a game or auto-bet is in play. */
export function ModeSwitch({
  mode,
  onChange,
  locked,
}: {
  mode: 'manual' | 'auto';
  onChange: (mode: 'manual' | 'auto') => void;
  locked: boolean;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="og-segment og-modes" aria-label={t('originals.mode')}>
      <button
        type="button"
        aria-pressed={mode === 'manual'}
        disabled={locked}
        onClick={() => onChange('manual')}
      >
        {t('originals.manual')}
      </button>
      <button
        type="button"
        aria-pressed={mode === 'auto'}
        disabled={locked}
        data-testid="og-mode-auto"
        onClick={() => onChange('auto')}
      >
        {t('originals.auto.title')}
      </button>
    </fieldset>
  );
}

/**
 * What the panel says under the button: auto-bet's progress while it runs and why it stopped, the last
 * refusal in the player's language, and the balance.
 */
export function PanelReport({
  running,
  stats,
  stopReason,
  errorCode,
  errorMessage,
  balance,
  currency,
}: {
  running: boolean;
  stats: AutoStats;
  stopReason: StopReason | null;
  errorCode: string | null;
  errorMessage: string | null;
  balance: number | null;
  currency: string;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const tally = { bets: stats.bets, profit: formatAmount(stats.profit, lang), currency };
  // A trial account plays with trial money, and its balance says so.
  const trial = useSession().kind === 'trial';
  return (
    <>
      {running && (
        <p className="og-auto-status" role="status" data-testid="og-auto-status">
          {t('originals.auto.progress', tally)}
        </p>
      )}
      {!running && stopReason && (
        <p
          className={stopReason === 'error' ? 'form-error' : 'form-note'}
          role="status"
          data-testid="og-auto-stopped"
        >
          {t(`originals.auto.stopped_${stopReason}`, tally)}
        </p>
      )}
      {errorCode && (
        <p className="form-error" role="alert" data-testid="og-error">
          {errorMessage || t(errorKey(errorCode))}
        </p>
      )}
      {balance !== null && (
        <p className="muted og-balance">
          {trial ? t('member.trial_balance') : t('originals.balance')}:{' '}
          <strong data-testid="og-balance">{formatAmount(balance, lang)}</strong> {currency}
        </p>
      )}
    </>
  );
}
