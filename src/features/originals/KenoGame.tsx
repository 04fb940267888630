import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OriginalsBet, OriginalsSettings } from '../../api/contract/originals';
import {
  KENO_MAX_PICKS,
  KENO_NUMBERS,
  KENO_RISKS,
  type KenoRisk,
  kenoHits,
} from '../../originals/games/keno';
import { formatAmount } from '../../ui/format';
import { GameShell } from './GameShell';
import { InstantControls } from './InstantControls';
import './keno.css';
import { play } from './sound';
import { useHotkeys } from './useHotkeys';
import { useInstantGame } from './useInstantGame';
import { formatHundredths } from './useOriginals';

const NUMBERS = Array.from({ length: KENO_NUMBERS }, (_, i) => i + 1);
/** The pause between two drawn numbers appearing. */
const REVEAL_MS = 100;

/** A uniform whole number in 0 … n − 1 from the browser's cryptographic generator (no modulo bias). */
function randomBelow(n: number) {
  const limit = Math.floor(0x1_0000_0000 / n) * n;
  const word = new Uint32Array(1);
  do crypto.getRandomValues(word);
  while (word[0]! >= limit);
  return word[0]! % n;
}

/** `count` distinct numbers of 1 … 40, each set equally likely (a partial Fisher–Yates shuffle). */
function randomPicks(count: number) {
  const pool = [...NUMBERS];
  for (let i = 0; i < count; i++) {
    const j = i + randomBelow(pool.length - i);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, count).sort((a, b) => a - b);
}

interface KenoParams {
  picks: number[];
  risk: KenoRisk;
}
const drawnOf = (bet: OriginalsBet) => bet.outcome.drawn as number[];
const paramsOf = (bet: OriginalsBet) => bet.params as unknown as KenoParams;

