import { useTranslation } from 'react-i18next';
import type { TeamOverview } from '../../api/contract/agents';
import { formatDayMonth } from '../../ui/format';

const TOP = 120;
const BOTTOM = 70;
const AXIS = 18;
const HEIGHT = TOP + BOTTOM + AXIS;

/**
 * The team per day in one drawing: valid bets as bars above, the members' result below its zero line
 * (green when they won, red when they lost). The table beside it carries the same numbers for reading.
 */
export function TeamChart(props: { days: TeamOverview['byDay']; money: (n: number) => string }) {
  const { t } = useTranslation();
  const { days, money } = props;
  const peakBet = Math.max(1, ...days.map((d) => d.validBet));
  const peakResult = Math.max(1, ...days.map((d) => Math.abs(d.profit)));
  const zero = TOP + BOTTOM / 2;
  // Across the width in percentages and down in pixels, so the labels keep their size on any screen.
  const slot = 100 / days.length;
  const bar = Math.min(slot * 0.7, 6);
  const label = (i: number) => {
    const d = days[i]!;
    return `${formatDayMonth(d.day)}: ${t('agent.overview.valid_bet')} ${money(d.validBet)}, ${t('agent.overview.result')} ${money(d.profit)}`;
  };
  const every = Math.ceil(days.length / 7);
  return (
    <figure className="team-chart" data-testid="team-chart">
      <svg
        width="100%"
        height={HEIGHT}
        role="img"
        aria-label={t('agent.overview.chart_label', { days: days.length, peak: money(peakBet) })}
      >
        <line x1="0" x2="100%" y1={TOP} y2={TOP} className="axis" />
        <line x1="0" x2="100%" y1={zero} y2={zero} className="axis zero" />
        {days.map((d, i) => {
          const x = i * slot + (slot - bar) / 2;
          const h = Math.round((d.validBet / peakBet) * (TOP - 8));
          const r = Math.round((Math.abs(d.profit) / peakResult) * (BOTTOM / 2 - 4));
          return (
            <g key={d.day}>
              <title>{label(i)}</title>
              {d.validBet > 0 && (
                <rect
                  x={`${x}%`}
                  y={TOP - Math.max(h, 2)}
                  width={`${bar}%`}
                  height={Math.max(h, 2)}
                  rx={3}
                  className="bet"
                />
              )}
              {d.profit !== 0 && (
                <rect
                  x={`${x + bar * 0.15}%`}
                  y={d.profit > 0 ? zero - Math.max(r, 2) : zero}
                  width={`${bar * 0.7}%`}
                  height={Math.max(r, 2)}
                  rx={2}
                  className={d.profit > 0 ? 'won' : 'lost'}
                />
              )}
              {(i % every === 0 || i === days.length - 1) && (
                <text x={`${i * slot + slot / 2}%`} y={HEIGHT - 4} textAnchor="middle" className="tick">
                  {formatDayMonth(d.day)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className="chart-legend">
        <span className="key bet">{t('agent.overview.valid_bet')}</span>
        <span className="key won">{t('agent.overview.members_won')}</span>
        <span className="key lost">{t('agent.overview.members_lost')}</span>
      </figcaption>
    </figure>
  );
}
