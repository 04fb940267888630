import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount, parseAmount } from '../../ui/format';

/**
 * The stake: typed in the player's own number format, halved, doubled or set to the most the game and the
 * balance allow. Keeps minor units; shows the game's limits under it.
 */
export function StakeField({
  stake,
  onChange,
  min,
  max,
  balance,
  currency,
  disabled,
}: {
  stake: number;
  onChange: (stake: number) => void;
  min: number;
  max: number;
  balance: number | null;
  currency: string;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [text, setText] = useState(formatAmount(stake, lang));
  // biome-ignore lint/correctness/useExhaustiveDependencies: the field shows a stake changed elsewhere (½, 2×, auto-bet)
  useEffect(() => {
    if (parseAmount(text, lang) !== stake) setText(formatAmount(stake, lang));
  }, [stake, lang]);
  const top = Math.max(min, balance === null ? max : Math.min(max, balance));
  const clamp = (v: number) => Math.max(min, Math.min(top, v));
  return (
    <div className="og-field">
      <label htmlFor="og-stake">
        {t('originals.stake')} <small>{currency}</small>
      </label>
      <div className="og-stake">
        <input
          id="og-stake"
          className="input"
          inputMode="decimal"
          value={text}
          disabled={disabled}
          onChange={(e) => {
            setText(e.target.value);
            const v = parseAmount(e.target.value, lang);
            if (v !== null) onChange(v);
          }}
          onBlur={() => setText(formatAmount(stake, lang))}
        />
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          disabled={disabled}
          onClick={() => onChange(clamp(Math.floor(stake / 2)))}
        >
          ½
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          disabled={disabled}
          onClick={() => onChange(clamp(stake * 2))}
        >
          2×
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          disabled={disabled}
          onClick={() => onChange(top)}
        >
          {t('originals.max')}
        </button>
      </div>
      <small className="muted">
        {t('originals.limits', { min: formatAmount(min, lang), max: formatAmount(max, lang), currency })}
      </small>
    </div>
  );
}
