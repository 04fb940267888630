import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatDayMonth, formatWhole } from '../ui/format';

/**
 * The dashboard's charts, on uPlot (docs/architecture.md, "Back office"): loaded only when the dashboard
 * opens (a lazy import), never in the member site's code.
 */

const css = (name: string, fallback: string) =>
  getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;

/** A chart that follows its box's width. */
function useChart(make: (width: number) => uPlot.Options, data: uPlot.AlignedData) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const width = () => Math.max(240, Math.floor(el.clientWidth));
    const chart = new uPlot(make(width()), data, el);
    const observer = new ResizeObserver(() => chart.setSize({ width: width(), height: chart.height }));
    observer.observe(el);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [make, data]);
  return box;
}

/** Money on an axis: whole units in the operator's language (the tooltip-free legend shows cents). */
const moneyAxis = (lang: string) => (_: uPlot, values: number[]) =>
  values.map((v) => formatWhole(Math.round(v / 100), lang));

/** Money ticks a whole unit apart at least (1, 2, 5 × 10ⁿ units), so no two ticks read the same. */
const MONEY_STEPS = Array.from({ length: 13 }, (_, n) => [1, 2, 5].map((m) => m * 100 * 10 ** n)).flat();

/** Ticks on the days themselves: every day up to 8, else every k-th so about 8 show. */
const daySplits = (x: number[]) => {
  const every = Math.max(1, Math.ceil(x.length / 8));
  return x.filter((_, i) => i % every === 0);
};

const axis = (values?: uPlot.Axis['values']): uPlot.Axis => ({
  stroke: css('--muted', '#888'),
  grid: { stroke: css('--border', 'rgba(128,128,128,0.2)'), width: 1 },
  ticks: { show: false },
  ...(values ? { values } : {}),
  font: '12px sans-serif',
  size: 56,
  gap: 4,
});

export interface DailySeries {
  days: string[];
  lines: Array<{ label: string; values: number[]; color: string }>;
}

/** GGR, deposits and withdrawals per day: one line each, amounts in minor units. */
export function DailyChart({ series, lang, label }: { series: DailySeries; lang: string; label: string }) {
  const data = useRef<uPlot.AlignedData | null>(null);
  const make = useRef<((width: number) => uPlot.Options) | null>(null);
  const x = series.days.map((d) => Date.parse(`${d}T12:00:00Z`) / 1000);
  data.current = [x, ...series.lines.map((l) => l.values)];
  make.current = (width) => ({
    width,
    height: 260,
    tzDate: (ts) => uPlot.tzDate(new Date(ts * 1e3), 'UTC'),
    legend: { show: true, live: false },
    cursor: { drag: { x: false, y: false } },
    // Half a day either side of the first and last day: a single day (yesterday) is one point in the
    // middle, not a stretch of invented dates.
    scales: { x: { time: true, range: (_u, min, max) => [min - 43_200, max + 43_200] } },
    axes: [
      {
        ...axis((_u, values) =>
          values.map((v) => formatDayMonth(new Date(v * 1000).toISOString().slice(0, 10), lang)),
        ),
        splits: () => daySplits(x),
      },
      { ...axis(moneyAxis(lang)), incrs: MONEY_STEPS },
    ],
    series: [
      {},
      ...series.lines.map((l) => ({
        label: l.label,
        stroke: l.color,
        width: 2,
        points: { show: series.days.length <= 31, size: 5 },
        value: (_u: uPlot, v: number | null) => (v === null ? '' : formatWhole(Math.round(v / 100), lang)),
      })),
    ],
  });
  const box = useChartStable(make, data, [series, lang]);
  return <div ref={box} className="bo-chart" role="img" aria-label={label} />;
}

/** Stake per category as bars (minor units). */
export function CategoryChart({
  categories,
  lang,
  label,
}: {
  categories: Array<{ label: string; stake: number }>;
  lang: string;
  label: string;
}) {
  const data = useRef<uPlot.AlignedData | null>(null);
  const make = useRef<((width: number) => uPlot.Options) | null>(null);
  data.current = [categories.map((_, i) => i), categories.map((c) => c.stake)];
  const color = css('--primary', '#4f7cff');
  make.current = (width) => ({
    width,
    height: 240,
    legend: { show: false },
    cursor: { show: false },
    scales: { x: { time: false, range: [-0.5, Math.max(0.5, categories.length - 0.5)] } },
    axes: [
      axis((_u, values) => values.map((v) => (Number.isInteger(v) ? (categories[v]?.label ?? '') : ''))),
      axis(moneyAxis(lang)),
    ],
    series: [
      {},
      {
        label,
        fill: color,
        stroke: color,
        paths: uPlot.paths.bars?.({ size: [0.6, 64] }),
        points: { show: false },
      },
    ],
  });
  const box = useChartStable(make, data, [categories, lang]);
  return <div ref={box} className="bo-chart" role="img" aria-label={label} />;
}

/** Rebuilds the chart when its inputs change (by value of `deps`), not on every render. */
function useChartStable(
  make: { current: ((width: number) => uPlot.Options) | null },
  data: { current: uPlot.AlignedData | null },
  deps: unknown[],
) {
  const key = JSON.stringify(deps);
  const stable = useRef<{ key: string; make: (w: number) => uPlot.Options; data: uPlot.AlignedData } | null>(
    null,
  );
  if (!stable.current || stable.current.key !== key) {
    stable.current = { key, make: make.current!, data: data.current! };
  }
  return useChart(stable.current.make, stable.current.data);
}
