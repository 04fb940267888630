import { useMachine } from '@xstate/react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { call } from '../../api/client';
import {
  ACCEPT_POLICIES,
  type AcceptPolicy,
  type PlacedSportsSlip,
  type SportsBet,
} from '../../api/contract/sports';
import { inspectOptions } from '../../machines/inspect';
import type { Attempt } from '../../machines/request-attempt';
import {
  kindsFor,
  type SlipContext,
  type SlipInput,
  type SlipKindName,
  type SlipRequest,
  slipTotals,
  sportsSlipMachine,
  systemsFor,
} from '../../machines/sports-slip.machine';
import { eventName } from '../../sports/model';
import { formatPrice } from '../../sports/price';
import { formatAmount } from '../../ui/format';
import { useSession } from '../session/session';
import { useWhitelabel } from '../site/SiteProvider';
import { marketName, outcomeName } from './labels';
import { useOddsFormat } from './odds-format';
import { type SlipSelection as PriceSelection, SlipContext as SlipSelectionContext } from './slip-context';

const ACCEPT_KEY = 'aurora.slipAccept';
const readAccept = (): AcceptPolicy => {
  try {
    const v = localStorage.getItem(ACCEPT_KEY);
    return (ACCEPT_POLICIES as readonly string[]).includes(v ?? '') ? (v as AcceptPolicy) : 'none';
  } catch {
    return 'none';
  }
};

/**
 * The slip is kept on this device (like every sportsbook's): a reload or a new visit finds its legs,
 * kind and stake again; prices are checked again at once by the slip's polling.
 */
const SLIP_KEY = 'aurora.slip';
function readSlip(): SlipInput {
  try {
    const saved = JSON.parse(localStorage.getItem(SLIP_KEY) ?? 'null') as SlipInput | null;
    if (!saved || !Array.isArray(saved.legs)) return {};
    const legs = saved.legs.filter(
      (l) =>
        l &&
        Number.isSafeInteger(l.marketId) &&
        typeof l.key === 'string' &&
        Number.isSafeInteger(l.price) &&
        Number.isSafeInteger(l.fixtureId) &&
        typeof l.spec === 'object',
    );
    return {
      legs,
      kind: saved.kind,
      system: saved.system ?? null,
      stake: Number.isSafeInteger(saved.stake) ? saved.stake : 0,
    };
  } catch {
    return {};
  }
}

function keepSlip(slip: Pick<SlipContext, 'legs' | 'kind' | 'system' | 'stake'>) {
  try {
    const legs = slip.legs.map(({ moved: _moved, offered: _offered, ...leg }) => leg);
    localStorage.setItem(
      SLIP_KEY,
      JSON.stringify({ legs, kind: slip.kind, system: slip.system, stake: slip.stake }),
    );
  } catch {
    // Private mode: the slip lasts for this page.
  }
}

/** Minor units from what the member types ("10", "10,50", "1.000,00"). */
function parseStake(text: string, lang: string): number | null {
  const cleaned = lang === 'pt' ? text.replaceAll('.', '').replace(',', '.') : text.replaceAll(',', '');
  if (!/^\d+(\.\d{0,2})?$/.test(cleaned.trim())) return null;
  return Math.round(Number(cleaned) * 100);
}

/**
 * The bet slip of the book's pages: the slip machine (src/machines/sports-slip.machine.ts) for the whole
 * book, the price buttons' selection through SlipContext, and its drawer (a bar at the bottom on a phone
 * that opens into the slip; a column beside the board on a wide screen).
 */
