import { useMachine, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { call } from '../../api/client';
import type { LotteryDraw, LotteryGame, PlacedSlip } from '../../api/contract/lottery';
import { errorKey } from '../../api/errors';
import { betTypes, type RowSpec } from '../../lottery/bet-types';
import { inspectOptions } from '../../machines/inspect';
import {
  combosOf,
  lotterySlipMachine,
  type PlaceRequest,
  slipCost,
} from '../../machines/lottery-slip.machine';
import type { Attempt } from '../../machines/request-attempt';
import { formatAmount, formatDecimal, parseAmount } from '../../ui/format';
import { Modal } from '../../ui/Modal';

const rand = (n: number) => {
  const buf = new Uint32Array(1);
  crypto.getRandomValues(buf);
  return buf[0]! % n;
};

const pad = (v: number, spec: RowSpec) => (spec.pad ? String(v).padStart(spec.pad, '0') : String(v));

/** A row of picks: balls for up to 100 numbers, chips for options, a typed number for 3 and 4 digits. */
function PickRow({
  spec,
  picks,
  onToggle,
  disabled,
}: {
  spec: RowSpec;
  picks: number[];
  onToggle: (value: number) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const label = t(`lottery.rows.${spec.label}`);
  if (spec.max - spec.min >= 100) {
    const valid = new RegExp(`^\\d{${spec.pad ?? 1}}$`).test(typed);
    return (
      <fieldset className="lt-row">
        <legend>{label}</legend>
        <div className="lt-typed">
          <input
            className="input"
            inputMode="numeric"
            maxLength={spec.pad}
            aria-label={t('lottery.typeNumber', { digits: spec.pad })}
            value={typed}
            disabled={disabled}
            onChange={(e) => setTyped(e.target.value.replace(/\D/g, ''))}
          />
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            disabled={disabled || !valid}
            onClick={() => {
              onToggle(Number(typed));
              setTyped('');
            }}
          >
            {t('lottery.addNumber')}
          </button>
        </div>
        <div className="lt-chips">
          {picks.map((v) => (
            <button
              key={v}
              type="button"
              className="lt-chip on"
              aria-pressed="true"
              onClick={() => onToggle(v)}
            >
              {pad(v, spec)} ×
            </button>
          ))}
        </div>
      </fieldset>
    );
  }
  const values = Array.from({ length: spec.max - spec.min + 1 }, (_, i) => spec.min + i);
  return (
    <fieldset className="lt-row">
      <legend>{label}</legend>
      <div
        className={
          spec.options
            ? 'lt-chips'
            : `lt-grid${values.length === 10 ? ' ten' : values.length > 20 ? ' dense' : ''}`
        }
      >
        {values.map((v) => {
          const on = picks.includes(v);
          return (
            <button
              key={v}
              type="button"
              className={spec.options ? `lt-chip${on ? ' on' : ''}` : `lt-pick${on ? ' on' : ''}`}
              aria-pressed={on}
              disabled={disabled}
              onClick={() => onToggle(v)}
            >
              {spec.options ? t(`lottery.options.${spec.options[v]}`) : pad(v, spec)}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}

/** The odds of a bet type as the player reads them, in the page's language: "× 97.500,00", or each option's. */
function oddsText(odds: Record<string, number>, t: (k: string) => string) {
  const entries = Object.entries(odds);
  if (entries.length === 1) return `× ${formatDecimal(entries[0]![1] / 100, 2)}`;
  return entries.map(([k, v]) => `${t(`lottery.oddsKeys.${k}`)} × ${formatDecimal(v / 100, 2)}`).join(' · ');
}

/**
 * The bet slip (the slip machine): bet type, picks, amount per combination and multiplier, the lines
 * added, the chase, and the review before the slip goes for the draw taking bets.
 */
export function SlipPanel({
  game,
  open,
  upcoming,
  currency,
  onPlaced,
}: {
  game: LotteryGame;
  open: LotteryDraw | null;
  upcoming: LotteryDraw[];
  currency: string;
  onPlaced: (slip: PlacedSlip) => void;
}) {
  const { t } = useTranslation();
  const types = game.betTypes.filter((b) => b.enabled && betTypes.has(b.code));
  if (types.length === 0) {
    return (
      <section className="card lt-slip" data-testid="lt-slip">
        <p className="muted">{t('lottery.noBetTypes')}</p>
      </section>
    );
  }
  return (
    <Slip game={game} open={open} upcoming={upcoming} currency={currency} onPlaced={onPlaced} types={types} />
  );
}

function Slip({
  game,
  open,
  upcoming,
  currency,
  onPlaced,
  types,
}: {
  game: LotteryGame;
  open: LotteryDraw | null;
  upcoming: LotteryDraw[];
  currency: string;
  onPlaced: (slip: PlacedSlip) => void;
  types: LotteryGame['betTypes'];
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const first = types[0]!;
  const machine = useMemo(
    () =>
      lotterySlipMachine.provide({
        actors: {
          placeSlip: fromPromise<PlacedSlip, Attempt<PlaceRequest>>(async ({ input }) => {
            const slip = await call('placeSlip', { body: { requestId: input.requestId, ...input.request } });
            onPlaced(slip);
            return slip;
          }),
        },
      }),
    [onPlaced],
  );
  const [state, send] = useMachine(machine, {
    input: {
      game: game.code,
      betType: first.code,
      unit: Math.max(first.minStake, 100),
      maxChase: game.maxChase,
    },
    ...inspectOptions(),
  });
  const ctx = state.context;
  const chase = useSelector(ctx.chase, (s) => s);
  const def = betTypes.get(ctx.betType)!;
  const settings = types.find((b) => b.code === ctx.betType) ?? first;
  const combos = combosOf(ctx.betType, ctx.selection);
  const draws = chase.matches('on') ? chase.context.draws : 1;
  const total = slipCost(ctx.lines, draws);
  const editing = state.hasTag('editing');
  const [unitText, setUnitText] = useState(formatAmount(ctx.unit, lang));
  // Typed freely (it may be empty or 1 on the way to 12); the machine takes it once it is a chase length.
  const [drawsText, setDrawsText] = useState(String(chase.context.draws));
  const money = (v: number) => `${formatAmount(v, lang)} ${currency}`;
  const chaseDraws = upcoming.slice(0, draws);

  return (
    <section className="card lt-slip" aria-label={t('lottery.slip')} data-testid="lt-slip">
      <div className="lt-types" role="tablist" aria-label={t('lottery.betType')}>
        {types.map((b) => (
          <button
            key={b.code}
            type="button"
            role="tab"
            aria-selected={b.code === ctx.betType}
            className={`lt-type${b.code === ctx.betType ? ' on' : ''}`}
            data-testid={`lt-type-${b.code}`}
            disabled={!editing}
            onClick={() => send({ type: 'SELECT_TYPE', betType: b.code })}
          >
            {t(`lottery.types.${b.code}`)}
          </button>
        ))}
      </div>
      <p className="lt-rule muted">
        {t(`lottery.rules.${ctx.betType}`)} <strong>{oddsText(settings.odds, t)}</strong>
      </p>

      {def.rows.map((spec, i) => (
        <PickRow
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are the bet type's, in its order
          key={`${ctx.betType}-${i}`}
          spec={spec}
          picks={ctx.selection[i] ?? []}
          disabled={!editing}
          onToggle={(value) => send({ type: 'TOGGLE', row: i, value })}
        />
      ))}
      <div className="lt-actions">
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          data-testid="lt-quick"
          disabled={!editing}
          onClick={() => send({ type: 'QUICK', selection: def.quick(rand) })}
        >
          {t('lottery.quickPick')}
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          disabled={!editing}
          onClick={() => send({ type: 'CLEAR' })}
        >
          {t('lottery.clear')}
        </button>
      </div>

      <div className="lt-amounts">
        <label>
          {t('lottery.unit')} <small>{currency}</small>
          <input
            className="input"
            inputMode="decimal"
            data-testid="lt-unit"
            value={unitText}
            disabled={!editing}
            onChange={(e) => {
              setUnitText(e.target.value);
              const v = parseAmount(e.target.value, lang);
              if (v !== null && v > 0) send({ type: 'SET_UNIT', unit: v });
            }}
            onBlur={() => setUnitText(formatAmount(ctx.unit, lang))}
          />
        </label>
        <label>
          {t('lottery.multiplier')}
          <span className="lt-stepper">
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              aria-label={t('lottery.less')}
              disabled={!editing || ctx.multiplier <= 1}
              onClick={() => send({ type: 'SET_MULTIPLIER', multiplier: ctx.multiplier - 1 })}
            >
              −
            </button>
            <input
              className="input"
              inputMode="numeric"
              data-testid="lt-multiplier"
              value={ctx.multiplier}
              disabled={!editing}
              onChange={(e) => send({ type: 'SET_MULTIPLIER', multiplier: Number(e.target.value) })}
            />
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              aria-label={t('lottery.more')}
              disabled={!editing}
              onClick={() => send({ type: 'SET_MULTIPLIER', multiplier: ctx.multiplier + 1 })}
            >
              +
            </button>
          </span>
        </label>
      </div>
      <p className="lt-price" data-testid="lt-price">
        {t('lottery.price', {
          combos,
          unit: formatAmount(ctx.unit, lang),
          multiplier: ctx.multiplier,
          total: money(ctx.unit * ctx.multiplier * combos),
        })}
      </p>
      <p className="muted lt-limits">
        {t('lottery.limits', { min: money(settings.minStake), max: money(settings.maxStake) })}
      </p>
      <button
        type="button"
        className="btn btn-primary"
        data-testid="lt-add"
        disabled={!editing || combos === 0}
        onClick={() => send({ type: 'ADD' })}
      >
        {t('lottery.addLine')}
      </button>

      {ctx.lines.length > 0 && (
        <ol className="lt-lines" data-testid="lt-lines">
          {ctx.lines.map((l, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a line is its place on the slip
            <li key={i}>
              <span>
                <strong>{t(`lottery.types.${l.betType}`)}</strong>{' '}
                <span className="lt-sel">{selectionText(l.betType, l.selection, t)}</span>
              </span>
              <span className="muted">
                {l.combos} × {formatAmount(l.unit, lang)} × {l.multiplier}
              </span>
              <span>{money(l.stake)}</span>
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                aria-label={t('lottery.removeLine', { n: i + 1 })}
                disabled={!editing}
                onClick={() => send({ type: 'REMOVE', index: i })}
              >
                ×
              </button>
            </li>
          ))}
        </ol>
      )}

      <fieldset className="lt-chase" disabled={!editing || game.maxChase < 2}>
        <legend>{t('lottery.chase')}</legend>
        <label className="lt-check">
          <input
            type="checkbox"
            data-testid="lt-chase"
            checked={chase.matches('on')}
            onChange={(e) => ctx.chase.send({ type: e.target.checked ? 'ENABLE' : 'DISABLE' })}
          />
          {t('lottery.chaseOn', { max: game.maxChase })}
        </label>
        {chase.matches('on') && (
          <div className="lt-chase-body">
            <label>
              {t('lottery.chaseDraws')}
              <input
                className="input"
                type="number"
                min={2}
                max={game.maxChase}
                data-testid="lt-chase-draws"
                value={drawsText}
                onChange={(e) => {
                  setDrawsText(e.target.value);
                  ctx.chase.send({ type: 'SET_DRAWS', draws: Number(e.target.value) });
                }}
                onBlur={() => setDrawsText(String(chase.context.draws))}
              />
            </label>
            <label className="lt-check">
              <input
                type="checkbox"
                checked={chase.context.stopOnWin}
                onChange={() => ctx.chase.send({ type: 'TOGGLE_STOP' })}
              />
              {t('lottery.stopOnWin')}
            </label>
          </div>
        )}
      </fieldset>

      <div className="lt-total">
        <span>
          {t('lottery.total', { lines: ctx.lines.length, draws })}{' '}
          <strong data-testid="lt-total">{money(total)}</strong>
        </span>
        <button
          type="button"
          className="btn btn-accent"
          data-testid="lt-review"
          disabled={!editing || ctx.lines.length === 0 || !open}
          onClick={() => send({ type: 'REVIEW' })}
        >
          {t('lottery.placeBet')}
        </button>
      </div>

      {(state.hasTag('review') || state.hasTag('busy')) && open && (
        <Modal
          title={t('lottery.confirmTitle', { draw: open.number })}
          onClose={() => send({ type: 'BACK' })}
          testId="lt-confirm"
        >
          <ul className="lt-confirm-lines">
            {ctx.lines.map((l, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a line is its place on the slip
              <li key={i}>
                {t(`lottery.types.${l.betType}`)} · {selectionText(l.betType, l.selection, t)} ·{' '}
                {money(l.stake)}
              </li>
            ))}
          </ul>
          {draws > 1 && (
            <p>
              {t('lottery.chaseSummary', {
                draws,
                from: chaseDraws[0]?.number ?? open.number,
                to: chaseDraws.at(-1)?.number ?? open.number,
              })}
              {chase.context.stopOnWin ? ` ${t('lottery.stopOnWin')}.` : ''}
            </p>
          )}
          <p>
            {t('lottery.confirmTotal')} <strong>{money(total)}</strong>
          </p>
          {ctx.errorCode && (
            <p className="lt-error" role="alert" data-testid="lt-error" data-code={ctx.errorCode}>
              {ctx.errorMessage ?? t(errorKey(ctx.errorCode))}
            </p>
          )}
          <div className="lt-confirm-actions">
            <button type="button" className="btn btn-ghost" onClick={() => send({ type: 'BACK' })}>
              {t('lottery.back')}
            </button>
            <button
              type="button"
              className="btn btn-primary"
              data-testid="lt-confirm-send"
              disabled={state.hasTag('busy')}
              onClick={() => send({ type: 'CONFIRM', draw: open.number })}
            >
              {state.hasTag('busy') ? t('lottery.sending') : t('lottery.confirm')}
            </button>
          </div>
        </Modal>
      )}
      {state.hasTag('done') && ctx.placed && (
        <div className="lt-placed" role="status" data-testid="lt-placed">
          <p>
            {t('lottery.placed', {
              lines: ctx.placed.lines.length,
              draw: ctx.placed.lines[0]?.draw ?? '',
            })}
          </p>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => send({ type: 'AGAIN' })}>
            {t('lottery.again')}
          </button>
          <button
            type="button"
            className="btn btn-primary btn-sm"
            data-testid="lt-new"
            onClick={() => send({ type: 'NEW' })}
          >
            {t('lottery.newSlip')}
          </button>
        </div>
      )}
    </section>
  );
}

/** A selection in words: "1 2 | 3", "Grande", "07 42". */
export function selectionText(betType: string, selection: number[][], t: (k: string) => string) {
  const def = betTypes.get(betType);
  if (!def) return '';
  return selection
    .map((row, i) => {
      const spec = def.rows[i]!;
      return row
        .map((v) => (spec.options ? t(`lottery.options.${spec.options[v]}`) : pad(v, spec)))
        .join(' ');
    })
    .map((text, i) =>
      def.rows.length > 1 ? `${t(`lottery.rows.${def.rows[i]!.label}`)}: ${text || '–'}` : text,
    )
    .join(' | ');
}
