import { useTranslation } from 'react-i18next';
import type { LotteryDraw } from '../../api/contract/lottery';
import { colourOf, type DrawResult, resultNumbers, VN_TIERS, ZODIAC, zodiacOf } from '../../lottery/results';

/** A draw's numbers as balls (Mark Six's in their colour wave, the special apart; 4D and VN by prize). */
export function Balls({ draw, rolling = false }: { draw: LotteryDraw; rolling?: boolean }) {
  const { t } = useTranslation();
  const result = draw.result as DrawResult | null;
  if (!result) return null;
  const cls = rolling ? 'lt-ball rolling' : 'lt-ball';
  if (result.family === 'lhc') {
    return (
      <div className="lt-balls" data-testid="lt-result">
        {result.numbers.map((n) => (
          <span key={n} className={`${cls} lhc-${colourOf(n)}`}>
            {String(n).padStart(2, '0')}
          </span>
        ))}
        <span className="lt-plus" aria-hidden="true">
          +
        </span>
        <span className={`${cls} lhc-${colourOf(result.special)} special`} title={t('lottery.rows.special')}>
          {String(result.special).padStart(2, '0')}
        </span>
        <small className="muted">
          {t(`lottery.options.${ZODIAC[zodiacOf(result.special, result.zodiacOfOne)]}`)}
        </small>
      </div>
    );
  }
  if (result.family === 'vn') {
    return (
      <table className="lt-vn-table" data-testid="lt-result">
        <tbody>
          {VN_TIERS.map((tier, i) => (
            <tr key={tier.tier}>
              <th scope="row">{t(`lottery.prizes.${tier.tier}`)}</th>
              <td className={i === 0 ? 'lt-vn-special' : undefined}>{result.prizes[i]!.join(' · ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  }
  if (result.family === '4d') {
    const pad = (n: number) => String(n).padStart(4, '0');
    return (
      <div className="lt-4d" data-testid="lt-result">
        <div className="lt-balls">
          {(['first', 'second', 'third'] as const).map((p) => (
            <span key={p} className={`${cls} wide`} title={t(`lottery.prizes.${p}`)}>
              {pad(result[p])}
            </span>
          ))}
        </div>
        <p className="muted">
          {t('lottery.prizes.starter')}: {result.starters.map(pad).join(' ')}
        </p>
        <p className="muted">
          {t('lottery.prizes.consolation')}: {result.consolations.map(pad).join(' ')}
        </p>
      </div>
    );
  }
  return (
    <div className="lt-balls" data-testid="lt-result">
      {resultNumbers(result).map((n, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a digit may repeat; its place is its identity
        <span key={i} className={cls} style={{ animationDelay: `${i * 90}ms` }}>
          {n}
        </span>
      ))}
    </div>
  );
}
