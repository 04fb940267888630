import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { call } from '../../api/client';
import type { CashOutQuote, SportsBet } from '../../api/contract/sports';
import { inspectOptions } from '../../machines/inspect';
import type { Attempt } from '../../machines/request-attempt';
import {
  type CashOutRequest,
  type CashOutResult,
  sportsCashOutMachine,
  WHOLE_SHARE,
} from '../../machines/sports-cashout.machine';
import { eventName } from '../../sports/model';
import { formatPrice } from '../../sports/price';
import { formatAmount, formatDateMinute, formatPercent } from '../../ui/format';
import { useSession } from '../session/session';
import { useWhitelabel } from '../site/SiteProvider';
import { marketName, outcomeName } from './labels';
import { useOddsFormat } from './odds-format';
import { usePolled } from './usePolled';

const cashOutActors = {
  quote: fromPromise<CashOutQuote, { betId: number; share: number }>(({ input }) =>
    call('cashOutQuote', { body: input }),
  ),
  // The offer holds 5 s from when it arrived (measured on this device, not against its clock).
  expiry: fromPromise<void, { quote: CashOutQuote }>(
    () => new Promise((resolve) => setTimeout(resolve, 4_500)),
  ),
  cashOut: fromPromise<CashOutResult, Attempt<CashOutRequest>>(({ input }) =>
    call('cashOut', { body: { quoteId: input.request.quoteId, requestId: input.requestId } }),
  ),
};

/** Cash-out of one open bet: the whole of it, or a share chosen on a slider. */
function CashOut({ bet, onDone }: { bet: SportsBet; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const { currency } = useWhitelabel();
  const machine = useMemo(() => sportsCashOutMachine.provide({ actors: cashOutActors }), []);
  const [state, send] = useMachine(machine, { input: { betId: bet.id }, ...inspectOptions() });
  const [partial, setPartial] = useState(false);
  const money = (v: number) => `${formatAmount(v, i18n.language)} ${currency}`;
  const ctx = state.context;
  useEffect(() => {
    if (state.hasTag('done')) onDone();
  }, [state, onDone]);
  if (state.hasTag('idle') || state.hasTag('done')) {
    return (
      <div className="sb-cashout">
        {state.hasTag('done') && ctx.result ? (
          <p className="sb-notice ok" role="status" data-testid="sb-cashout-done">
            {t('sports.cashout.done', { amount: money(ctx.result.amount) })}
          </p>
        ) : null}
        <button
          type="button"
          className="btn btn-primary btn-sm"
          onClick={() => {
            setPartial(false);
            send({ type: 'QUOTE', share: WHOLE_SHARE });
          }}
          data-testid={`sb-cashout-${bet.id}`}
        >
          {t('sports.cashout.whole')}
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => {
            setPartial(true);
            send({ type: 'QUOTE', share: 5_000 });
          }}
          data-testid={`sb-cashout-part-${bet.id}`}
        >
          {t('sports.cashout.partial')}
        </button>
      </div>
    );
  }
  return (
    <div className="sb-cashout open" data-testid={`sb-cashout-panel-${bet.id}`}>
      {partial ? (
        <label className="sb-field">
          <span>
            {t('sports.cashout.share', { percent: formatPercent(ctx.share / 100, i18n.language, 0) })}
          </span>
          <input
            type="range"
            min={1_000}
            max={10_000}
            step={500}
            value={ctx.share}
            onChange={(e) => send({ type: 'SHARE', share: Number(e.target.value) })}
            data-testid="sb-cashout-share"
          />
        </label>
      ) : null}
      {state.hasTag('quoting') ? <p className="muted">{t('sports.cashout.quoting')}</p> : null}
      {state.hasTag('offer') && ctx.quote ? (
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => send({ type: 'CONFIRM' })}
          data-testid="sb-cashout-confirm"
        >
          {t('sports.cashout.confirm', { amount: money(ctx.quote.amount) })}
        </button>
      ) : null}
      {state.hasTag('confirming') ? <p className="muted">{t('sports.slip.placing')}</p> : null}
      {state.hasTag('unavailable') ? (
        <p className="sb-warn" role="alert">
          {t('sports.cashout.unavailable')}{' '}
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => send({ type: 'RETRY' })}>
            {t('sports.cashout.retry')}
          </button>
        </p>
      ) : null}
      {state.hasTag('failed') ? (
        <p className="sb-error" role="alert">
          {ctx.errorMessage}{' '}
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => send({ type: 'RETRY' })}>
            {t('sports.cashout.retry')}
          </button>
        </p>
      ) : null}
      <button type="button" className="btn btn-ghost btn-sm" onClick={() => send({ type: 'CANCEL' })}>
        {t('sports.cashout.cancel')}
      </button>
    </div>
  );
}

