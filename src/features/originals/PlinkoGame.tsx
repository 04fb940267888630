import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OriginalsBet, OriginalsSettings } from '../../api/contract/originals';
import { PLINKO_RISKS, PLINKO_ROWS, type PlinkoRisk } from '../../originals/games/plinko';
import { formatAmount, formatDecimal, pageLanguage } from '../../ui/format';
import { GameShell } from './GameShell';
import { InstantControls } from './InstantControls';
import './plinko.css';
import { play } from './sound';
import { useHotkeys } from './useHotkeys';
import { useInstantGame } from './useInstantGame';
import { formatHundredths } from './useOriginals';

const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * The board in viewBox units: 1000 wide whatever the rows, so every board looks the same size. Row r
 * (0 at the top) has r + 3 pegs a spacing s apart, centred; the rows + 1 bins sit between the last
 * row's pegs, one spacing wide each, with half a spacing left over at each side.
 */
function geometry(rows: number) {
  const width = 1_000;
  const s = width / (rows + 2);
  const v = s * 0.88;
  const top = s * 0.95;
  const pegR = Math.max(4, s * 0.1);
  const ballR = s * 0.22;
  const height = top + (rows - 1) * v + s * 0.6;
  const cx = width / 2;
  const rowY = (r: number) => top + r * v;
  const pegX = (r: number, j: number) => cx + (j - (r + 2) / 2) * s;
  /** Where the ball touches row r's peg: above it, x after the rights it took before. */
  const contact = (path: number[], r: number) => {
    let rights = 0;
    for (let i = 0; i < r; i++) rights += path[i] ?? 0;
    return { x: cx + (rights - r / 2) * s, y: rowY(r) - pegR - ballR * 0.9, peg: rights + 1 };
  };
  const binX = (bin: number) => cx + (bin - rows / 2) * s;
  return { width, height, s, v, pegR, ballR, cx, rowY, pegX, contact, binX, rows };
}
type Geometry = ReturnType<typeof geometry>;

/** A drop takes 1.5 s on 8 rows, 2 s on 16: a hop per row, and the fall onto the first peg. */
const dropMs = (rows: number) => 1_500 + (rows - 8) * 62;

/** Where a ball is `elapsed` ms into its drop, and which segment (0: falling onto row 0) it is on. */
function ballAt(g: Geometry, path: number[], bin: number, elapsed: number) {
  const total = dropMs(g.rows);
  const segments = g.rows + 1;
  const segMs = total / segments;
  const seg = Math.min(segments - 1, Math.floor(elapsed / segMs));
  const u = Math.min(1, (elapsed - seg * segMs) / segMs);
  const from = seg === 0 ? { x: g.cx, y: g.ballR } : g.contact(path, seg - 1);
  const to = seg < g.rows ? g.contact(path, seg) : { x: g.binX(bin), y: g.height - g.ballR };
  // A little hop off each peg, then gravity: y = from + (dy + hop)·u² − hop·u.
  const hop = seg === 0 ? 0 : g.v * 0.8;
  const dy = to.y - from.y;
  const x = from.x + (to.x - from.x) * Math.sin((u * Math.PI) / 2);
  const y = from.y + (dy + hop) * u * u - hop * u;
  return { x, y, seg };
}

/** Cool in the middle (the small multipliers), hot at the edges; every stop light enough for dark text. */
const BIN_STOPS: Array<[number, [number, number, number]]> = [
  [0, [125, 211, 252]],
  [0.3, [134, 239, 172]],
  [0.55, [253, 224, 71]],
  [0.8, [251, 146, 60]],
  [1, [251, 113, 133]],
];
function binColour(bin: number, rows: number) {
  const d = Math.abs(bin - rows / 2) / (rows / 2);
  let i = 1;
  while (i < BIN_STOPS.length - 1 && BIN_STOPS[i]![0] < d) i++;
  const [t0, c0] = BIN_STOPS[i - 1]!;
  const [t1, c1] = BIN_STOPS[i]!;
  const f = t1 === t0 ? 0 : Math.min(1, Math.max(0, (d - t0) / (t1 - t0)));
  const c = c0.map((v, k) => Math.round(v + (c1[k]! - v) * f));
  return `rgb(${c[0]}, ${c[1]}, ${c[2]})`;
}

