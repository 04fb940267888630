import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import type { LotteryGame, LotteryLine } from '../../api/contract/lottery';
import { errorKey } from '../../api/errors';
import { useRemote } from '../../api/useRemote';
import { formatAmount, formatDateTime } from '../../ui/format';
import { selectionText } from './SlipPanel';

/** The member's lines of this game: status, stake and winnings; a line on a draw still open can be cancelled. */
export function MyLines({
  game,
  refresh,
  currency,
  now,
  openDraws,
}: {
  game: LotteryGame;
  refresh: string;
  currency: string;
  now: number;
  openDraws: Map<string, number>;
}) {
  const { t, i18n } = useTranslation();
  const [version, setVersion] = useState(0);
  const lines = useRemote(`${game.code}:${refresh}:${version}`, () =>
    call('myLotteryLines', { query: { game: game.code, limit: 50 } }),
  );
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (lines.status !== 'ready')
    return <div className="spinner" role="status" aria-label={t('lottery.loading')} />;
  if (lines.data.lines.length === 0) return <p className="muted">{t('lottery.noLines')}</p>;
  const money = (v: number) => `${formatAmount(v, i18n.language)} ${currency}`;
  const cancellable = (l: LotteryLine) => l.status === 'placed' && (openDraws.get(l.draw) ?? 0) > now;
  const cancel = async (ids: number[]) => {
    setBusy(true);
    setError(null);
    try {
      await call('cancelLines', { body: { ids } });
      setVersion((v) => v + 1);
    } catch (e) {
      const code = (e as { code?: string }).code ?? 'UNKNOWN';
      setError((e as { message?: string }).message ?? t(errorKey(code)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="lt-my" data-testid="lt-my">
      {error && (
        <p className="lt-error" role="alert">
          {error}
        </p>
      )}
      <table className="stack-table lt-my-table">
        <thead>
          <tr>
            <th scope="col">{t('lottery.draw')}</th>
            <th scope="col">{t('lottery.betType')}</th>
            <th scope="col">{t('lottery.stake')}</th>
            <th scope="col">{t('lottery.status')}</th>
            <th scope="col">{t('lottery.payout')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('lottery.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.data.lines.map((l) => (
            <tr key={l.id} data-line={l.id} data-status={l.status}>
              <td data-label={t('lottery.draw')}>
                {l.draw}
                <small className="muted"> {formatDateTime(l.createdAt)}</small>
              </td>
              <td data-label={t('lottery.betType')}>
                <strong>{t(`lottery.types.${l.betType}`)}</strong> {selectionText(l.betType, l.selection, t)}
              </td>
              <td data-label={t('lottery.stake')}>{money(l.stake)}</td>
              <td data-label={t('lottery.status')}>
                <span className={`lt-status ${l.status}`}>{t(`lottery.lineStatus.${l.status}`)}</span>
              </td>
              <td data-label={t('lottery.payout')}>{l.payout > 0 ? money(l.payout) : '–'}</td>
              <td>
                {cancellable(l) && (
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    disabled={busy}
                    data-testid="lt-cancel-line"
                    onClick={() => void cancel([l.id])}
                  >
                    {t('lottery.cancel')}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
