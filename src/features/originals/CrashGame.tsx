import { useMachine } from '@xstate/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { authToken, call } from '../../api/client';
import {
  CRASH_SOCKET_PATH,
  type CrashBet,
  type CrashEvent,
  type CrashState,
  type OriginalsSettings,
} from '../../api/contract/originals';
import { type CrashRequest, crashMachine } from '../../machines/crash.machine';
import { inspectOptions } from '../../machines/inspect';
import type { AutoConfig } from '../../machines/originals-bet.machine';
import type { Attempt } from '../../machines/request-attempt';
import { crashMultiplierAt } from '../../originals/games/crash';
import { formatAmount, formatDecimal } from '../../ui/format';
import { useAccountModal } from '../account/AccountModalContext';
import { useLiveBalance } from '../session/member-events';
import { useSession } from '../session/session';
import { AutoForm, DEFAULT_AUTO } from './AutoForm';
import './crash.css';
import { CrashChainNote } from './CrashChainNote';
import { GameShell } from './GameShell';
import { ModeSwitch, PanelReport } from './PanelParts';
import { StakeField } from './StakeField';
import { play } from './sound';
import { useHotkeys } from './useHotkeys';
import { formatHundredths, gameSettingsOf, usePreference } from './useOriginals';

const machine = crashMachine.provide({
  actors: {
    placeBet: fromPromise<CrashBet, Attempt<CrashRequest & { roundId: number }>>(({ input }) =>
      call('crashBet', {
        body: {
          requestId: input.requestId,
          stake: input.request.stake,
          ...(input.request.autoCashout ? { autoCashout: input.request.autoCashout } : {}),
        },
      }),
    ),
    cashout: fromPromise<CrashBet, { betId: number }>(({ input }) => call('crashCashout', { body: input })),
  },
});