function BetCard({ bet, onChanged }: { bet: SportsBet; onChanged: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const format = useOddsFormat();
  const { currency } = useWhitelabel();
  const money = (v: number) => `${formatAmount(v, lang)} ${currency}`;
  const kindText =
    bet.kind === 'single'
      ? t('sports.bet.kind.single')
      : bet.kind === 'accumulator'
        ? t('sports.bet.kind.accumulator', { count: bet.legs.length })
        : t('sports.bet.kind.system', { name: bet.system ?? '' });
  return (
    <article
      className={`card sb-bet ${bet.status}`}
      data-testid={`sb-bet-${bet.id}`}
      data-status={bet.status}
    >
      <header className="sb-bet-head">
        <strong>{kindText}</strong>
        <span className={`sb-status ${bet.status}`} data-testid="sb-bet-status">
          {t(`sports.bet.status.${bet.status}`)}
        </span>
      </header>
      <ol className="sb-bet-legs">
        {bet.legs.map((l) => {
          const teams = { home: l.home, away: l.away };
          return (
            <li key={`${l.marketId}:${l.key}`} className="sb-bet-leg">
              <span>
                <strong>{outcomeName(t, l.spec, l.key, teams, lang)}</strong> @{' '}
                {formatPrice(l.price, format, lang)}
                <br />
                <span className="muted">
                  {marketName(t, l.spec, teams, lang)} · {eventName(l)}
                  {l.score ? ` (${l.score})` : ''}
                </span>
              </span>
              {l.result ? (
                <span className={`sb-leg-result ${l.result}`}>{t(`sports.bet.legResult.${l.result}`)}</span>
              ) : null}
            </li>
          );
        })}
      </ol>
      <dl className="sb-bet-figures">
        <div>
          <dt>{t('sports.bet.stake')}</dt>
          <dd>{money(bet.stake)}</dd>
        </div>
        {bet.status === 'open' || bet.status === 'pending' ? (
          <div>
            <dt>{t('sports.bet.potential')}</dt>
            <dd data-testid="sb-bet-potential">{money(bet.potentialPayout)}</dd>
          </div>
        ) : null}
        {bet.payout > 0 ? (
          <div>
            <dt>{t('sports.bet.payout')}</dt>
            <dd data-testid="sb-bet-payout">{money(bet.payout)}</dd>
          </div>
        ) : null}
        {bet.cashedOut > 0 ? (
          <div>
            <dt>{t('sports.bet.cashedOut')}</dt>
            <dd data-testid="sb-bet-cashed">{money(bet.cashedOut)}</dd>
          </div>
        ) : null}
      </dl>
      <p className="muted sb-bet-ref">
        {t('sports.bet.reference', { id: bet.id })} ·{' '}
        {t('sports.bet.placedAt', { time: formatDateMinute(bet.createdAt, lang) })}
      </p>
      {bet.status === 'open' && bet.kind !== 'system' ? <CashOut bet={bet} onDone={onChanged} /> : null}
    </article>
  );
}

/** "Minhas apostas": open bets (with cash-out) and settled ones, newest first. */
export function MyBets() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const [tab, setTab] = useState<'open' | 'settled'>('open');
  const { data, error, refresh } = usePolled(
    `my-bets:${tab}:${i18n.language}:${session.kind}`,
    () =>
      session.kind === 'guest'
        ? Promise.resolve({ bets: [] as SportsBet[] })
        : call('mySportsBets', { query: { status: tab } }),
    10_000,
  );
  if (session.kind === 'guest') return <p className="muted">{t('sports.slip.needLogin')}</p>;
  return (
    <section className="sb-my-bets" data-testid="sb-my-bets">
      <div className="sb-tabs" role="tablist">
        {(['open', 'settled'] as const).map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={tab === k}
            className={`sb-tab${tab === k ? ' on' : ''}`}
            onClick={() => setTab(k)}
            data-testid={`sb-bets-${k}`}
          >
            {t(k === 'open' ? 'sports.bet.openTab' : 'sports.bet.settledTab')}
          </button>
        ))}
      </div>
      {!data ? (
        error ? (
          <p className="sb-error">{error.message}</p>
        ) : (
          <div className="spinner" role="status" aria-label={t('sports.loading')} />
        )
      ) : data.bets.length === 0 ? (
        <p className="muted">{t('sports.bet.none')}</p>
      ) : (
        <div className="sb-grid">
          {data.bets.map((b) => (
            <BetCard key={b.id} bet={b} onChanged={() => void refresh()} />
          ))}
        </div>
      )}
    </section>
  );
}
