import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { inspectOptions } from '../../machines/inspect';
import { jackpotMachine } from '../../machines/jackpot.machine';
import { formatWhole } from '../../ui/format';

/** The cosmetic jackpot figure over the banners (spec 1, 9); it pauses while the tab is hidden. */
export function JackpotTicker() {
  const { t, i18n } = useTranslation();
  const actor = useActorRef(jackpotMachine, { input: { random: Math.random }, ...inspectOptions() });
  const amount = useSelector(actor, (s) => s.context.amount);
  useEffect(() => {
    const onVisibility = () => actor.send({ type: document.hidden ? 'PAUSE' : 'RESUME' });
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [actor]);
  return (
    <div className="jackpot" data-testid="jackpot">
      <span className="jackpot-label">{t('home.jackpot')}</span>
      <span className="jackpot-amount" aria-live="off">
        {formatWhole(amount, i18n.language)}
      </span>
    </div>
  );
}