export function BetSlipProvider({ base, children }: { base: string; children: ReactNode }) {
  const machine = useMemo(
    () =>
      sportsSlipMachine.provide({
        actors: {
          place: fromPromise<PlacedSportsSlip, Attempt<SlipRequest>>(({ input }) =>
            call('placeSportsSlip', { body: { requestId: input.requestId, ...input.request } }),
          ),
          pollBets: fromPromise<SportsBet[], { ids: number[]; acceptsAt: number | null }>(
            async ({ input }) => {
              const wait = Math.max(500, (input.acceptsAt ?? Date.now()) - Date.now() + 300);
              await new Promise((r) => setTimeout(r, Math.min(wait, 15_000)));
              return Promise.all(input.ids.map((id) => call('sportsBet', { query: { id } })));
            },
          ),
        },
      }),
    [],
  );
  const [state, send] = useMachine(machine, {
    input: { ...readSlip(), accept: readAccept() },
    ...inspectOptions(),
  });
  const ctx = state.context;
  useEffect(() => keepSlip(ctx), [ctx]);
  // The slip's prices kept current: every few seconds each leg's fixture is read again and the prices now
  // reach the slip (a moved price is marked; a suspended market shows its legs as not offered).
  const fixtureIds = [...new Set(ctx.legs.map((l) => l.fixtureId))].join(',');
  useEffect(() => {
    if (!fixtureIds) return;
    let live = true;
    const read = async () => {
      const ids = fixtureIds.split(',').map(Number);
      const pages = await Promise.allSettled(ids.map((id) => call('sportsFixture', { query: { id } })));
      if (!live) return;
      const prices = pages.flatMap((p) =>
        p.status === 'fulfilled'
          ? p.value.fixture.markets.flatMap((m) =>
              m.outcomes.map((o) => ({
                marketId: m.id,
                key: o.key,
                price: m.status === 'open' ? o.price : null,
              })),
            )
          : [],
      );
      send({ type: 'PRICES', prices });
    };
    const timer = setInterval(() => void read(), 4_000);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [fixtureIds, send]);
  const selection = useMemo(
    () => ({
      has: (marketId: number, key: string) => ctx.legs.some((l) => l.marketId === marketId && l.key === key),
      toggle: (pick: Parameters<PriceSelection['toggle']>[0]) =>
        send({ type: 'ADD_LEG', leg: { ...pick, sport: pick.sport as SportsBet['legs'][number]['sport'] } }),
    }),
    [ctx.legs, send],
  );
  return (
    <SlipSelectionContext.Provider value={selection}>
      <div className="sb-layout">
        <div className="sb-main">{children}</div>
        <BetSlip state={state} send={send} base={base} />
      </div>
    </SlipSelectionContext.Provider>
  );
}

type SlipState = ReturnType<typeof useMachine<typeof sportsSlipMachine>>[0];
type SlipSend = ReturnType<typeof useMachine<typeof sportsSlipMachine>>[1];

function BetSlip({ state, send, base }: { state: SlipState; send: SlipSend; base: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const format = useOddsFormat();
  const { currency } = useWhitelabel();
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const ctx = state.context;
  const [open, setOpen] = useState(false);
  const [stakeText, setStakeText] = useState(() => (ctx.stake > 0 ? formatAmount(ctx.stake, lang) : ''));
  const count = ctx.legs.length;
  const kinds = kindsFor(ctx.legs);
  const systems = systemsFor(count);
  const totals = slipTotals({ ...ctx, stake: ctx.stake });
  const money = (v: number) => `${formatAmount(v, lang)} ${currency}`;
  const busy = state.hasTag('placing') || state.hasTag('busy');
  /** A leg's price moved since it was picked: placing takes the new prices, and the button says so. */
  const moved = ctx.legs.some((l) => l.moved !== null);

  // A new leg on a phone shows the bar's count; placing or a question opens the drawer.
  useEffect(() => {
    if (state.hasTag('priceChanged') || state.hasTag('pending') || state.hasTag('placed')) setOpen(true);
  }, [state]);

  const stakeLabel =
    ctx.kind === 'singles'
      ? t('sports.slip.stakeEach')
      : ctx.kind === 'system'
        ? t('sports.slip.stakeLine')
        : t('sports.slip.stake');

  const place = () => {
    if (session.kind === 'guest') {
      navigate('/login', { state: { from: `${location.pathname}${location.search}` } });
      return;
    }
    send({ type: 'PLACE' });
  };

  const systemLabel = (code: string) => {
    const m = /^(\d+)\/(\d+)$/.exec(code);
    return m ? t('sports.slip.systems.k_of_n', { k: m[1], n: m[2] }) : t(`sports.slip.systems.${code}`);
  };

  return (
    <aside
      className={`sb-slip${open ? ' open' : ''}`}
      aria-label={t('sports.slip.title')}
      data-testid="sb-slip"
    >
      <button
        type="button"
        className="sb-slip-bar"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        data-testid="sb-slip-bar"
      >
        <span className="sb-slip-count">{count}</span>
        <span>{t('sports.slip.title')}</span>
        {totals?.potentialPayout ? <strong>{money(totals.potentialPayout)}</strong> : null}
        <span className="sb-slip-chevron" aria-hidden="true">
          {open ? '▾' : '▴'}
        </span>
      </button>
      <div className="sb-slip-body">
        <h2 className="sb-slip-title">
          {t('sports.slip.title')}
          {count > 0 ? <small className="muted"> · {t('sports.slip.count', { count })}</small> : null}
        </h2>
        {count === 0 && !state.hasTag('placed') && !state.hasTag('pending') ? (
          <p className="muted">{t('sports.slip.empty')}</p>
        ) : null}
        {count > 0 ? (
          <>
            <fieldset className="sb-kinds">
              <legend className="visually-hidden">{t('sports.slip.title')}</legend>
              {(['singles', 'accumulator', 'system'] as SlipKindName[]).map((k) => (
                <button
                  key={k}
                  type="button"
                  aria-pressed={ctx.kind === k}
                  disabled={!kinds.includes(k) || busy}
                  className={`sb-tab${ctx.kind === k ? ' on' : ''}`}
                  onClick={() => send({ type: 'SET_KIND', kind: k })}
                  data-testid={`sb-kind-${k}`}
                >
                  {t(`sports.slip.${k}`)}
                </button>
              ))}
            </fieldset>
            {ctx.kind === 'system' ? (
              <label className="sb-field">
                <span>{t('sports.slip.systemPick')}</span>
                <select
                  value={ctx.system ?? ''}
                  onChange={(e) => send({ type: 'SET_SYSTEM', system: e.target.value })}
                  data-testid="sb-system"
                >
                  {systems.map((s) => (
                    <option key={s} value={s}>
                      {systemLabel(s)}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
            {ctx.problem === 'SLIP_RELATED_LEGS' ? (
              <p className="sb-warn">{t('sports.slip.related')}</p>
            ) : null}
            <ol className="sb-legs">
              {ctx.legs.map((leg, i) => {
                const teams = { home: leg.home, away: leg.away };
                const name = outcomeName(t, leg.spec, leg.key, teams, lang);
                const fault = ctx.faultLegs.includes(i);
                return (
                  <li
                    key={`${leg.marketId}:${leg.key}`}
                    className={`sb-leg${fault ? ' fault' : ''}${leg.offered ? '' : ' off'}`}
                    data-testid={`sb-leg-${leg.marketId}-${leg.key}`}
                  >
                    <div className="sb-leg-text">
                      <strong>{name}</strong>
                      <span className="muted">{marketName(t, leg.spec, teams, lang)}</span>
                      <span className="muted">
                        {eventName(leg)}
                        {leg.live ? ` · ${t('sports.bet.live')}` : ''}
                      </span>
                    </div>
                    <span
                      className={`sb-leg-price${leg.moved ? ` ${leg.moved}` : ''}`}
                      data-testid="sb-leg-price"
                      title={leg.moved ? t(`sports.slip.moved.${leg.moved}`) : undefined}
                    >
                      {leg.offered ? formatPrice(leg.price, format, lang) : t('sports.suspended')}
                    </span>
                    <button
                      type="button"
                      className="sb-leg-remove"
                      aria-label={t('sports.slip.remove', { name })}
                      disabled={busy}
                      onClick={() => send({ type: 'REMOVE_LEG', marketId: leg.marketId, key: leg.key })}
                    >
                      ×
                    </button>
                  </li>
                );
              })}
            </ol>
            <label className="sb-field">
              <span>{stakeLabel}</span>
              <span className="sb-stake">
                <input
                  inputMode="decimal"
                  value={stakeText}
                  placeholder="0,00"
                  disabled={busy}
                  data-testid="sb-stake"
                  onChange={(e) => {
                    setStakeText(e.target.value);
                    const minor = parseStake(e.target.value, lang);
                    send({ type: 'SET_STAKE', stake: minor ?? 0 });
                  }}
                />
                <span className="muted">{currency}</span>
              </span>
            </label>
            <dl className="sb-totals">
              {totals?.price ? (
                <div>
                  <dt>{t('sports.slip.totalOdds')}</dt>
                  <dd data-testid="sb-total-odds">{formatPrice(totals.price, format, lang)}</dd>
                </div>
              ) : null}
              {totals && totals.lines > 1 ? (
                <div>
                  <dt>{t('sports.slip.lines', { count: totals.lines })}</dt>
                  <dd />
                </div>
              ) : null}
              <div>
                <dt>{t('sports.slip.total')}</dt>
                <dd data-testid="sb-total-stake">{money(totals?.totalStake ?? 0)}</dd>
              </div>
              <div>
                <dt>{t('sports.slip.potential')}</dt>
                <dd data-testid="sb-potential">{money(totals?.potentialPayout ?? 0)}</dd>
              </div>
            </dl>
            <label className="sb-field">
              <span>{t('sports.slip.acceptLabel')}</span>
              <select
                value={ctx.accept}
                disabled={busy}
                data-testid="sb-accept"
                onChange={(e) => {
                  const accept = e.target.value as AcceptPolicy;
                  try {
                    localStorage.setItem(ACCEPT_KEY, accept);
                  } catch {
                    // The choice lasts for this page.
                  }
                  send({ type: 'SET_ACCEPT', accept });
                }}
              >
                {ACCEPT_POLICIES.map((a) => (
                  <option key={a} value={a}>
                    {t(`sports.slip.accept.${a}`)}
                  </option>
                ))}
              </select>
            </label>
          </>
        ) : null}
        {moved && !state.hasTag('priceChanged') && !state.hasTag('placed') ? (
          <p className="sb-warn" role="status" data-testid="sb-moved">
            {t('sports.slip.priceChanged')}
          </p>
        ) : null}
        {state.hasTag('priceChanged') ? (
          <div className="sb-notice" role="alert" data-testid="sb-price-changed">
            <p>{t('sports.slip.priceChanged')}</p>
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => send({ type: 'ACCEPT_CHANGES' })}
              data-testid="sb-accept-changes"
            >
              {t('sports.slip.acceptChanges')}
            </button>
          </div>
        ) : null}
        {state.hasTag('failed') && ctx.errorMessage ? (
          <p className="sb-error" role="alert" data-testid="sb-slip-error">
            {ctx.errorMessage}{' '}
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => send({ type: 'RETRY' })}>
              {t('sports.retry')}
            </button>
          </p>
        ) : null}
        {state.hasTag('pending') ? <PendingNotice bets={ctx.placed} /> : null}
        {state.hasTag('placed') ? (
          <div className="sb-notice ok" role="status" data-testid="sb-placed">
            <p>
              {ctx.placed.some((b) => b.status === 'rejected')
                ? t('sports.slip.rejected', {
                    reason: t(
                      `errors.${ctx.placed.find((b) => b.status === 'rejected')!.rejectReason ?? 'MARKET_CLOSED'}`,
                    ),
                  })
                : t('sports.slip.placed', { count: ctx.placed.length })}
            </p>
            <div className="sb-notice-actions">
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                onClick={() => send({ type: 'DISMISS' })}
              >
                {t('sports.slip.keepBetting')}
              </button>
              <Link
                className="btn btn-ghost btn-sm"
                to={`${base}/bets`}
                onClick={() => send({ type: 'DISMISS' })}
              >
                {t('sports.slip.viewBets')}
              </Link>
            </div>
          </div>
        ) : null}
        {count > 0 && !state.hasTag('placed') && !state.hasTag('pending') ? (
          <div className="sb-slip-actions">
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              disabled={busy}
              onClick={() => {
                send({ type: 'CLEAR' });
                setStakeText('');
              }}
            >
              {t('sports.slip.clear')}
            </button>
            <button
              type="button"
              className="btn btn-primary sb-place"
              disabled={busy || !totals || totals.totalStake <= 0 || state.hasTag('invalid')}
              onClick={place}
              data-testid="sb-place"
            >
              {busy
                ? t('sports.slip.placing')
                : session.kind === 'guest'
                  ? t('sports.slip.needLogin')
                  : moved
                    ? t('sports.slip.acceptChanges')
                    : t('sports.slip.place', { amount: money(totals?.totalStake ?? 0) })}
            </button>
          </div>
        ) : null}
      </div>
    </aside>
  );
}

/** An in-play bet's delay, counted down from the server's answer. */
function PendingNotice({ bets }: { bets: SportsBet[] }) {
  const { t } = useTranslation();
  const at = Math.max(...bets.map((b) => b.acceptsAt ?? 0));
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.max(0, Math.ceil((at - now) / 1000));
  return (
    <p className="sb-notice" role="status" data-testid="sb-pending">
      {seconds > 0 ? t('sports.slip.pending', { seconds }) : t('sports.slip.pendingShort')}
    </p>
  );
}
