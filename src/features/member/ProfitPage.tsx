import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { formatAmount, formatDayMonth } from '../../ui/format';
import { ScrollRegion } from '../../ui/ScrollRegion';
import { LOOKBACK, type Lookback, lookbackStart } from './BettingRecordPage';

type Profit = Awaited<ReturnType<typeof call<'personalProfit'>>>;

/** Personal profit and loss (personalProfit): totals, per category and per day, over a look-back period. */
export default function ProfitPage() {
  const { t, i18n } = useTranslation();
  const [preset, setPreset] = useState<Lookback>('prev7');
  const [data, setData] = useState<Profit | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setError(null);
    call('personalProfit', {
      query: { from: lookbackStart(preset), to: Date.now(), tzOffset: dayjs().utcOffset() },
    })
      .then((d) => live && setData(d))
      .catch((e: { code?: string }) => live && setError(e.code ?? 'UNKNOWN'));
    return () => {
      live = false;
    };
  }, [preset]);
  const money = (n: number) => formatAmount(n, i18n.language);
  const peak = Math.max(1, ...(data?.byDay ?? []).map((d) => Math.abs(d.net)));
  return (
    <div className="records-page profit-page" data-testid="profit-page">
      <fieldset className="chips">
        <legend className="visually-hidden">{t('centre.records.columns.time')}</legend>
        {(Object.keys(LOOKBACK) as Lookback[]).map((p) => (
          <button
            key={p}
            type="button"
            className={p === preset ? 'chip is-active' : 'chip'}
            aria-pressed={p === preset}
            onClick={() => setPreset(p)}
          >
            {t(`centre.records.presets.${p}`)}
          </button>
        ))}
      </fieldset>
      {error && <ErrorNotice code={error} />}
      {data && (
        <>
          <dl className="summary-row" data-testid="profit-total">
            <div>
              <dt>{t('centre.bets.rounds')}</dt>
              <dd>{data.total.rounds}</dd>
            </div>
            <div>
              <dt>{t('centre.bets.stake')}</dt>
              <dd>{money(data.total.stake)}</dd>
            </div>
            <div>
              <dt>{t('centre.bets.payout')}</dt>
              <dd>{money(data.total.payout)}</dd>
            </div>
            <div>
              <dt>{t('centre.profit.result')}</dt>
              <dd className={data.total.net < 0 ? 'negative' : 'positive'} data-testid="profit-net">
                {money(data.total.net)}
              </dd>
            </div>
          </dl>
          {data.total.rounds === 0 ? (
            <p className="muted">{t('centre.bets.empty')}</p>
          ) : (
            <>
              <h3 className="sub-title">{t('centre.profit.by_category')}</h3>
              <ScrollRegion className="records-table-wrap" label={t('centre.profit.by_category')}>
                <table className="records-table stack-table" data-testid="profit-categories">
                  <thead>
                    <tr>
                      <th scope="col">{t('centre.bets.category')}</th>
                      <th scope="col" className="num">
                        {t('centre.bets.rounds')}
                      </th>
                      <th scope="col" className="num">
                        {t('centre.bets.validBet')}
                      </th>
                      <th scope="col" className="num">
                        {t('centre.bets.payout')}
                      </th>
                      <th scope="col" className="num">
                        {t('centre.profit.result')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.byCategory.map((c) => (
                      <tr key={c.gameType} data-category={c.gameType}>
                        <td data-label={t('centre.bets.category')}>
                          {t(`titles.${c.gameType}`, { defaultValue: c.gameType })}
                        </td>
                        <td className="num" data-label={t('centre.bets.rounds')}>
                          {c.rounds}
                        </td>
                        <td className="num" data-label={t('centre.bets.validBet')}>
                          {money(c.validBet)}
                        </td>
                        <td className="num" data-label={t('centre.bets.payout')}>
                          {money(c.payout)}
                        </td>
                        <td
                          className={`num ${c.net < 0 ? 'negative' : 'positive'}`}
                          data-label={t('centre.profit.result')}
                        >
                          {money(c.net)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </ScrollRegion>
              <h3 className="sub-title">{t('centre.profit.by_day')}</h3>
              <ul className="day-bars" data-testid="profit-days">
                {data.byDay.map((d) => (
                  <li key={d.day}>
                    <span className="day">{formatDayMonth(d.day)}</span>
                    <span className="bar-track" aria-hidden="true">
                      <span
                        className={`bar ${d.net < 0 ? 'negative' : 'positive'}`}
                        style={{ width: `${Math.max(2, (Math.abs(d.net) / peak) * 100)}%` }}
                      />
                    </span>
                    <span className={`num ${d.net < 0 ? 'negative' : 'positive'}`}>{money(d.net)}</span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </div>
  );
}
