import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import type { BonusList, BonusView } from '../../api/contract/promotions';
import { errorKey } from '../../api/errors';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { formatAmount, formatDateTime } from '../../ui/format';
import { BonusProgress } from '../promotions/BonusProgress';
import { useMemberEvents } from '../session/member-events';
import '../promotions/promotions.css';

/**
 * Bonus details' bonuses: each with its terms, its wagering counted now (read again as bets settle and
 * rewards change) and its expiry; the active one can be forfeited, after a confirmation.
 */
export function BonusSection() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [list, setList] = useState<BonusList | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const load = useCallback(() => {
    call('bonusDetails').then(setList, (e: { code?: string }) => setError(e.code ?? 'UNKNOWN'));
  }, []);
  useEffect(() => load(), [load]);
  // A settled bet moves the balance: the progress is counted again.
  useMemberEvents((event) => {
    if (event.type === 'balance' || event.type === 'rewards' || event.type === 'resync') load();
  });
  const forfeit = async (bonus: BonusView) => {
    setBusy(true);
    setError(null);
    try {
      setList(await call('forfeitBonus', { body: { bonusId: bonus.id } }));
      setConfirming(false);
    } catch (e) {
      setError((e as { code?: string }).code ?? 'UNKNOWN');
    } finally {
      setBusy(false);
    }
  };
  if (!list) return error ? <ErrorNotice code={error} /> : null;
  const money = (minor: number) => `${formatAmount(minor, lang)} ${list.currency}`;
  return (
    <section className="bonus-section" data-testid="bonus-section">
      <h3 className="section-title">{t('bonus.title')}</h3>
      {list.bonuses.length === 0 ? (
        <p className="muted">{t('bonus.none')}</p>
      ) : (
        <ul className="bonus-list">
          {list.bonuses.map((b) => (
            <li key={b.id} className="bonus-item" data-testid={`bonus-${b.status}`}>
              <div className="bonus-item-head">
                <h3>{b.title || t('bonus.untitled')}</h3>
                <span
                  className={`promo-status promo-status-${b.status === 'active' ? 'joined' : b.status === 'completed' ? 'claimed' : 'close'}`}
                >
                  {t(`bonus.status.${b.status}`)}
                </span>
              </div>
              <dl>
                <div>
                  <dt>{t('bonus.amount')}</dt>
                  <dd>{money(b.amount)}</dd>
                </div>
                {b.status === 'active' && (
                  <div>
                    <dt>{t('bonus.balance')}</dt>
                    <dd data-testid="bonus-balance">{money(b.balance)}</dd>
                  </div>
                )}
                <div>
                  <dt>{t('bonus.requirement')}</dt>
                  <dd>{money(b.requirement)}</dd>
                </div>
                <div>
                  <dt>{t('bonus.granted')}</dt>
                  <dd>{formatDateTime(b.grantedAt, lang)}</dd>
                </div>
                {b.converted !== null && (
                  <div>
                    <dt>{t('bonus.converted')}</dt>
                    <dd>{money(b.converted)}</dd>
                  </div>
                )}
                {b.closedAt !== null && (
                  <div>
                    <dt>{t('bonus.closed')}</dt>
                    <dd>{formatDateTime(b.closedAt, lang)}</dd>
                  </div>
                )}
              </dl>
              {b.status === 'active' && (
                <>
                  <BonusProgress bonus={b} currency={list.currency} />
                  {b.counted >= b.requirement && <p className="promo-note">{t('bonus.met')}</p>}
                  {confirming ? (
                    <div className="dialog-actions">
                      <p className="promo-note">{t('bonus.forfeit_confirm', { amount: money(b.balance) })}</p>
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm"
                        onClick={() => setConfirming(false)}
                      >
                        {t('bonus.keep')}
                      </button>
                      <button
                        type="button"
                        className="btn btn-primary btn-sm bonus-forfeit-confirm"
                        disabled={busy}
                        data-testid="bonus-forfeit-confirm"
                        onClick={() => forfeit(b)}
                      >
                        {t('bonus.forfeit')}
                      </button>
                    </div>
                  ) : (
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm"
                      data-testid="bonus-forfeit"
                      onClick={() => setConfirming(true)}
                    >
                      {t('bonus.forfeit')}
                    </button>
                  )}
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p className="form-error" role="alert">
          {t(errorKey(error))}
        </p>
      )}
    </section>
  );
}
