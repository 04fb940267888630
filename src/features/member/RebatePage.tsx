import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { formatAmount, formatDateTime, percentSign } from '../../ui/format';
import { ScrollRegion } from '../../ui/ScrollRegion';

type Summary = Awaited<ReturnType<typeof call<'rebate'>>>;

const percent = (basisPoints: number, lang: string) =>
  `${(basisPoints / 100).toLocaleString(lang === 'pt' ? 'pt-BR' : 'en-US', { maximumFractionDigits: 2 })}${percentSign(lang)}`;

/** Rebate (manualRebate): what valid bets have earned per category since the last claim, and the claim. */
export default function RebatePage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [data, setData] = useState<Summary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [claiming, setClaiming] = useState(false);
  const [claimed, setClaimed] = useState<number | null>(null);
  const live = useRef(true);

  const load = useCallback(() => {
    call('rebate').then(
      (d) => live.current && setData(d),
      (e: { code?: string }) => live.current && setError(e.code ?? 'UNKNOWN'),
    );
  }, []);
  useEffect(() => {
    live.current = true;
    load();
    return () => {
      live.current = false;
    };
  }, [load]);

  const claim = async () => {
    setClaiming(true);
    setError(null);
    try {
      const out = await call('claimRebate');
      setClaimed(out.amount);
    } catch (e) {
      setError((e as { code?: string }).code ?? 'UNKNOWN');
    } finally {
      setClaiming(false);
      load();
    }
  };

  const money = (n: number) => formatAmount(n, lang);
  return (
    <div className="rebate-page" data-testid="rebate-page">
      <p className="muted">{t('centre.rebate.intro')}</p>
      {error && <ErrorNotice code={error} />}
      {claimed !== null && (
        <p className="notice success" role="status" data-testid="rebate-claimed">
          {t('centre.rebate.claimed', { amount: money(claimed), currency: data?.currency ?? '' })}
        </p>
      )}
      {data && (
        <>
          <ScrollRegion className="records-table-wrap" label={t('centre.pages.manualRebate')}>
            <table className="records-table rebate-table" data-testid="rebate-table">
              <caption className="visually-hidden">{t('centre.pages.manualRebate')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('centre.bets.category')}</th>
                  <th scope="col" className="num">
                    {t('centre.rebate.rate')}
                  </th>
                  <th scope="col" className="num">
                    {t('centre.bets.validBet')}
                  </th>
                  <th scope="col" className="num">
                    {t('centre.rebate.amount')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {Object.entries(data.rates)
                  .filter(([, rate]) => rate > 0)
                  .map(([gameType, rate]) => {
                    const line = data.categories.find((c) => c.gameType === gameType);
                    return (
                      <tr key={gameType} data-category={gameType}>
                        <td>{t(`titles.${gameType}`, { defaultValue: gameType })}</td>
                        <td className="num">{percent(rate, lang)}</td>
                        <td className="num">{money(line?.validBet ?? 0)}</td>
                        <td className="num">{money(line?.amount ?? 0)}</td>
                      </tr>
                    );
                  })}
              </tbody>
            </table>
          </ScrollRegion>
          <div className="rebate-claim card">
            <div>
              <span className="muted">{t('centre.rebate.claimable')}</span>
              <strong data-testid="rebate-amount">
                {money(data.amount)} {data.currency}
              </strong>
              {data.lastClaim && (
                <small className="muted block">
                  {t('centre.rebate.last', {
                    amount: money(data.lastClaim.amount),
                    when: formatDateTime(data.lastClaim.claimedAt),
                  })}
                </small>
              )}
            </div>
            <button
              type="button"
              className="btn btn-accent"
              disabled={claiming || data.amount <= 0}
              onClick={() => void claim()}
              data-testid="rebate-claim"
            >
              {t('centre.rebate.claim')}
            </button>
          </div>
        </>
      )}
    </div>
  );
}
