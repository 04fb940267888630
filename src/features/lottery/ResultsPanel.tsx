import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import type { LotteryDraw, LotteryGame, LotteryLine } from '../../api/contract/lottery';
import { useRemote } from '../../api/useRemote';
import type { DrawResult, Family } from '../../lottery/results';
import { checkDraw, type DrawCheck, LEAF_SCHEME } from '../../lottery/verify';
import { formatDateTime } from '../../ui/format';
import { useSession } from '../session/session';
import { Balls } from './Balls';

/**
 * Fetches what a draw published (its leaves, when its scheme has them) and the member's own lines on it,
 * and checks everything in this browser (src/lottery/verify.ts): nothing is taken on the server's word.
 */
async function verifyInBrowser(game: LotteryGame, draw: LotteryDraw, signedIn: boolean): Promise<DrawCheck> {
  const query = { game: game.code, number: draw.number };
  const [published, mine] = await Promise.all([
    draw.mix && draw.mixScheme === LEAF_SCHEME ? call('lotteryDrawLines', { query }) : null,
    signedIn
      ? call('myLotteryLines', { query: { game: game.code, draw: draw.number, limit: 100 } })
      : { lines: [] as LotteryLine[] },
  ]);
  return checkDraw(game.family, draw, published?.leaves ?? null, mine.lines);
}

/** The values a position of a result takes, for the trend chart. */
function positions(
  family: Family,
): Array<{ label: string; values: number[]; read: (r: DrawResult) => number }> {
  const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);
  switch (family) {
    case 'ssc':
      return range(0, 4).map((i) => ({
        label: `p${i + 1}`,
        values: range(0, 9),
        read: (r) => (r as { digits: number[] }).digits[i]!,
      }));
    case '11x5':
      return range(0, 4).map((i) => ({
        label: `p${i + 1}`,
        values: range(1, 11),
        read: (r) => (r as { numbers: number[] }).numbers[i]!,
      }));
    case 'pk10':
      return range(0, 9).map((i) => ({
        label: `rank${i + 1}`,
        values: range(1, 10),
        read: (r) => (r as { order: number[] }).order[i]!,
      }));
    case 'lhc':
      return [{ label: 'special', values: range(1, 49), read: (r) => (r as { special: number }).special }];
    case '4d':
      return range(0, 3).map((i) => ({
        label: `digit${i + 1}`,
        values: range(0, 9),
        read: (r) => Number(String((r as { first: number }).first).padStart(4, '0')[i]),
      }));
    case 'vn':
      return [
        {
          label: 'special',
          values: range(0, 9),
          read: (r) => Number((r as { prizes: string[][] }).prizes[0]![0]!.slice(-1)),
        },
      ];
  }
}

/** How often each value came at a position over the draws shown: bars drawn in SVG. */
function TrendChart({ family, draws }: { family: Family; draws: LotteryDraw[] }) {
  const { t } = useTranslation();
  const all = positions(family);
  const [at, setAt] = useState(0);
  const pos = all[Math.min(at, all.length - 1)]!;
  const results = draws.map((d) => d.result as DrawResult | null).filter((r): r is DrawResult => !!r);
  const counts = pos.values.map((v) => results.filter((r) => pos.read(r) === v).length);
  const top = Math.max(1, ...counts);
  const w = 300;
  const h = 120;
  const bw = w / pos.values.length;
  return (
    <figure className="lt-trend" data-testid="lt-trend">
      <figcaption>
        {t('lottery.trendTitle', { draws: results.length })}{' '}
        {all.length > 1 && (
          <select
            className="input"
            aria-label={t('lottery.position')}
            value={at}
            onChange={(e) => setAt(Number(e.target.value))}
          >
            {all.map((p, i) => (
              <option key={p.label} value={i}>
                {t(`lottery.rows.${p.label}`)}
              </option>
            ))}
          </select>
        )}
      </figcaption>
      <svg
        viewBox={`0 0 ${w} ${h + 16}`}
        role="img"
        aria-label={t('lottery.trendAria', { position: t(`lottery.rows.${pos.label}`) })}
      >
        {counts.map((c, i) => {
          const bh = (c / top) * h;
          return (
            <g key={pos.values[i]}>
              <rect
                x={i * bw + 1}
                y={h - bh}
                width={Math.max(1, bw - 2)}
                height={bh}
                rx={2}
                className="lt-bar"
              >
                <title>{`${pos.values[i]}: ${c}`}</title>
              </rect>
              {pos.values.length <= 12 && (
                <text x={i * bw + bw / 2} y={h + 12} textAnchor="middle" className="lt-bar-label">
                  {pos.values[i]}
                </text>
              )}
            </g>
          );
        })}
      </svg>
    </figure>
  );
}

