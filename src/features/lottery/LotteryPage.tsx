import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router-dom';
import { call } from '../../api/client';
import type { LotteryGame } from '../../api/contract/lottery';
import { errorKey } from '../../api/errors';
import { useRemote } from '../../api/useRemote';
import { usePageTitle } from '../common/usePageTitle';
import { useGameMenus } from '../games/useGameMenus';
import { Balls } from './Balls';
import { MyLines } from './MyLines';
import { ResultsPanel } from './ResultsPanel';
import { SlipPanel } from './SlipPanel';
import { useLotteryState } from './useLotteryState';
import './lottery.css';

/** Which vendors each lottery route plays (spec 2.1). */
const ROUTE_VENDORS: Record<string, string[]> = {
  '/lottery': ['LOTT', 'ELOTT'],
  '/seaLottery': ['TCG_SEA'],
  '/vnLottery': ['TCG_LOTTO_VN'],
};

const two = (n: number) => String(n).padStart(2, '0');
function countdown(ms: number) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(s / 3600);
  return h > 0
    ? `${h}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`
    : `${two(Math.floor(s / 60))}:${two(s % 60)}`;
}

function GameView({ game, currency }: { game: LotteryGame; currency: string }) {
  const { t } = useTranslation();
  const { state, failed, now, reload, drawing } = useLotteryState(game.code);
  const [tab, setTab] = useState<'results' | 'mine'>('results');
  const [placedCount, setPlacedCount] = useState(0);
  const onPlaced = useCallback(() => setPlacedCount((n) => n + 1), []);
  const open = state?.upcoming[0] ?? null;
  const last = state?.last ?? null;
  const openDraws = useMemo(
    () => new Map((state?.upcoming ?? []).map((d) => [d.number, d.closesAt])),
    [state],
  );
  if (failed && !state) {
    return (
      <p className="lt-error" role="alert">
        {t(errorKey(failed))}{' '}
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => void reload()}>
          {t('lottery.retry')}
        </button>
      </p>
    );
  }
  if (!state) return <div className="spinner" role="status" aria-label={t('lottery.loading')} />;
  const refresh = `${last?.number ?? ''}:${placedCount}`;
  const closesIn = open ? open.closesAt - now : 0;
  return (
    <div className="lt-game" data-testid="lt-game" data-game={game.code}>
      <section className="card lt-head" aria-live="polite">
        <div className="lt-now">
          <span className="muted">{t('lottery.drawNumber')}</span>
          <strong data-testid="lt-open-draw">{open?.number ?? '–'}</strong>
          <span className="muted">{t('lottery.closesIn')}</span>
          <strong className={`lt-countdown${closesIn < 10_000 ? ' soon' : ''}`} data-testid="lt-countdown">
            {open ? countdown(closesIn) : '–'}
          </strong>
          <small className="muted" title={open?.seedHash}>
            {t('lottery.committed')} {open?.seedHash.slice(0, 12)}…
          </small>
        </div>
        <div className="lt-last">
          {drawing ? (
            <p className="lt-drawing" data-testid="lt-drawing">
              {now >= drawing.drawsAt
                ? t('lottery.drawingNow', { draw: drawing.number })
                : t('lottery.drawsIn', { draw: drawing.number, time: countdown(drawing.drawsAt - now) })}
            </p>
          ) : null}
          {last ? (
            <>
              <span className="muted">{t('lottery.lastResult', { draw: last.number })}</span>
              <Balls draw={last} rolling={!!drawing} />
            </>
          ) : (
            <span className="muted">{t('lottery.noResults')}</span>
          )}
        </div>
      </section>
      <SlipPanel game={game} open={open} upcoming={state.upcoming} currency={currency} onPlaced={onPlaced} />
      <section className="card lt-tabs">
        <div role="tablist" className="lt-tablist">
          <button
            type="button"
            role="tab"
            aria-selected={tab === 'results'}
            onClick={() => setTab('results')}
            data-testid="lt-tab-results"
          >
            {t('lottery.results')}
          </button>
          <button
            type="button"
            role="tab"
            aria-selected={tab === 'mine'}
            onClick={() => setTab('mine')}
            data-testid="lt-tab-mine"
          >
            {t('lottery.myBets')}
          </button>
        </div>
        {tab === 'results' ? (
          <ResultsPanel game={game} refresh={refresh} />
        ) : (
          <MyLines game={game} refresh={refresh} currency={currency} now={now} openDraws={openDraws} />
        )}
      </section>
    </div>
  );
}

/**
 * /lottery, /seaLottery and /vnLottery (spec 2.1): the games of the route's vendors, the one named by
 * `gameCode` (or the first) with its open draw, countdown on the server's clock, last result, the bet
 * slip with its chase, results with their in-browser check and trend, and the member's bets.
 */
export default function LotteryPage() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const vendors = ROUTE_VENDORS[pathname] ?? ROUTE_VENDORS['/lottery']!;
  usePageTitle(t('lottery.title'));
  // Each game under its own category (a game of vendor ELOTT is E-Loteria here as in the betting record).
  const menus = useGameMenus();
  const categoryOf = (vendor: string) =>
    menus?.find((m) => m.vendors.some((v) => v.vassalage === vendor))?.gameType ?? null;
  const games = useRemote(`lottery:${i18n.language}`, () => call('lotteryGames'));
  if (games.status === 'loading')
    return (
      <div className="page">
        <div className="spinner" role="status" aria-label={t('lottery.loading')} />
      </div>
    );
  if (games.status === 'error') {
    return (
      <div className="page">
        <p className="lt-error" role="alert">
          {t(errorKey(games.error.code))}
        </p>
      </div>
    );
  }
  const mine = games.data.games.filter((g) => vendors.includes(g.vendor));
  const code = params.get('gameCode');
  const game = mine.find((g) => g.code === code) ?? mine[0];
  const currency = games.data.currency;
  return (
    <div className="page lottery-page" data-testid="lottery-page">
      <h1 className="page-title">
        {t(`lottery.routeTitle.${pathname.slice(1)}`, { defaultValue: t('lottery.title') })}
      </h1>
      {mine.length === 0 ? (
        <p className="muted">{t('lottery.none')}</p>
      ) : (
        <>
          <nav className="lt-picker" aria-label={t('lottery.pick')}>
            {mine.map((g) => (
              <button
                key={g.code}
                type="button"
                className={`lt-game-tab${g.code === game?.code ? ' on' : ''}`}
                aria-current={g.code === game?.code ? 'page' : undefined}
                data-testid={`lt-game-${g.code}`}
                onClick={() => setParams({ gameCode: g.code })}
              >
                <span className={`lt-family ${g.family}`} aria-hidden="true" />
                {g.name}
                <small className="muted" data-testid={`lt-game-${g.code}-category`}>
                  {[
                    categoryOf(g.vendor) ? t(`titles.${categoryOf(g.vendor)}`) : '',
                    g.schedule.kind === 'interval'
                      ? t('lottery.every', { minutes: g.schedule.minutes })
                      : t('lottery.daily', { time: g.schedule.time }),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </small>
              </button>
            ))}
          </nav>
          {game && <GameView key={game.code} game={game} currency={currency} />}
        </>
      )}
    </div>
  );
}