/** Keno: pick 1 to 10 of 40 numbers; 10 are drawn and the table pays by how many of the picks were drawn. */
export default function KenoGame({ settings }: { settings: OriginalsSettings }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const game = useInstantGame('keno', settings);
  const { state, send, gameSettings, stake, setStake, switches } = game;
  const edge = gameSettings.edgeBp;
  const currency = settings.currency;
  const [picks, setPicks] = useState<number[]>([]);
  const [risk, setRisk] = useState<KenoRisk>('classic');
  /** How many of a bet's drawn numbers are on the board so far. */
  const [revealed, setRevealed] = useState<{ id: number; count: number } | null>(null);
  /** The bet whose draw the player put away by changing the picks. */
  const [cleared, setCleared] = useState<number | null>(null);
  const locked = state.hasTag('busy') || state.hasTag('auto');
  const showing = state.hasTag('showing');
  const last = state.context.last?.game === 'keno' ? state.context.last : null;
  const table = picks.length ? settings.keno[`${picks.length}:${risk}`] : undefined;
  const top = table ? Math.max(...table) : 0;
  const profitOnWin = table ? Math.min(Math.floor((stake * top) / 100), gameSettings.maxWin) - stake : null;
  const soundOn = useRef(switches.sound);
  soundOn.current = switches.sound;

  // The drawn numbers appear one by one, hits with their own sound; then the machine moves on. Without
  // animation (or in a hidden tab, where timers are slowed) they all show at once.
  useEffect(() => {
    if (!last) return;
    const drawn = drawnOf(last);
    if (!showing || document.hidden) {
      setRevealed({ id: last.id, count: drawn.length });
      if (showing) send({ type: 'SHOWN' });
      return;
    }
    const picked = paramsOf(last).picks;
    let count = 0;
    setRevealed({ id: last.id, count });
    const timer = setInterval(() => {
      count += 1;
      setRevealed({ id: last.id, count });
      play(soundOn.current, picked.includes(drawn[count - 1]!) ? 'gem' : 'tick');
      if (count >= drawn.length) {
        clearInterval(timer);
        send({ type: 'SHOWN' });
      }
    }, REVEAL_MS);
    return () => clearInterval(timer);
  }, [last, showing, send]);

  const changePicks = (next: number[]) => {
    if (locked) return;
    setPicks(next);
    if (last) setCleared(last.id);
  };
  const toggle = (n: number) => {
    if (picks.includes(n)) changePicks(picks.filter((p) => p !== n));
    else if (picks.length < KENO_MAX_PICKS) changePicks([...picks, n].sort((a, b) => a - b));
  };
  const autoPick = () => changePicks(randomPicks(picks.length || KENO_MAX_PICKS));
  const clear = () => changePicks([]);

  useHotkeys(switches.hotkeys, {
    ' ': () => document.querySelector<HTMLButtonElement>('[data-testid="og-bet"]')?.click(),
    h: () => !locked && setStake(Math.max(gameSettings.minBet, Math.floor(stake / 2))),
    d: () => !locked && setStake(Math.min(gameSettings.maxBet, stake * 2)),
    r: autoPick,
    c: clear,
  });

  // The board shows the last bet's draw, as far as it has been revealed, until the picks change.
  const board = last && cleared !== last.id ? last : null;
  const count = !board ? 0 : revealed?.id === board.id ? revealed.count : showing ? 0 : drawnOf(board).length;
  const drawnNow = board ? drawnOf(board).slice(0, count) : [];
  const betPicks = board ? paramsOf(board).picks : [];
  const done = !!board && count >= drawnOf(board).length;
  const hits = board ? kenoHits(betPicks, drawnNow) : 0;
  const betTable = board ? settings.keno[`${betPicks.length}:${paramsOf(board).risk}`] : undefined;
  const betMultiplier = board && done ? (betTable?.[hits] ?? board.multiplier / 100) : null;
  const tableIsBets = !!board && done && paramsOf(board).risk === risk && betPicks.length === picks.length;
  const history = showing ? state.context.results.slice(1) : state.context.results;
  const full = picks.length >= KENO_MAX_PICKS;

  const panel = (
    <InstantControls
      game={game}
      currency={currency}
      params={{ picks, risk }}
      profitOnWin={profitOnWin}
      profitLabel={t('originals.top_profit')}
    >
      <fieldset className="og-rule">
        <legend>{t('originals.keno.risk')}</legend>
        <div className="og-segment og-keno-risks">
          {KENO_RISKS.map((r) => (
            <button
              key={r}
              type="button"
              aria-pressed={risk === r}
              disabled={locked}
              data-testid={`og-keno-risk-${r}`}
              onClick={() => setRisk(r)}
            >
              {t(`originals.keno.risks.${r}`)}
            </button>
          ))}
        </div>
      </fieldset>
      {table && (
        <small className="muted">{t('originals.keno.max_note', { max: formatHundredths(top) })}</small>
      )}
    </InstantControls>
  );

  const stage = (
    <div className={`og-keno ${switches.instant ? 'is-instant' : ''}`}>
      <div className="og-keno-head">
        <div
          className={`og-keno-result ${!board ? 'is-idle' : done ? (board.payout > board.stake ? 'og-win' : 'og-loss') : ''}`}
          data-testid="og-result"
          data-state={!board ? 'idle' : done ? 'done' : 'drawing'}
        >
          {board ? (
            <>
              {t('originals.keno.result', { hits, picks: betPicks.length })}
              {betMultiplier !== null && (
                <>
                  {' · '}
                  <strong>{formatHundredths(betMultiplier)}×</strong>
                </>
              )}
            </>
          ) : (
            '—'
          )}
        </div>
        <ol className="og-history" aria-label={t('originals.history')}>
          {history.map((b) => {
            const p = paramsOf(b);
            const win = b.payout > b.stake;
            return (
              <li key={b.id} className={win ? 'og-win' : 'og-loss'}>
                <span aria-hidden="true">{win ? '✓ ' : '✕ '}</span>
                {kenoHits(p.picks, drawnOf(b))}/{p.picks.length}
                <span className="visually-hidden">
                  {' '}
                  {win ? t('originals.keno.win') : t('originals.keno.loss')}
                </span>
              </li>
            );
          })}
        </ol>
      </div>
      <fieldset className="og-keno-board">
        <legend className="visually-hidden">{t('originals.keno.board')}</legend>
        {NUMBERS.map((n) => {
          const picked = picks.includes(n);
          const drawn = drawnNow.includes(n);
          const hit = drawn && betPicks.includes(n);
          const look = hit ? 'hit' : drawn ? 'drawn' : picked && done ? 'missed' : picked ? 'picked' : 'open';
          return (
            <button
              key={n}
              type="button"
              className={`og-keno-n is-${look}`}
              data-testid="og-keno-n"
              data-n={n}
              data-picked={picked ? 'true' : undefined}
              data-drawn={drawn ? 'true' : undefined}
              data-hit={hit ? 'true' : undefined}
              aria-pressed={picked}
              aria-disabled={!picked && full ? true : undefined}
              disabled={locked}
              onClick={() => toggle(n)}
            >
              <span className="og-keno-num">{n}</span>
              {hit && (
                <span className="og-keno-mark" aria-hidden="true">
                  ◆
                </span>
              )}
              {drawn && !hit && (
                <span className="og-keno-mark" aria-hidden="true">
                  ●
                </span>
              )}
              {(hit || drawn) && (
                <span className="visually-hidden">
                  , {hit ? t('originals.keno.hit') : t('originals.keno.drawn')}
                </span>
              )}
            </button>
          );
        })}
      </fieldset>
      <div className="og-keno-actions">
        <span className="og-keno-count" data-testid="og-keno-count">
          {t('originals.keno.picked', { n: picks.length })}
        </span>
        <button
          type="button"
          className="og-keno-action"
          data-testid="og-keno-autopick"
          disabled={locked}
          onClick={autoPick}
        >
          {t('originals.keno.auto_pick')}
        </button>
        <button
          type="button"
          className="og-keno-action"
          data-testid="og-keno-clear"
          disabled={locked || picks.length === 0}
          onClick={clear}
        >
          {t('originals.keno.clear')}
        </button>
      </div>
      {table ? (
        <div className="og-keno-table">
          <p className="og-keno-table-title" id="og-keno-table-title">
            {t('originals.keno.table')}
          </p>
          <ul className="og-keno-pays" aria-labelledby="og-keno-table-title" data-testid="og-keno-table">
            {table.map((m, h) => {
              const achieved = tableIsBets && h === hits;
              return (
                <li
                  // biome-ignore lint/suspicious/noArrayIndexKey: a row per number of hits
                  key={h}
                  className={`og-keno-pay ${achieved ? 'is-achieved' : ''} ${m === 0 ? 'is-zero' : ''}`}
                  data-hits={h}
                  data-achieved={achieved ? 'true' : undefined}
                  aria-current={achieved ? 'true' : undefined}
                >
                  <span className="og-keno-pay-hits" aria-hidden="true">
                    {achieved ? '✓ ' : ''}
                    {h} ◆
                  </span>
                  <span className="og-keno-pay-x" aria-hidden="true">
                    {formatHundredths(m)}×
                  </span>
                  <span className="visually-hidden">
                    {t('originals.keno.table_row', { hits: h, multiplier: formatHundredths(m) })}
                  </span>
                </li>
              );
            })}
          </ul>
        </div>
      ) : (
        <p className="og-keno-hint">{t('originals.keno.hint')}</p>
      )}
      <p className="visually-hidden" role="status" aria-live="polite" data-testid="og-announce">
        {board && done && betMultiplier !== null
          ? t('originals.keno.announce', {
              hits,
              picks: betPicks.length,
              multiplier: formatHundredths(betMultiplier),
              payout: formatAmount(board.payout, lang),
              currency,
            })
          : ''}
      </p>
    </div>
  );

  return (
    <GameShell
      game="keno"
      settings={gameSettings}
      currency={currency}
      panel={panel}
      stage={stage}
      switches={switches}
      hotkeyHelp={t('originals.keno.hotkeys')}
      refreshKey={state.context.results.length ? state.context.results[0]!.id : 0}
      rules={<p>{t('originals.keno.rules', { edge: formatHundredths(edge) })}</p>}
    />
  );
}