/** What the check found for one draw, line by line. */
function CheckDetails({ draw, check }: { draw: LotteryDraw; check: DrawCheck }) {
  const { t } = useTranslation();
  if (check.outcome === 'pending') return null;
  const mark = (ok: boolean | null) => (ok === null ? '' : ok ? ' ✓' : ' ✗');
  return (
    <>
      <dl className="lt-proof">
        <dt>{t('lottery.seedHash')}</dt>
        <dd>{draw.seedHash}</dd>
        <dt>{t('lottery.serverSeed')}</dt>
        <dd>
          {draw.serverSeed}
          {mark(check.seed)}
        </dd>
        {draw.mix && (
          <>
            <dt>
              {draw.mixScheme === LEAF_SCHEME
                ? t('lottery.mixLeaves', { count: draw.betCount ?? 0 })
                : t('lottery.mixLegacy', { count: draw.betCount ?? 0 })}
            </dt>
            <dd>
              {draw.mix}
              {mark(check.leaves)}
            </dd>
          </>
        )}
        {check.numbers !== null && (
          <>
            <dt>{t('lottery.numbersFromMix')}</dt>
            <dd>{check.numbers ? t('lottery.numbersMatch') : t('lottery.numbersDiffer')}</dd>
          </>
        )}
      </dl>
      {(check.mine.included > 0 || check.mine.missing.length > 0) && (
        <p
          className={`lt-check-result ${check.mine.missing.length > 0 ? 'mismatch' : 'verified'}`}
          data-testid="lt-included"
        >
          {check.mine.missing.length > 0
            ? t('lottery.linesMissing', { count: check.mine.missing.length })
            : t('lottery.linesIncluded', { count: check.mine.included })}
        </p>
      )}
      {check.wouldHaveDrawn && (
        <div data-testid="lt-would-have">
          <span className="muted">{t('lottery.wouldHaveDrawn')}</span>
          <Balls draw={{ ...draw, result: check.wouldHaveDrawn as unknown as Record<string, unknown> }} />
        </div>
      )}
    </>
  );
}

/** The game's drawn draws with their numbers, each checked in the browser on request, and the trend chart. */
export function ResultsPanel({ game, refresh }: { game: LotteryGame; refresh: string }) {
  const { t } = useTranslation();
  const signedIn = useSession().kind === 'member';
  const results = useRemote(`${game.code}:${refresh}`, () =>
    call('lotteryResults', { query: { game: game.code, limit: 30 } }),
  );
  const [checked, setChecked] = useState<Record<string, DrawCheck | 'checking' | 'failed'>>({});
  if (results.status !== 'ready')
    return <div className="spinner" role="status" aria-label={t('lottery.loading')} />;
  const draws = results.data.draws;
  if (draws.length === 0) return <p className="muted">{t('lottery.noResults')}</p>;
  const verify = async (d: LotteryDraw) => {
    setChecked((c) => ({ ...c, [d.number]: 'checking' }));
    try {
      const check = await verifyInBrowser(game, d, signedIn);
      setChecked((c) => ({ ...c, [d.number]: check }));
    } catch {
      setChecked((c) => ({ ...c, [d.number]: 'failed' }));
    }
  };
  return (
    <div className="lt-results" data-testid="lt-results">
      <TrendChart family={game.family} draws={draws} />
      <ul className="lt-history">
        {draws.map((d) => {
          const check = checked[d.number];
          const label =
            check === undefined ? null : check === 'checking' || check === 'failed' ? check : check.outcome;
          return (
            <li key={d.number} data-draw={d.number}>
              <div className="lt-history-head">
                <strong>{d.number}</strong>
                <span className="muted">{formatDateTime(d.drawsAt)}</span>
                {d.status === 'cancelled' && <span className="lt-badge">{t('lottery.cancelled')}</span>}
                {d.serverSeed && (
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    data-testid="lt-verify"
                    disabled={check === 'checking'}
                    onClick={() => void verify(d)}
                  >
                    {t('lottery.verify')}
                  </button>
                )}
                {label && (
                  <span className={`lt-check-result ${label}`} role="status" data-testid="lt-verified">
                    {t(`lottery.verification.${label}`)}
                  </span>
                )}
              </div>
              {d.status === 'cancelled' ? (
                <p className="muted lt-cancel-reason" data-testid="lt-cancel-reason">
                  {d.cancelledAt !== null && d.cancelledAt >= d.closesAt
                    ? t('lottery.cancelledAfterClose', { reason: d.cancelReason ?? '' })
                    : t('lottery.cancelledBecause', { reason: d.cancelReason ?? '' })}
                </p>
              ) : (
                <Balls draw={d} />
              )}
              {check && typeof check === 'object' && <CheckDetails draw={d} check={check} />}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
