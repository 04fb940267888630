import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { call } from '../../api/client';
import type { MinesGame as MinesGameView, OriginalsSettings } from '../../api/contract/originals';
import { inspectOptions } from '../../machines/inspect';
import { type MinesRequest, minesMachine } from '../../machines/mines.machine';
import type { AutoConfig } from '../../machines/originals-bet.machine';
import type { Attempt } from '../../machines/request-attempt';
import { MINES_MAX, MINES_MIN, minesMultiplierShown } from '../../originals/games/mines';
import { formatAmount } from '../../ui/format';
import { ScrollRegion } from '../../ui/ScrollRegion';
import { useAccountModal } from '../account/AccountModalContext';
import { useLiveBalance } from '../session/member-events';
import { useSession } from '../session/session';
import { AutoForm, DEFAULT_AUTO } from './AutoForm';
import { GameShell } from './GameShell';
import { ModeSwitch, PanelReport } from './PanelParts';
import './mines.css';
import { StakeField } from './StakeField';
import { play } from './sound';
import { useHotkeys } from './useHotkeys';
import { formatHundredths, gameSettingsOf, usePreference } from './useOriginals';

const machine = minesMachine.provide({
  actors: {
    loadCurrent: fromPromise(() => call('minesCurrent')),
    start: fromPromise<MinesGameView, Attempt<MinesRequest>>(({ input }) =>
      call('minesStart', { body: { requestId: input.requestId, ...input.request } }),
    ),
    reveal: fromPromise<MinesGameView, { betId: number; tile: number }>(({ input }) =>
      call('minesReveal', { body: input }),
    ),
    cashout: fromPromise<MinesGameView, { betId: number }>(({ input }) =>
      call('minesCashout', { body: input }),
    ),
  },
});

const GemIcon = () => (
  <svg viewBox="0 0 40 40" aria-hidden="true" className="og-mines-icon">
    <path d="M8 15 L14 7 H26 L32 15 L20 34 Z" fill="#34d399" />
    <path d="M8 15 H32 L20 34 Z" fill="#10b981" />
    <path d="M14 7 L17 15 L20 7 L23 15 L26 7" fill="none" stroke="#a7f3d0" strokeWidth="1.5" />
  </svg>
);
const MineIcon = () => (
  <svg viewBox="0 0 40 40" aria-hidden="true" className="og-mines-icon">
    <circle cx="20" cy="22" r="11" fill="#1f2937" />
    <path
      d="M20 6 V11 M30 12 l-3 3 M34 22 h-5 M10 12 l3 3 M6 22 h5"
      stroke="#f87171"
      strokeWidth="3"
      strokeLinecap="round"
    />
    <circle cx="16" cy="18" r="3" fill="#9ca3af" />
  </svg>
);

const ROWS = [0, 1, 2, 3, 4];

