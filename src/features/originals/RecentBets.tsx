import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { call } from '../../api/client';
import type { RecentBet } from '../../api/contract/originals';
import type { OriginalGame } from '../../originals/outcome';
import { formatAmount } from '../../ui/format';
import { formatMultiplier } from './useOriginals';

/** The latest bets: the member's own (refreshed after each bet) or everyone's (every few seconds), masked. */
export function RecentBets({
  game,
  refreshKey,
  signedIn,
}: {
  game?: OriginalGame;
  refreshKey: number;
  signedIn: boolean;
}) {
  const { t, i18n } = useTranslation();
  const [scope, setScope] = useState<'all' | 'mine'>('all');
  const [items, setItems] = useState<RecentBet[] | null>(null);
  const [currency, setCurrency] = useState('');
  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshKey asks for a new list after the member's bet
  useEffect(() => {
    let live = true;
    const load = () =>
      call('originalsRecent', { query: { scope, limit: 15, ...(game ? { game } : {}) } }).then(
        (r) => {
          if (!live) return;
          setItems(r.items);
          setCurrency(r.currency);
        },
        () => {},
      );
    load();
    const timer = scope === 'all' ? setInterval(load, 4_000) : undefined;
    return () => {
      live = false;
      if (timer) clearInterval(timer);
    };
  }, [scope, game, refreshKey]);
  return (
    <section className="og-recent card" aria-labelledby="og-recent-title">
      <div className="og-recent-head">
        <h2 id="og-recent-title" className="section-title">
          {t('originals.recent.title')}
        </h2>
        {signedIn && (
          <fieldset className="og-segment" aria-label={t('originals.recent.title')}>
            <button type="button" aria-pressed={scope === 'all'} onClick={() => setScope('all')}>
              {t('originals.recent.all')}
            </button>
            <button type="button" aria-pressed={scope === 'mine'} onClick={() => setScope('mine')}>
              {t('originals.recent.mine')}
            </button>
          </fieldset>
        )}
      </div>
      {items === null ? (
        <div className="skeleton" style={{ height: 120 }} />
      ) : items.length === 0 ? (
        <p className="muted">{t('originals.recent.empty')}</p>
      ) : (
        <table className="og-table" data-testid="og-recent">
          <thead>
            <tr>
              {!game && <th scope="col">{t('originals.recent.game')}</th>}
              <th scope="col">{t('originals.recent.player')}</th>
              <th scope="col">{t('originals.recent.stake')}</th>
              <th scope="col">{t('originals.recent.multiplier')}</th>
              <th scope="col">{t('originals.recent.payout')}</th>
              {scope === 'mine' && <th scope="col">{t('originals.recent.check')}</th>}
            </tr>
          </thead>
          <tbody>
            {items.map((b) => (
              <tr key={b.id} className={b.payout > b.stake ? 'is-win' : undefined}>
                {!game && <td>{t(`originals.games.${b.game}`)}</td>}
                <td>{b.player}</td>
                <td>
                  {formatAmount(b.stake, i18n.language)} <small>{currency}</small>
                </td>
                <td>{formatMultiplier(b.multiplier)}×</td>
                <td className={b.payout > b.stake ? 'og-win' : 'og-loss'}>
                  {formatAmount(b.payout - b.stake, i18n.language)}
                </td>
                {scope === 'mine' && (
                  <td>
                    <Link to={`/originals/fairness?bet=${b.id}`}>{t('originals.recent.verify')}</Link>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
