import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { call, sendForm } from '../../api/client';
import type { PromotionActivity } from '../../api/contract/promotions';
import { errorKey } from '../../api/errors';
import { inspectOptions } from '../../machines/inspect';
import { promotionActivityMachine } from '../../machines/promotion-activity.machine';
import { formatAmount, formatDateTime } from '../../ui/format';
import { useAccountModal } from '../account/AccountModalContext';
import { useSession } from '../session/session';
import { ApplyForm } from './ApplyForm';
import { BonusProgress } from './BonusProgress';
import { promotionTerms } from './promotion-terms';

const machine = promotionActivityMachine.provide({
  actors: {
    act: fromPromise(({ input }) => {
      const body = { promotionId: input.promotionId };
      if (input.action === 'join') return call('joinPromotion', { body });
      if (input.action === 'claim') return call('claimReward', { body });
      if (input.action === 'apply') {
        const form = new FormData();
        form.set('promotionId', String(input.promotionId));
        form.set('remark', input.remark ?? '');
        for (const file of input.files ?? []) form.append('image', file);
        return sendForm<PromotionActivity>('applyPromotion', form);
      }
      return call('signUpRequestReward', { body });
    }),
  },
});

/**
 * A promotion's part the member acts on (its card on the promotions page): its status, the one move it
 * allows, the bonus progress it gave, and its terms always in view.
 */
export function ActivityPanel({
  activity,
  currency,
  onStale,
}: {
  activity: PromotionActivity;
  currency: string;
  /** The list must be read again (the badge, another card). */
  onStale: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const session = useSession();
  const account = useAccountModal();
  const actor = useActorRef(machine, { input: { activity }, ...inspectOptions() });
  const current = useSelector(actor, (s) => s.context.activity);
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  useEffect(() => actor.send({ type: 'UPDATE', activity }), [actor, activity]);
  useEffect(() => {
    const changed = actor.on('changed', onStale);
    const stale = actor.on('stale', onStale);
    return () => {
      changed.unsubscribe();
      stale.unsubscribe();
    };
  }, [actor, onStale]);
  const [applying, setApplying] = useState(false);
  const money = (minor: number) => `${formatAmount(minor, lang)} ${currency}`;
  const guest = session.kind === 'guest';
  const status = current.status;

  const action = (() => {
    if (busy)
      return (
        <button type="button" className="btn btn-primary btn-sm" disabled>
          {t('promotions.action.working')}
        </button>
      );
    if (guest && (status === 'join' || status === 'apply' || status === 'in_process'))
      return (
        <button type="button" className="btn btn-primary btn-sm" onClick={() => account.open('login')}>
          {t('promotions.action.login')}
        </button>
      );
    if (status === 'join')
      return (
        <button
          type="button"
          className="btn btn-primary btn-sm"
          data-testid="promo-join"
          onClick={() => actor.send({ type: 'JOIN' })}
        >
          {t('promotions.action.join')}
        </button>
      );
    if (status === 'apply' && !applying)
      return (
        <button
          type="button"
          className="btn btn-primary btn-sm"
          data-testid="promo-apply"
          onClick={() => setApplying(true)}
        >
          {t('promotions.apply.open')}
        </button>
      );
    if (status === 'claim' && current.rewardAmount !== null)
      return (
        <button
          type="button"
          className="btn btn-primary btn-sm"
          data-testid="promo-claim"
          onClick={() => actor.send({ type: 'CLAIM' })}
        >
          {t('promotions.action.claim', { amount: money(current.rewardAmount) })}
        </button>
      );
    if (status === 'joined' && current.trigger.type === 'signup')
      return (
        <button
          type="button"
          className="btn btn-primary btn-sm"
          data-testid="promo-request-reward"
          onClick={() => actor.send({ type: 'REQUEST_REWARD' })}
        >
          {t('promotions.action.request_reward')}
        </button>
      );
    return null;
  })();

  return (
    <div className="promo-activity" data-testid={`promo-activity-${current.promotionId}`}>
      <div className="promo-activity-head">
        {/* A status the member acts on is said by its button; the others by a label. */}
        {(guest || (status !== 'join' && status !== 'claim' && status !== 'apply')) && (
          <span className={`promo-status promo-status-${status}`} data-testid="promo-status">
            {t(`promotions.status.${status}`)}
          </span>
        )}
        {action}
      </div>
      {status === 'joined' && <p className="muted promo-note">{t('promotions.joined_note')}</p>}
      {status === 'apply' && applying && !guest && (
        <ApplyForm busy={busy} onSubmit={(remark, files) => actor.send({ type: 'APPLY', remark, files })} />
      )}
      {status === 'applying' && <p className="muted promo-note">{t('promotions.apply.applying_note')}</p>}
      {status === 'rejected' && current.decisionNote && (
        <p className="promo-note">{t('promotions.apply.rejected_note', { note: current.decisionNote })}</p>
      )}
      {status === 'claim' && current.claimBy !== null && (
        <p className="muted promo-note">
          {t('promotions.claim_by', { date: formatDateTime(current.claimBy, lang) })}
        </p>
      )}
      {(status === 'issued' || status === 'claimed') && current.rewardAmount !== null && (
        <p className="promo-note">
          {t(status === 'issued' ? 'promotions.issued_note' : 'promotions.claimed_note', {
            amount: money(current.rewardAmount),
          })}
        </p>
      )}
      {current.bonus && current.bonus.status === 'active' && (
        <BonusProgress bonus={current.bonus} currency={currency} />
      )}
      {errorCode && (
        <p className="form-error" role="alert">
          {t(errorKey(errorCode))}
        </p>
      )}
      <details className="promo-terms" open>
        <summary>{t('promotions.terms_title')}</summary>
        <ul>
          {promotionTerms(current, t, lang, currency).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </details>
    </div>
  );
}
