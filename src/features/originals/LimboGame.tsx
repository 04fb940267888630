import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OriginalsBet, OriginalsSettings } from '../../api/contract/originals';
import { LIMBO_MAX_TARGET, LIMBO_MIN_TARGET, limboChance } from '../../originals/games/limbo';
import { formatAmount, pageLanguage } from '../../ui/format';
import { GameShell } from './GameShell';
import { InstantControls } from './InstantControls';
import './limbo.css';
import { play } from './sound';
import { useHotkeys } from './useHotkeys';
import { useInstantGame } from './useInstantGame';
import { formatHundredths } from './useOriginals';

const clampTarget = (t: number) => Math.min(LIMBO_MAX_TARGET, Math.max(LIMBO_MIN_TARGET, t));
/** A number the player typed, with a comma or a point for decimals. */
const parseDecimal = (text: string) => Number.parseFloat(text.trim().replace(',', '.'));
/** The chance in percent as text: two decimals at least, enough to tell 1,000,000× from 999,999×. */
const chanceText = (target: number, edgeBp: number) =>
  limboChance(target, edgeBp).toLocaleString(pageLanguage() === 'en' ? 'en-US' : 'pt-BR', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 6,
    useGrouping: false,
  });

const resultOf = (bet: OriginalsBet) => bet.outcome.result as number;
const targetOf = (bet: OriginalsBet) => (bet.params as { target: number }).target;

/** How long the count-up runs: longer for a bigger result, 500 … 700 ms. */
const countUpMs = (result: number) => 500 + 200 * Math.min(1, Math.log10(Math.max(1, result / 100)) / 4);
const easeOutCubic = (t: number) => 1 - (1 - t) ** 3;

/**
 * The big multiplier: it counts up from 1.00× to the bet's result (eased, on a log scale so 1.5× and
 * 5,000× both feel like a climb), turning green once it passes the target, and says when it has arrived.
 * Counting here, apart from the page, keeps the frames from re-rendering the controls and the bet list.
 */
