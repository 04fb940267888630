import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SportsMarket } from '../../api/contract/sports';
import { formatPrice } from '../../sports/price';
import { useOddsFormat } from './odds-format';
import { type SlipPick, useSlipSelection } from './slip-context';

/**
 * One outcome's price: tapping it adds the outcome to the slip (again: removes it). A price that moved
 * since the last look flashes up or down for a moment; a suspended market or an outcome not offered shows
 * a lock and cannot be picked.
 */
export function PriceButton({
  market,
  outcome,
  label,
  pick,
  compact = false,
}: {
  market: SportsMarket;
  outcome: { key: string; price: number | null };
  label: string;
  pick: Omit<SlipPick, 'marketId' | 'key' | 'price' | 'spec'>;
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const format = useOddsFormat();
  const slip = useSlipSelection();
  const last = useRef(outcome.price);
  const [moved, setMoved] = useState<'up' | 'down' | null>(null);
  useEffect(() => {
    const before = last.current;
    last.current = outcome.price;
    if (before === null || outcome.price === null || before === outcome.price) return;
    setMoved(outcome.price > before ? 'up' : 'down');
    const timer = setTimeout(() => setMoved(null), 2_500);
    return () => clearTimeout(timer);
  }, [outcome.price]);
  const open = market.status === 'open' && outcome.price !== null;
  const chosen = slip.has(market.id, outcome.key);
  return (
    <button
      type="button"
      className={`sb-price${chosen ? ' on' : ''}${moved ? ` ${moved}` : ''}${compact ? ' compact' : ''}`}
      aria-pressed={chosen}
      disabled={!open}
      data-testid={`sb-price-${market.id}-${outcome.key}`}
      title={moved ? t(`sports.slip.moved.${moved}`) : undefined}
      onClick={() =>
        outcome.price !== null &&
        slip.toggle({
          ...pick,
          marketId: market.id,
          key: outcome.key,
          price: outcome.price,
          spec: market.spec,
        })
      }
    >
      <span className="sb-price-label">{label}</span>
      <strong className="sb-price-odds">
        {open ? (
          formatPrice(outcome.price!, format, i18n.language)
        ) : (
          <LockIcon label={t('sports.suspended')} />
        )}
      </strong>
    </button>
  );
}

function LockIcon({ label }: { label: string }) {
  return (
    <svg width="14" height="14" viewBox="0 0 16 16" role="img" aria-label={label}>
      <rect x="3" y="7" width="10" height="8" rx="1.5" fill="currentColor" />
      <path d="M5 7V5a3 3 0 0 1 6 0v2" fill="none" stroke="currentColor" strokeWidth="1.6" />
    </svg>
  );
}