/** The shared round as this page sees it: pushed over the socket, re-read if the socket is down. */
function useCrashFeed(onState: (state: Omit<CrashState, 'mine'>) => void) {
  const latest = useRef(onState);
  latest.current = onState;
  useEffect(() => {
    let socket: WebSocket | null = null;
    let closed = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let poll: ReturnType<typeof setInterval> | undefined;
    const connect = () => {
      const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${CRASH_SOCKET_PATH}`;
      socket = new WebSocket(url);
      socket.onmessage = (message) => {
        const event = JSON.parse(String(message.data)) as CrashEvent;
        if (event.type === 'state') latest.current(event.state);
      };
      socket.onopen = () => {
        if (poll) clearInterval(poll);
        poll = undefined;
      };
      socket.onclose = () => {
        if (closed) return;
        // Without the socket the page reads the round every second until it is back.
        poll ??= setInterval(
          () =>
            call('crashState').then(
              (s) => latest.current(s),
              () => {},
            ),
          1_000,
        );
        retry = setTimeout(connect, 2_000);
      };
    };
    connect();
    return () => {
      closed = true;
      if (retry) clearTimeout(retry);
      if (poll) clearInterval(poll);
      socket?.close();
    };
  }, []);
}

/** Crash: one round shared by everyone; cash out before the multiplier crashes. */
export default function CrashGame({ settings }: { settings: OriginalsSettings }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const session = useSession();
  const account = useAccountModal();
  const gameSettings = gameSettingsOf(settings, 'crash');
  const currency = settings.currency;
  const [state, send] = useMachine(machine, inspectOptions());
  const [instant, setInstant] = usePreference('instant', false);
  const [sound, setSound] = usePreference('sound', false);
  const [hotkeys, setHotkeys] = usePreference('hotkeys', false);
  const [stake, setStake] = useState(Math.max(gameSettings.minBet, 100));
  const [autoText, setAutoText] = useState('');
  const [mode, setMode] = useState<'manual' | 'auto'>('manual');
  const [auto, setAuto] = useState<AutoConfig>(DEFAULT_AUTO);
  const [feed, setFeed] = useState<Omit<CrashState, 'mine'> | null>(null);
  const offset = useRef(0);
  const live = useLiveBalance(session.kind !== 'guest');
  const [balance, setBalance] = useState<number | null>(null);
  const { round, mine, errorCode, errorMessage, stopReason, stats } = state.context;
  const signedIn = session.kind !== 'guest';

  const readMine = useCallback(() => {
    if (!authToken()) return;
    call('crashState').then(
      (s) => send({ type: 'MINE', bet: s.mine }),
      () => {},
    );
  }, [send]);

  const phase = useRef('');
  useCrashFeed((next) => {
    offset.current = next.serverNow - Date.now();
    setFeed(next);
    send({ type: 'ROUND', round: next.round });
    const key = `${next.round?.id}:${next.round?.status}`;
    if (key !== phase.current) {
      phase.current = key;
      if (signedIn) readMine();
      if (next.round?.status === 'crashed') play(sound, 'boom');
    }
  });
  useEffect(() => {
    if (live) setBalance(live.balance);
  }, [live]);
  useEffect(() => {
    if (mine?.balance !== null && mine?.balance !== undefined) setBalance(mine.balance);
  }, [mine]);

  const autoCashout = (() => {
    const v = Math.round(Number.parseFloat(autoText.replace(',', '.')) * 100);
    return Number.isFinite(v) && v >= 101 ? v : null;
  })();
  const running = state.hasTag('auto');
  const busy = state.hasTag('busy');
  const queued = state.hasTag('queued');
  const inPlay = mine !== null && round !== null && mine.roundId === round.id && mine.status === 'active';
  const canCashout = inPlay && round?.status === 'running';

  // The multiplier and the curve follow the server's clock on this page's own clock.
  const canvas = useRef<HTMLCanvasElement>(null);
  const label = useRef<HTMLDivElement>(null);
  const cashLabel = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    let frame = 0;
    const draw = () => {
      frame = requestAnimationFrame(draw);
      const el = canvas.current;
      const text = label.current;
      if (!el || !text || !feed?.round) return;
      const r = feed.round;
      const now = Date.now() + offset.current;
      const ctx = el.getContext('2d');
      const w = el.clientWidth;
      const h = el.clientHeight;
      if (el.width !== w * devicePixelRatio) {
        el.width = w * devicePixelRatio;
        el.height = h * devicePixelRatio;
      }
      ctx?.setTransform(devicePixelRatio, 0, 0, devicePixelRatio, 0, 0);
      ctx?.clearRect(0, 0, w, h);
      let multiplier = 100;
      let elapsed = 0;
      if (r.status === 'running' && r.startedAt) {
        elapsed = Math.max(0, now - r.startedAt);
        multiplier = crashMultiplierAt(elapsed);
        text.textContent = `${formatHundredths(multiplier)}×`;
        text.dataset.phase = 'running';
      } else if ((r.status === 'crashed' || r.status === 'settled') && r.bust !== null) {
        multiplier = r.bust;
        elapsed = Math.log(r.bust / 100) / 0.00006;
        text.textContent = t('originals.crash.crashed', { multiplier: formatHundredths(r.bust) });
        text.dataset.phase = 'crashed';
      } else {
        const left = Math.max(0, r.bettingEndsAt - now);
        text.textContent = t('originals.crash.starts_in', { seconds: formatDecimal(left / 1000, 1, lang) });
        text.dataset.phase = 'betting';
      }
      if (cashLabel.current && mine && inPlay)
        cashLabel.current.textContent = formatAmount(Math.floor((mine.stake * multiplier) / 100), lang);
      if (!ctx || r.status === 'betting') return;
      // The curve: time across (at least 10 s), multiplier up (at least 2×).
      const span = Math.max(10_000, elapsed * 1.15);
      const top = Math.max(200, multiplier * 1.2);
      const x = (ms: number) => 16 + (ms / span) * (w - 32);
      const y = (m: number) => h - 16 - ((m - 100) / (top - 100)) * (h - 48);
      ctx.lineWidth = 4;
      ctx.lineCap = 'round';
      ctx.strokeStyle = r.status === 'running' ? '#a78bfa' : '#f87171';
      ctx.beginPath();
      const steps = 80;
      for (let i = 0; i <= steps; i++) {
        const ms = (elapsed * i) / steps;
        const m = Math.min(multiplier, 100 * Math.exp(0.00006 * ms));
        if (i === 0) ctx.moveTo(x(ms), y(m));
        else ctx.lineTo(x(ms), y(m));
      }
      ctx.stroke();
      ctx.lineTo(x(elapsed), h - 16);
      ctx.lineTo(x(0), h - 16);
      ctx.closePath();
      ctx.fillStyle = r.status === 'running' ? 'rgba(167, 139, 250, 0.18)' : 'rgba(248, 113, 113, 0.15)';
      ctx.fill();
    };
    draw();
    return () => cancelAnimationFrame(frame);
  }, [feed, mine, inPlay, lang, t]);

  const act = () => {
    if (session.kind === 'guest') return account.open('login');
    if (running) return send({ type: 'STOP' });
    if (canCashout) return send({ type: 'CASHOUT' });
    if (queued) return send({ type: 'CANCEL' });
    if (mode === 'auto') {
      if (autoCashout) send({ type: 'AUTO_START', request: { stake, autoCashout }, config: auto });
      return;
    }
    send({ type: 'BET', request: { stake, autoCashout } });
  };
  useHotkeys(hotkeys, {
    ' ': act,
    h: () => !busy && setStake(Math.max(gameSettings.minBet, Math.floor(stake / 2))),
    d: () => !busy && setStake(Math.min(gameSettings.maxBet, stake * 2)),
  });

  const buttonLabel =
    session.kind === 'guest' ? (
      t('originals.login_to_play')
    ) : running ? (
      state.context.stopRequested ? (
        t('originals.auto.stopping')
      ) : (
        t('originals.auto.stop')
      )
    ) : canCashout ? (
      <>
        {t('originals.crash.cashout')} <span ref={cashLabel} /> {currency}
      </>
    ) : queued ? (
      t('originals.crash.cancel_next')
    ) : inPlay ? (
      t('originals.crash.in_round')
    ) : mode === 'auto' ? (
      t('originals.auto.start')
    ) : round?.status === 'betting' ? (
      t('originals.bet')
    ) : (
      t('originals.crash.bet_next')
    );

  const panel = (
    <div className="og-controls">
      <ModeSwitch mode={mode} onChange={setMode} locked={running || inPlay} />
      <StakeField
        stake={stake}
        onChange={setStake}
        min={gameSettings.minBet}
        max={gameSettings.maxBet}
        balance={balance}
        currency={currency}
        disabled={busy || running || inPlay || queued}
      />
      <div className="og-field">
        <label htmlFor="og-auto-cashout">
          {mode === 'auto' ? t('originals.crash.auto_cashout_required') : t('originals.crash.auto_cashout')}
        </label>
        <input
          id="og-auto-cashout"
          className="input"
          inputMode="decimal"
          placeholder="2.00"
          value={autoText}
          disabled={busy || running || inPlay || queued}
          onChange={(e) => setAutoText(e.target.value)}
        />
      </div>
      {mode === 'auto' && <AutoForm config={auto} onChange={setAuto} disabled={running} />}
      <button
        type="button"
        className={`btn ${canCashout || running ? 'btn-accent' : 'btn-primary'} og-bet`}
        data-testid="og-bet"
        disabled={
          (busy && !running) ||
          (running && state.context.stopRequested) ||
          (inPlay && !canCashout && !running) ||
          (mode === 'auto' && !running && !autoCashout && signedIn) ||
          (!running && !inPlay && !gameSettings.enabled)
        }
        onClick={act}
      >
        {buttonLabel}
      </button>
      {mine && round && mine.roundId === round.id && mine.status !== 'active' && (
        <p
          className={mine.status === 'cashed' ? 'form-success' : 'form-note'}
          role="status"
          data-testid="og-crash-mine"
        >
          {mine.status === 'cashed'
            ? t('originals.crash.you_cashed', {
                multiplier: formatHundredths(mine.multiplier),
                amount: formatAmount(mine.payout, lang),
                currency,
              })
            : t('originals.crash.you_lost')}
        </p>
      )}
      <PanelReport
        running={running}
        stats={stats}
        stopReason={stopReason}
        errorCode={errorCode}
        errorMessage={errorMessage}
        balance={balance}
        currency={currency}
      />
    </div>
  );

  const stage = (
    <div className={`og-crash ${instant ? 'is-instant' : ''}`}>
      <ol className="og-history og-crash-history" aria-label={t('originals.crash.history')}>
        {(feed?.history ?? []).slice(0, 12).map((h) => (
          <li key={h.id} className={h.bust >= 200 ? 'og-win' : 'og-loss'} title={h.hash}>
            {formatHundredths(h.bust)}×
          </li>
        ))}
      </ol>
      <div className="og-crash-screen">
        <canvas ref={canvas} className="og-crash-canvas" />
        <div className="og-crash-multiplier" ref={label} data-testid="og-crash-multiplier" aria-live="off" />
        {!feed?.round && feed?.chain?.salt === null && (
          <p className="og-crash-waiting" role="status" data-testid="og-crash-waiting-salt">
            {t('originals.crash.waiting_salt')}
          </p>
        )}
        <p className="visually-hidden" aria-live="polite" data-testid="og-result">
          {round?.status === 'crashed' || round?.status === 'settled'
            ? t('originals.crash.crashed', { multiplier: formatHundredths(round.bust ?? 100) })
            : round?.status === 'running'
              ? t('originals.crash.running')
              : t('originals.crash.betting')}
        </p>
      </div>
      <div className="og-crash-players">
        <p className="og-label">
          {t('originals.crash.players', {
            count: feed?.playerCount ?? 0,
            total: formatAmount(feed?.totalStake ?? 0, lang),
            currency,
          })}
        </p>
        <ul data-testid="og-crash-players">
          {(feed?.players ?? []).map((p) => (
            <li
              key={`${p.player}-${p.stake}-${p.status}`}
              className={p.status === 'cashed' ? 'og-win' : p.status === 'lost' ? 'og-loss' : undefined}
            >
              <span>{p.player}</span>
              <span>{formatAmount(p.stake, lang)}</span>
              <span>
                {p.status === 'cashed'
                  ? `${formatHundredths(p.multiplier)}×`
                  : p.status === 'lost'
                    ? '✕'
                    : '…'}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );

  return (
    <GameShell
      game="crash"
      settings={gameSettings}
      currency={currency}
      panel={panel}
      stage={stage}
      switches={{ instant, setInstant, sound, setSound, hotkeys, setHotkeys }}
      hotkeyHelp={t('originals.crash.hotkeys')}
      refreshKey={0}
      recent={false}
      rules={
        <>
          <p>{t('originals.crash.rules', { edge: formatDecimal(gameSettings.edgeBp / 100, 2, lang) })}</p>
          {feed?.chain && <CrashChainNote chain={feed.chain} />}
        </>
      }
    />
  );
}
