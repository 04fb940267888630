import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OriginalsSettings } from '../../api/contract/originals';
import {
  DICE_MAX_CHANCE,
  DICE_MIN_CHANCE,
  diceMultiplierShown,
  diceTarget,
  diceWins,
} from '../../originals/games/dice';
import { percentSign } from '../../ui/format';
import { GameShell } from './GameShell';
import { InstantControls } from './InstantControls';
import { play } from './sound';
import { useHotkeys } from './useHotkeys';
import { useInstantGame } from './useInstantGame';
import { formatHundredths, formatMultiplier } from './useOriginals';

/** A chance or a roll in hundredths of a percent, in the page's language: 3664 → "36,64" in PT. */
const pct = formatHundredths;

/** Dice: roll 0.00–99.99 over or under a line the player sets by its chance (or its payout). */
export default function DiceGame({ settings }: { settings: OriginalsSettings }) {
  const { t } = useTranslation();
  const game = useInstantGame('dice', settings);
  const { state, send, gameSettings, stake, setStake, switches } = game;
  const edge = gameSettings.edgeBp;
  const [chance, setChance] = useState(4_950);
  const [side, setSide] = useState<'over' | 'under'>('over');
  const [multiplierText, setMultiplierText] = useState('');
  const locked = state.hasTag('busy') || state.hasTag('auto');
  const multiplier = diceMultiplierShown(chance, edge);
  const target = diceTarget({ chance, side });
  const profitOnWin = Math.floor((stake * (10_000 - edge)) / chance) - stake;
  const last = state.context.last;
  const roll = last?.game === 'dice' ? (last.outcome.roll as number) : null;
  const lastParams = last?.params as { chance: number; side: 'over' | 'under' } | undefined;
  const won = roll !== null && lastParams ? diceWins(roll, lastParams) : null;

  useEffect(() => {
    setMultiplierText(formatMultiplier(multiplier, 4));
  }, [multiplier]);

  // The marker slides to the roll; the machine moves on when it has arrived.
  useEffect(() => {
    if (!state.hasTag('showing')) return;
    const timer = setTimeout(() => send({ type: 'SHOWN' }), 450);
    return () => clearTimeout(timer);
  }, [state, send]);
  useEffect(() => {
    if (roll !== null) play(switches.sound, 'tick');
  }, [roll, switches.sound]);

  const setFromMultiplier = (text: string) => {
    setMultiplierText(text);
    const m = Number.parseFloat(text.replace(',', '.'));
    if (!Number.isFinite(m) || m <= 1) return;
    const c = Math.round((10_000 - edge) / m);
    setChance(Math.min(DICE_MAX_CHANCE, Math.max(DICE_MIN_CHANCE, c)));
  };
  const flip = () => !locked && setSide((s) => (s === 'over' ? 'under' : 'over'));
  useHotkeys(switches.hotkeys, {
    ' ': () => document.querySelector<HTMLButtonElement>('[data-testid="og-bet"]')?.click(),
    h: () => !locked && setStake(Math.max(gameSettings.minBet, Math.floor(stake / 2))),
    d: () => !locked && setStake(Math.min(gameSettings.maxBet, stake * 2)),
    f: flip,
  });

  // The track's slider sets the line; its value is the line in hundredths.
  const sliderValue = target;
  const onSlide = (value: number) => {
    const c = side === 'under' ? value : 9_999 - value;
    setChance(Math.min(DICE_MAX_CHANCE, Math.max(DICE_MIN_CHANCE, c)));
  };

  const panel = (
    <InstantControls
      game={game}
      currency={settings.currency}
      params={{ chance, side }}
      profitOnWin={profitOnWin}
    >
      <div className="og-field">
        <label htmlFor="og-chance">{t('originals.dice.chance')} (%)</label>
        <input
          id="og-chance"
          className="input"
          inputMode="decimal"
          disabled={locked}
          value={pct(chance)}
          onChange={(e) => {
            const v = Math.round(Number.parseFloat(e.target.value.replace(',', '.')) * 100);
            if (Number.isFinite(v)) setChance(Math.min(DICE_MAX_CHANCE, Math.max(DICE_MIN_CHANCE, v)));
          }}
        />
      </div>
    </InstantControls>
  );

  const stage = (
    <div className={`og-dice ${switches.instant ? 'is-instant' : ''}`}>
      <div
        className={`og-dice-result ${won === null ? '' : won ? 'og-win' : 'og-loss'}`}
        data-testid="og-result"
        aria-live="polite"
      >
        {roll === null ? '—' : pct(roll)}
      </div>
      <div className="og-dice-track">
        <div
          className="og-dice-zones"
          style={
            side === 'under'
              ? {
                  background: `linear-gradient(90deg, var(--og-win) ${target / 100}%, var(--og-lose) ${target / 100}%)`,
                }
              : {
                  background: `linear-gradient(90deg, var(--og-lose) ${(target + 1) / 100}%, var(--og-win) ${(target + 1) / 100}%)`,
                }
          }
        />
        <input
          type="range"
          className="og-dice-slider"
          min={side === 'under' ? DICE_MIN_CHANCE : 9_999 - DICE_MAX_CHANCE}
          max={side === 'under' ? DICE_MAX_CHANCE : 9_999 - DICE_MIN_CHANCE}
          step={1}
          value={sliderValue}
          disabled={locked}
          aria-label={t('originals.dice.line')}
          aria-valuetext={pct(target)}
          onChange={(e) => onSlide(Number(e.target.value))}
        />
        {roll !== null && (
          <div
            className={`og-dice-marker ${won ? 'og-win' : 'og-loss'}`}
            // The roll's point on the track, with the label shifted by the same fraction of its own width:
            // centred it ran past the card's edge near 0 and 100.
            style={{
              left: `calc(14px + (100% - 28px) * ${roll / 10_000})`,
              transform: `translateX(-${roll / 100}%)`,
            }}
            key={last?.id}
          >
            <span>{pct(roll)}</span>
          </div>
        )}
        <div className="og-dice-scale" aria-hidden="true">
          {[0, 25, 50, 75, 100].map((n) => (
            <span key={n}>{n}</span>
          ))}
        </div>
      </div>
      <div className="og-dice-fields">
        <div className="og-field">
          <label htmlFor="og-multiplier">{t('originals.dice.multiplier')}</label>
          <input
            id="og-multiplier"
            className="input"
            inputMode="decimal"
            disabled={locked}
            value={multiplierText}
            onChange={(e) => setFromMultiplier(e.target.value)}
            onBlur={() => setMultiplierText(formatMultiplier(multiplier, 4))}
          />
        </div>
        <div className="og-field">
          <span className="og-label">
            {side === 'over' ? t('originals.dice.roll_over') : t('originals.dice.roll_under')}
          </span>
          <button
            type="button"
            className="input og-flip"
            data-testid="og-flip"
            disabled={locked}
            onClick={flip}
          >
            {pct(target)} ⇄
          </button>
        </div>
        <div className="og-field">
          <span className="og-label">{t('originals.dice.chance')}</span>
          <output className="input">
            {pct(chance)}
            {percentSign()}
          </output>
        </div>
      </div>
      <ol className="og-history" aria-label={t('originals.history')}>
        {state.context.results.map((b) => {
          const p = b.params as { chance: number; side: 'over' | 'under' };
          const r = b.outcome.roll as number;
          return (
            <li key={b.id} className={diceWins(r, p) ? 'og-win' : 'og-loss'}>
              {pct(r)}
            </li>
          );
        })}
      </ol>
    </div>
  );

  return (
    <GameShell
      game="dice"
      settings={gameSettings}
      currency={settings.currency}
      panel={panel}
      stage={stage}
      switches={switches}
      hotkeyHelp={t('originals.dice.hotkeys')}
      refreshKey={state.context.results.length ? state.context.results[0]!.id : 0}
      rules={<p>{t('originals.dice.rules', { edge: formatHundredths(edge) })}</p>}
    />
  );
}