function LimboNumber({
  bet,
  animate,
  sound,
  onArrived,
}: {
  bet: OriginalsBet | null;
  animate: boolean;
  sound: boolean;
  onArrived: (id: number) => void;
}) {
  const [shown, setShown] = useState<{ id: number; value: number; done: boolean } | null>(null);
  const soundOn = useRef(sound);
  soundOn.current = sound;
  const arrived = useRef(onArrived);
  arrived.current = onArrived;

  useEffect(() => {
    if (!bet) return;
    const result = resultOf(bet);
    // Without animation the result shows at once; in a hidden tab frames do not run, so it does too.
    if (!animate || document.hidden) {
      setShown({ id: bet.id, value: result, done: true });
      if (animate) arrived.current(bet.id);
      return;
    }
    const duration = countUpMs(result);
    const span = Math.log(result / 100);
    let frame = 0;
    let start = 0;
    let lastTick = 0;
    const step = (now: number) => {
      start ||= now;
      const progress = Math.min(1, (now - start) / duration);
      if (progress >= 1) {
        setShown({ id: bet.id, value: result, done: true });
        arrived.current(bet.id);
        return;
      }
      const value = Math.max(
        100,
        Math.min(result, Math.floor(100 * Math.exp(span * easeOutCubic(progress)))),
      );
      setShown({ id: bet.id, value, done: false });
      if (now - lastTick > 90) {
        lastTick = now;
        play(soundOn.current, 'tick');
      }
      frame = requestAnimationFrame(step);
    };
    setShown({ id: bet.id, value: 100, done: false });
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [bet, animate]);

  // Until the effect has started on a new bet, show 1.00× (animated) or the result (instant).
  const current = bet && shown?.id === bet.id ? shown : null;
  const value = !bet ? null : current ? current.value : animate ? 100 : resultOf(bet);
  const done = !!bet && (current ? current.done : !animate);
  const reached = bet !== null && value !== null && value >= targetOf(bet);
  const status = !bet ? 'idle' : !done ? 'counting' : reached ? 'win' : 'loss';
  return (
    <div
      className={`og-limbo-result is-${status} ${reached ? 'og-win' : status === 'loss' ? 'og-loss' : ''}`}
      data-testid="og-result"
      data-state={status}
    >
      {formatHundredths(value ?? 100)}×
    </div>
  );
}

/** Limbo: name a target multiplier; a multiplier is drawn and the bet wins target × stake when it reaches it. */
export default function LimboGame({ settings }: { settings: OriginalsSettings }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const game = useInstantGame('limbo', settings);
  const { state, send, gameSettings, stake, setStake, switches } = game;
  const edge = gameSettings.edgeBp;
  const currency = settings.currency;
  const [target, setTarget] = useState(200);
  const [targetText, setTargetText] = useState(formatHundredths(200));
  const [chanceInput, setChanceInput] = useState(() => chanceText(200, edge));
  const [editing, setEditing] = useState<'target' | 'chance' | null>(null);
  const [arrivedId, setArrivedId] = useState<number | null>(null);
  const locked = state.hasTag('busy') || state.hasTag('auto');
  const showing = state.hasTag('showing');
  const profitOnWin = Math.floor((stake * target) / 100) - stake;
  const last = state.context.last?.game === 'limbo' ? state.context.last : null;

  // The field being typed in keeps the player's text; the other follows the target.
  useEffect(() => {
    if (editing !== 'target') setTargetText(formatHundredths(target));
    if (editing !== 'chance') setChanceInput(chanceText(target, edge));
  }, [target, edge, editing]);

  // The count-up has reached the result: the machine may move on (to the next auto bet).
  const onArrived = useCallback(
    (id: number) => {
      setArrivedId(id);
      send({ type: 'SHOWN' });
    },
    [send],
  );

  const setFromTarget = (text: string) => {
    setTargetText(text);
    const m = parseDecimal(text);
    if (Number.isFinite(m) && m * 100 >= LIMBO_MIN_TARGET) setTarget(clampTarget(Math.round(m * 100)));
  };
  const setFromChance = (text: string) => {
    setChanceInput(text);
    const c = parseDecimal(text);
    if (Number.isFinite(c) && c > 0) setTarget(clampTarget(Math.round((10_000 - edge) / c)));
  };

  useHotkeys(switches.hotkeys, {
    ' ': () => document.querySelector<HTMLButtonElement>('[data-testid="og-bet"]')?.click(),
    h: () => !locked && setStake(Math.max(gameSettings.minBet, Math.floor(stake / 2))),
    d: () => !locked && setStake(Math.min(gameSettings.maxBet, stake * 2)),
  });

  // The bet being counted up is not in the strip, nor said, until the count has reached it.
  const done = !!last && (!showing || arrivedId === last.id);
  const won = last && done ? resultOf(last) >= targetOf(last) : null;
  const betTarget = last ? targetOf(last) : target;
  const history = showing ? state.context.results.slice(1) : state.context.results;

  const panel = (
    <InstantControls game={game} currency={currency} params={{ target }} profitOnWin={profitOnWin}>
      {null}
    </InstantControls>
  );

  const stage = (
    <div className={`og-limbo ${switches.instant ? 'is-instant' : ''}`}>
      <ol className="og-history" aria-label={t('originals.history')}>
        {history.map((b) => {
          const win = resultOf(b) >= targetOf(b);
          return (
            <li key={b.id} className={win ? 'og-win' : 'og-loss'}>
              <span aria-hidden="true">{win ? '✓ ' : '✕ '}</span>
              {formatHundredths(resultOf(b))}×
              <span className="visually-hidden">
                {' '}
                {win ? t('originals.limbo.win') : t('originals.limbo.loss')}
              </span>
            </li>
          );
        })}
      </ol>
      <div className="og-limbo-display">
        <LimboNumber bet={last} animate={showing} sound={switches.sound} onArrived={onArrived} />
        <p className="og-limbo-target">
          {t('originals.limbo.target_line', { target: formatHundredths(betTarget) })}
        </p>
        <p className="og-limbo-outcome" data-testid="og-limbo-outcome">
          {won === null || !last ? (
            '\u00a0'
          ) : won ? (
            <span className="og-limbo-badge og-win">
              <span aria-hidden="true">✓ </span>
              {t('originals.limbo.won', { profit: formatAmount(last.payout - last.stake, lang), currency })}
            </span>
          ) : (
            <span className="og-limbo-badge og-loss">
              <span aria-hidden="true">✕ </span>
              {t('originals.limbo.lost')}
            </span>
          )}
        </p>
        <p className="visually-hidden" role="status" aria-live="polite" data-testid="og-announce">
          {won === null || !last
            ? ''
            : won
              ? t('originals.limbo.announce_won', {
                  result: formatHundredths(resultOf(last)),
                  target: formatHundredths(targetOf(last)),
                  payout: formatAmount(last.payout, lang),
                  currency,
                })
              : t('originals.limbo.announce_lost', {
                  result: formatHundredths(resultOf(last)),
                  target: formatHundredths(targetOf(last)),
                })}
        </p>
      </div>
      <div className="og-limbo-fields">
        <div className="og-field">
          <label htmlFor="og-limbo-target">{t('originals.limbo.target')}</label>
          <div className="og-limbo-input">
            <input
              id="og-limbo-target"
              className="input"
              inputMode="decimal"
              autoComplete="off"
              data-testid="og-limbo-target"
              disabled={locked}
              value={targetText}
              onFocus={() => setEditing('target')}
              onChange={(e) => setFromTarget(e.target.value)}
              onBlur={() => setEditing(null)}
            />
            <span aria-hidden="true">×</span>
          </div>
        </div>
        <div className="og-field">
          <label htmlFor="og-limbo-chance">{t('originals.limbo.chance')}</label>
          <div className="og-limbo-input">
            <input
              id="og-limbo-chance"
              className="input"
              inputMode="decimal"
              autoComplete="off"
              data-testid="og-limbo-chance"
              disabled={locked}
              value={chanceInput}
              onFocus={() => setEditing('chance')}
              onChange={(e) => setFromChance(e.target.value)}
              onBlur={() => setEditing(null)}
            />
          </div>
        </div>
      </div>
    </div>
  );

  return (
    <GameShell
      game="limbo"
      settings={gameSettings}
      currency={currency}
      panel={panel}
      stage={stage}
      switches={switches}
      hotkeyHelp={t('originals.limbo.hotkeys')}
      refreshKey={state.context.results.length ? state.context.results[0]!.id : 0}
      rules={<p>{t('originals.limbo.rules', { edge: formatHundredths(edge) })}</p>}
    />
  );
}
