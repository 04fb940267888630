import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import type { LotteryDraw, LotteryGame } from '../../api/contract/lottery';
import { useRemote } from '../../api/useRemote';
import { type DrawResult, drawResult, type Family } from '../../lottery/results';
import { sha256, toHex } from '../../originals/sha256';
import { formatDateTime } from '../../ui/format';
import { Balls } from './Balls';

/** Recomputes a draw in this browser: its seed against the published hash, its numbers from seed and mix. */
export function verifyDraw(family: Family, draw: LotteryDraw): 'verified' | 'mismatch' | 'pending' {
  if (!draw.serverSeed || !draw.mix || !draw.result) return 'pending';
  if (toHex(sha256(draw.serverSeed)) !== draw.seedHash) return 'mismatch';
  const again = drawResult(family, draw.serverSeed, draw.mix, { zodiacOfOne: draw.zodiacOfOne ?? undefined });
  return canonical(again) === canonical(draw.result) ? 'verified' : 'mismatch';
}

/** JSON with object keys in one order (the database hands a result back with its keys reordered). */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : v,
  );

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

/** The game's drawn draws with their numbers, each checked in the browser on request, and the trend chart. */
export function ResultsPanel({ game, refresh }: { game: LotteryGame; refresh: string }) {
  const { t } = useTranslation();
  const results = useRemote(`${game.code}:${refresh}`, () =>
    call('lotteryResults', { query: { game: game.code, limit: 30 } }),
  );
  const [checked, setChecked] = useState<Record<string, ReturnType<typeof verifyDraw>>>({});
  if (results.status !== 'ready')
    return <div className="spinner" role="status" aria-label={t('lottery.loading')} />;
  const draws = results.data.draws;
  if (draws.length === 0) return <p className="muted">{t('lottery.noResults')}</p>;
  return (
    <div className="lt-results" data-testid="lt-results">
      <TrendChart family={game.family} draws={draws} />
      <ul className="lt-history">
        {draws.map((d) => (
          <li key={d.number} data-draw={d.number}>
            <div className="lt-history-head">
              <strong>{d.number}</strong>
              <span className="muted">{formatDateTime(d.drawsAt)}</span>
              {d.status === 'cancelled' ? (
                <span className="lt-badge">{t('lottery.cancelled')}</span>
              ) : (
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  data-testid="lt-verify"
                  onClick={() => setChecked((c) => ({ ...c, [d.number]: verifyDraw(game.family, d) }))}
                >
                  {t('lottery.verify')}
                </button>
              )}
              {checked[d.number] && (
                <span
                  className={`lt-check-result ${checked[d.number]}`}
                  role="status"
                  data-testid="lt-verified"
                >
                  {t(`lottery.verification.${checked[d.number]}`)}
                </span>
              )}
            </div>
            {d.status !== 'cancelled' && <Balls draw={d} />}
            {checked[d.number] && (
              <dl className="lt-proof">
                <dt>{t('lottery.seedHash')}</dt>
                <dd>{d.seedHash}</dd>
                <dt>{t('lottery.serverSeed')}</dt>
                <dd>{d.serverSeed}</dd>
                <dt>{t('lottery.mix', { bets: d.betCount ?? 0 })}</dt>
                <dd>{d.mix}</dd>
              </dl>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