/** Mines: open tiles on a 5×5 field hiding 1–24 mines and cash out before hitting one. */
export default function MinesGame({ settings }: { settings: OriginalsSettings }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const session = useSession();
  const account = useAccountModal();
  const gameSettings = gameSettingsOf(settings, 'mines');
  const [state, send] = useMachine(machine, inspectOptions());
  const [instant, setInstant] = usePreference('instant', false);
  const [sound, setSound] = usePreference('sound', false);
  const [hotkeys, setHotkeys] = usePreference('hotkeys', false);
  const [stake, setStake] = useState(Math.max(gameSettings.minBet, 100));
  const [mines, setMines] = useState(3);
  const [mode, setMode] = useState<'manual' | 'auto'>('manual');
  const [auto, setAuto] = useState<AutoConfig>(DEFAULT_AUTO);
  const [autoTiles, setAutoTiles] = useState<number[]>([]);
  const live = useLiveBalance(session.kind !== 'guest');
  const [balance, setBalance] = useState<number | null>(null);
  const { game, pending, errorCode, errorMessage, stopReason, stats } = state.context;
  const running = state.hasTag('auto');
  const playing = state.hasTag('playing') && !running;
  const busy = state.hasTag('busy');
  const ended = game?.status === 'settled';
  const edge = gameSettings.edgeBp;
  const currency = settings.currency;

  useEffect(() => {
    if (live) setBalance(live.balance);
  }, [live]);
  useEffect(() => {
    if (game?.balance !== null && game?.balance !== undefined) setBalance(game.balance);
  }, [game]);
  // A game picked up after a reload plays with its own stake and mines.
  useEffect(() => {
    if (game && game.status === 'open') {
      setMines(game.mines);
      setStake(game.stake);
    }
  }, [game]);
  useEffect(() => {
    if (running && state.context.nextStake > 0) setStake(state.context.nextStake);
  }, [running, state.context.nextStake]);

  const heard = useRef('');
  useEffect(() => {
    if (!game) return;
    const key = `${game.id}:${game.revealed.length}:${game.status}`;
    if (heard.current === key) return;
    heard.current = key;
    if (game.status === 'settled') play(sound, game.payout > 0 ? 'win' : 'boom');
    else if (game.revealed.length > 0) play(sound, 'gem');
  }, [game, sound]);

  const act = () => {
    if (session.kind === 'guest') return account.open('login');
    if (running) return send({ type: 'STOP' });
    if (playing) return send({ type: 'CASHOUT' });
    if (mode === 'auto') {
      if (autoTiles.length > 0)
        send({ type: 'AUTO_START', request: { stake, mines }, tiles: autoTiles, config: auto });
      return;
    }
    send({ type: 'START', request: { stake, mines } });
  };
  const randomTile = () => {
    if (!game || !playing) return;
    const free = Array.from({ length: 25 }, (_, i) => i).filter((i) => !game.revealed.includes(i));
    const pick = free[crypto.getRandomValues(new Uint32Array(1))[0]! % free.length];
    if (pick !== undefined) send({ type: 'REVEAL', tile: pick });
  };
  useHotkeys(hotkeys, {
    ' ': act,
    r: randomTile,
    h: () => !busy && !playing && setStake(Math.max(gameSettings.minBet, Math.floor(stake / 2))),
    d: () => !busy && !playing && setStake(Math.min(gameSettings.maxBet, stake * 2)),
  });

  const safeCount = game?.revealed.length ?? 0;
  const currentMultiplier = game && safeCount > 0 ? game.multiplier : 100;
  const cashoutAmount = game ? Math.floor((game.stake * currentMultiplier) / 100) : 0;
  const multipliers = useMemo(
    () => Array.from({ length: 25 - mines }, (_, i) => minesMultiplierShown(mines, i + 1, edge)),
    [mines, edge],
  );
  const selectingAuto = mode === 'auto' && !running && !playing;
  const maxAutoTiles = 25 - mines;
  const tileState = (i: number) => {
    if (game?.revealed.includes(i)) return game.minesAt?.includes(i) ? 'mine-hit' : 'gem';
    if (ended && game?.minesAt?.includes(i)) return 'mine';
    if (ended) return 'gem-dim';
    return 'hidden';
  };
  const clickTile = (i: number) => {
    if (selectingAuto) {
      setAutoTiles((tiles) =>
        tiles.includes(i)
          ? tiles.filter((x) => x !== i)
          : tiles.length < maxAutoTiles
            ? [...tiles, i]
            : tiles,
      );
      return;
    }
    if (playing && !busy) send({ type: 'REVEAL', tile: i });
  };

  const label =
    session.kind === 'guest'
      ? t('originals.login_to_play')
      : running
        ? state.context.stopRequested
          ? t('originals.auto.stopping')
          : t('originals.auto.stop')
        : playing
          ? t('originals.mines.cashout', { amount: formatAmount(cashoutAmount, lang), currency })
          : mode === 'auto'
            ? t('originals.auto.start')
            : t('originals.bet');

  const panel = (
    <div className="og-controls">
      <ModeSwitch mode={mode} onChange={setMode} locked={running || playing} />
      <StakeField
        stake={stake}
        onChange={setStake}
        min={gameSettings.minBet}
        max={gameSettings.maxBet}
        balance={balance}
        currency={currency}
        disabled={busy || playing || running}
      />
      <div className="og-field">
        <label htmlFor="og-mines-count">{t('originals.mines.count')}</label>
        <select
          id="og-mines-count"
          className="input"
          value={mines}
          disabled={busy || playing || running}
          onChange={(e) => {
            const m = Number(e.target.value);
            setMines(m);
            setAutoTiles((tiles) => tiles.slice(0, 25 - m));
          }}
        >
          {Array.from({ length: MINES_MAX - MINES_MIN + 1 }, (_, i) => i + MINES_MIN).map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
      </div>
      {playing && game && (
        <dl className="og-mines-now">
          <div>
            <dt>{t('originals.mines.now')}</dt>
            <dd data-testid="og-mines-multiplier">{formatHundredths(currentMultiplier)}×</dd>
          </div>
          <div>
            <dt>{t('originals.mines.next')}</dt>
            <dd>{game.next === null ? '—' : `${formatHundredths(game.next)}×`}</dd>
          </div>
        </dl>
      )}
      {mode === 'auto' && (
        <>
          <p className="form-note">
            {t('originals.mines.auto_pick', { count: autoTiles.length, max: maxAutoTiles })}
          </p>
          <AutoForm config={auto} onChange={setAuto} disabled={running} />
        </>
      )}
      <button
        type="button"
        className={`btn ${playing || running ? 'btn-accent' : 'btn-primary'} og-bet`}
        data-testid="og-bet"
        disabled={
          (busy && !running) ||
          (running && state.context.stopRequested) ||
          (playing && safeCount === 0) ||
          (!running && !playing && !gameSettings.enabled) ||
          (selectingAuto && autoTiles.length === 0 && session.kind !== 'guest')
        }
        onClick={act}
      >
        {label}
      </button>
      {playing && (
        <button
          type="button"
          className="btn btn-ghost"
          data-testid="og-mines-random"
          disabled={busy}
          onClick={randomTile}
        >
          {t('originals.mines.random')}
        </button>
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
    <div className={`og-mines ${instant ? 'is-instant' : ''}`}>
      <section className="og-mines-grid" aria-label={t('originals.mines.field')} data-testid="og-mines-grid">
        {ROWS.map((r) => (
          <div key={`row-${r}`} className="og-mines-row">
            {ROWS.map((c) => {
              const i = r * 5 + c;
              const s = tileState(i);
              const marked = selectingAuto && autoTiles.includes(i);
              const order = autoTiles.indexOf(i);
              return (
                <div key={`tile-${i}`}>
                  <button
                    type="button"
                    className={`og-tile-cell is-${s}${marked ? ' is-marked' : ''}${pending === i ? ' is-pending' : ''}`}
                    data-testid="og-mines-tile"
                    data-tile={i}
                    data-state={s}
                    disabled={!(selectingAuto || (playing && !busy && s === 'hidden'))}
                    aria-label={t(`originals.mines.tile_${s === 'hidden' && marked ? 'marked' : s}`, {
                      n: i + 1,
                      order: order + 1,
                    })}
                    onClick={() => clickTile(i)}
                  >
                    {(s === 'gem' || s === 'gem-dim') && <GemIcon />}
                    {(s === 'mine' || s === 'mine-hit') && <MineIcon />}
                    {s === 'hidden' && marked && <span className="og-tile-order">{order + 1}</span>}
                  </button>
                </div>
              );
            })}
          </div>
        ))}
      </section>
      <div className="og-mines-result" aria-live="polite" data-testid="og-result">
        {ended && game
          ? game.payout > 0
            ? t('originals.mines.won', {
                multiplier: formatHundredths(game.multiplier),
                amount: formatAmount(game.payout, lang),
                currency,
              })
            : t('originals.mines.lost')
          : playing
            ? t('originals.mines.playing', { count: safeCount, mines: game?.mines ?? mines })
            : ''}
      </div>
      <ScrollRegion label={t('originals.mines.ladder')} className="og-mines-ladder-scroll">
        <ol className="og-mines-ladder" aria-label={t('originals.mines.ladder')}>
          {multipliers.slice(0, 12).map((m, i) => (
            <li
              key={`gem-${m}`}
              className={i + 1 === safeCount ? 'is-current' : i + 1 < safeCount ? 'is-passed' : undefined}
            >
              <small>{i + 1}</small> {formatHundredths(m)}×
            </li>
          ))}
        </ol>
      </ScrollRegion>
    </div>
  );

  return (
    <GameShell
      game="mines"
      settings={gameSettings}
      currency={currency}
      panel={panel}
      stage={stage}
      switches={{ instant, setInstant, sound, setSound, hotkeys, setHotkeys }}
      hotkeyHelp={t('originals.mines.hotkeys')}
      refreshKey={ended && game ? game.id : 0}
      rules={<p>{t('originals.mines.rules', { edge: formatHundredths(edge) })}</p>}
    />
  );
}