/** A bin's multiplier short enough for its box, rounded down so it never promises more: 819, 42.3, 0.56. */
function binLabel(h: number) {
  if (h >= 10_000) return String(Math.floor(h / 100));
  if (h >= 1_000) return formatDecimal(Math.floor(h / 10) / 10, 1, pageLanguage(), { grouping: false });
  return formatHundredths(h);
}

interface Ball {
  bet: OriginalsBet;
  path: number[];
  bin: number;
  g: Geometry;
  start: number;
  seg: number;
  el: SVGCircleElement;
}

/** A peg lights up as a ball bounces off it. */
function flashPeg(svg: SVGSVGElement | null, ball: Ball, row: number) {
  const peg = svg?.querySelector<SVGCircleElement>(
    `[data-peg="${row}-${ball.g.contact(ball.path, row).peg}"]`,
  );
  peg?.animate?.(
    [
      { transform: 'scale(1.8)', fill: '#ffffff' },
      { transform: 'scale(1)', fill: '#ffffff' },
    ],
    { duration: 260, easing: 'ease-out' },
  );
}

interface PlinkoParams {
  rows: number;
  risk: PlinkoRisk;
}

/** Plinko: a ball falls through rows of pegs, left or right at each, and pays its bin's multiplier. */
export default function PlinkoGame({ settings }: { settings: OriginalsSettings }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const game = useInstantGame('plinko', settings);
  const { state, send, gameSettings, stake, setStake, switches } = game;
  const edge = gameSettings.edgeBp;
  const currency = settings.currency;
  const [rows, setRows] = useState(16);
  const [risk, setRisk] = useState<PlinkoRisk>('medium');
  /** The bet whose ball has landed last (at once when animation is off). */
  const [landed, setLanded] = useState<OriginalsBet | null>(null);
  const locked = state.hasTag('busy') || state.hasTag('auto');
  const showing = state.hasTag('showing');
  const last = state.context.last?.game === 'plinko' ? state.context.last : null;
  const table = settings.plinko[`${rows}:${risk}`];
  const g = useMemo(() => geometry(rows), [rows]);
  const top = table ? Math.max(...table) : 0;
  const bottom = table ? Math.min(...table) : 0;
  // Plinko pays something on every drop: the profit shown is the best bin's, and the panel says so.
  const profitOnWin = table ? Math.min(Math.floor((stake * top) / 100), gameSettings.maxWin) - stake : null;

  const svgRef = useRef<SVGSVGElement>(null);
  const layerRef = useRef<SVGGElement>(null);
  const balls = useRef<Ball[]>([]);
  const frame = useRef(0);
  const launched = useRef<number | null>(null);
  // What the frame loop needs of the latest render.
  const live = useRef({ sound: switches.sound, showing, lastId: last?.id ?? null, send });
  live.current = { sound: switches.sound, showing, lastId: last?.id ?? null, send };

  const land = useCallback((bet: OriginalsBet) => {
    // A ball held up in a hidden tab may land after a newer bet has shown: the newer one stays lit.
    setLanded((shown) => (shown && shown.id > bet.id ? shown : bet));
    const now = live.current;
    if (now.showing && now.lastId === bet.id) now.send({ type: 'SHOWN' });
  }, []);

  // One frame loop moves every ball in flight; it stops when none is left.
  const loop = useCallback(
    (now: number) => {
      let ticked = false;
      for (const ball of [...balls.current]) {
        ball.start ||= now;
        const elapsed = now - ball.start;
        if (elapsed >= dropMs(ball.g.rows)) {
          ball.el.remove();
          balls.current = balls.current.filter((b) => b !== ball);
          land(ball.bet);
          continue;
        }
        const at = ballAt(ball.g, ball.path, ball.bin, elapsed);
        // Segment k starts with the bounce off row k − 1.
        for (let seg = Math.max(1, ball.seg + 1); seg <= at.seg; seg++) {
          flashPeg(svgRef.current, ball, seg - 1);
          if (!ticked) play(live.current.sound, 'tick');
          ticked = true;
        }
        ball.seg = at.seg;
        ball.el.setAttribute('cx', at.x.toFixed(1));
        ball.el.setAttribute('cy', at.y.toFixed(1));
      }
      frame.current = balls.current.length ? requestAnimationFrame(loop) : 0;
    },
    [land],
  );

  // A new bet: its ball drops along the drawn path, and the machine moves on once it has landed. Without
  // animation (or in a hidden tab, where frames do not run) the bin lights up at once.
  useEffect(() => {
    if (!last || launched.current === last.id) return;
    launched.current = last.id;
    const { path, bin } = last.outcome as { path: number[]; bin: number };
    const params = last.params as unknown as PlinkoParams;
    const layer = layerRef.current;
    if (!showing || document.hidden || !layer || params.rows !== g.rows) {
      land(last);
      return;
    }
    const el = document.createElementNS(SVG_NS, 'circle');
    el.setAttribute('r', g.ballR.toFixed(1));
    el.setAttribute('cx', g.cx.toFixed(1));
    el.setAttribute('cy', g.ballR.toFixed(1));
    el.setAttribute('class', 'og-plinko-ball');
    layer.appendChild(el);
    balls.current.push({ bet: last, path, bin, g, start: 0, seg: -1, el });
    if (!frame.current) frame.current = requestAnimationFrame(loop);
  }, [last, showing, g, land, loop]);

  useEffect(
    () => () => {
      cancelAnimationFrame(frame.current);
      frame.current = 0;
      for (const ball of balls.current) ball.el.remove();
      balls.current = [];
    },
    [],
  );

  const halve = () => !locked && setStake(Math.max(gameSettings.minBet, Math.floor(stake / 2)));
  const double = () => !locked && setStake(Math.min(gameSettings.maxBet, stake * 2));
  useHotkeys(switches.hotkeys, {
    ' ': () => document.querySelector<HTMLButtonElement>('[data-testid="og-bet"]')?.click(),
    h: halve,
    d: double,
  });

  const landedParams = landed?.params as unknown as PlinkoParams | undefined;
  const landedBin = landed ? (landed.outcome as { bin: number }).bin : null;
  const landedHere = landedParams?.rows === rows && landedParams?.risk === risk;
  const landedMultiplier = landed
    ? (settings.plinko[`${landedParams!.rows}:${landedParams!.risk}`]?.[landedBin!] ??
      landed.multiplier / 100)
    : null;
  const landedProfit = landed ? landed.payout - landed.stake : 0;
  const history = showing ? state.context.results.slice(1) : state.context.results;

  const panel = (
    <InstantControls
      game={game}
      currency={currency}
      params={{ rows, risk }}
      profitOnWin={profitOnWin}
      profitLabel={t('originals.top_profit')}
    >
      <fieldset className="og-rule">
        <legend>{t('originals.plinko.risk')}</legend>
        <div className="og-segment">
          {PLINKO_RISKS.map((r) => (
            <button
              key={r}
              type="button"
              aria-pressed={risk === r}
              disabled={locked}
              data-testid={`og-plinko-risk-${r}`}
              onClick={() => setRisk(r)}
            >
              {t(`originals.plinko.risks.${r}`)}
            </button>
          ))}
        </div>
      </fieldset>
      <div className="og-field">
        <label htmlFor="og-plinko-rows">{t('originals.plinko.rows')}</label>
        <select
          id="og-plinko-rows"
          className="input"
          data-testid="og-plinko-rows"
          disabled={locked}
          value={rows}
          onChange={(e) => setRows(Number(e.target.value))}
        >
          {PLINKO_ROWS.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
      {table && (
        <div className="og-field">
          <span className="og-label">{t('originals.plinko.range')}</span>
          <output className="og-plinko-range" data-testid="og-plinko-range">
            {t('originals.plinko.range_value', { min: formatHundredths(bottom), max: formatHundredths(top) })}
          </output>
          <small className="muted">{t('originals.plinko.max_note', { max: formatHundredths(top) })}</small>
        </div>
      )}
    </InstantControls>
  );

  const stage = (
    <div className={`og-plinko ${switches.instant ? 'is-instant' : ''}`}>
      <div className="og-plinko-head">
        <div className="og-plinko-last">
          <div
            className={`og-plinko-result ${landed ? (landedProfit > 0 ? 'og-win' : landedProfit < 0 ? 'og-loss' : '') : 'is-idle'}`}
            data-testid="og-result"
          >
            {landedMultiplier === null ? '—' : `${formatHundredths(landedMultiplier)}×`}
          </div>
          {landed && (
            <div
              className={`og-plinko-profit ${landedProfit > 0 ? 'og-win' : landedProfit < 0 ? 'og-loss' : ''}`}
            >
              <span aria-hidden="true">{landedProfit > 0 ? '▲ ' : landedProfit < 0 ? '▼ ' : '= '}</span>
              {landedProfit > 0 ? '+' : ''}
              {formatAmount(landedProfit, lang)} {currency}
            </div>
          )}
        </div>
        <ol className="og-history" aria-label={t('originals.history')}>
          {history.map((b) => {
            const p = b.params as unknown as PlinkoParams;
            const m = settings.plinko[`${p.rows}:${p.risk}`]?.[(b.outcome as { bin: number }).bin];
            const win = b.payout > b.stake;
            return (
              <li key={b.id} className={win ? 'og-win' : 'og-loss'}>
                <span aria-hidden="true">{win ? '✓ ' : '✕ '}</span>
                {formatHundredths(m ?? b.multiplier / 100)}×
                <span className="visually-hidden">
                  {' '}
                  {win ? t('originals.plinko.win') : t('originals.plinko.loss')}
                </span>
              </li>
            );
          })}
        </ol>
      </div>
      <div
        className={`og-plinko-board ${rows > 10 ? 'is-dense' : ''}`}
        style={{ ['--bins' as string]: rows + 1 }}
      >
        <svg
          ref={svgRef}
          className="og-plinko-svg"
          viewBox={`0 0 ${g.width} ${g.height.toFixed(0)}`}
          role="img"
          aria-label={t('originals.plinko.board', { rows })}
        >
          <defs>
            <radialGradient id="og-plinko-ball-fill" cx="35%" cy="35%" r="70%">
              <stop offset="0%" stopColor="#fff7d6" />
              <stop offset="45%" stopColor="#fbbf24" />
              <stop offset="100%" stopColor="#d97706" />
            </radialGradient>
          </defs>
          <ellipse
            className="og-plinko-mouth"
            cx={g.cx}
            cy={g.ballR * 0.6}
            rx={g.s * 0.45}
            ry={g.ballR * 0.5}
          />
          <g className="og-plinko-pegs">
            {Array.from({ length: rows }, (_, r) =>
              Array.from({ length: r + 3 }, (_, j) => (
                <circle
                  // biome-ignore lint/suspicious/noArrayIndexKey: pegs are positions on a fixed board
                  key={`${r}-${j}`}
                  data-peg={`${r}-${j}`}
                  cx={g.pegX(r, j).toFixed(1)}
                  cy={g.rowY(r).toFixed(1)}
                  r={g.pegR.toFixed(1)}
                />
              )),
            )}
          </g>
          <g ref={layerRef} className="og-plinko-balls" />
        </svg>
        <ol
          className="og-plinko-bins"
          aria-label={t('originals.plinko.bins')}
          style={{ paddingInline: `${(100 * g.s) / 2 / g.width}%` }}
        >
          {(table ?? []).map((m, k) => {
            const active = landed !== null && landedHere && landedBin === k;
            return (
              <li
                // The landed bin is drawn anew for each landing, so its flash plays again.
                key={active ? `${k}-${landed!.id}` : k}
                className={`og-plinko-bin ${active ? 'is-active' : ''}`}
                data-testid="og-plinko-bin"
                data-bin={k}
                data-active={active ? 'true' : undefined}
                title={`${formatHundredths(m)}×`}
                style={{ background: binColour(k, rows) }}
              >
                <span aria-hidden="true">
                  {binLabel(m)}
                  <span className="og-plinko-x">×</span>
                </span>
                <span className="visually-hidden">
                  {formatHundredths(m)}×{active ? `, ${t('originals.plinko.landed')}` : ''}
                </span>
              </li>
            );
          })}
        </ol>
      </div>
      <p className="visually-hidden" role="status" aria-live="polite" data-testid="og-announce">
        {landed && landedMultiplier !== null
          ? t('originals.plinko.announce', {
              multiplier: formatHundredths(landedMultiplier),
              payout: formatAmount(landed.payout, lang),
              currency,
            })
          : ''}
      </p>
    </div>
  );

  return (
    <GameShell
      game="plinko"
      settings={gameSettings}
      currency={currency}
      panel={panel}
      stage={stage}
      switches={switches}
      hotkeyHelp={t('originals.plinko.hotkeys')}
      refreshKey={state.context.results.length ? state.context.results[0]!.id : 0}
      rules={<p>{t('originals.plinko.rules', { edge: formatHundredths(edge) })}</p>}
    />
  );
}
