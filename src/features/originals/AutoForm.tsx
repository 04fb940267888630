import { useTranslation } from 'react-i18next';
import type { AutoConfig, StakeRule } from '../../machines/originals-bet.machine';
import { formatAmount, parseAmount } from '../../ui/format';

export const DEFAULT_AUTO: AutoConfig = {
  count: 10,
  onWin: { mode: 'reset', percent: 0 },
  onLoss: { mode: 'reset', percent: 0 },
  stopProfit: 0,
  stopLoss: 0,
};

function RuleField({
  id,
  label,
  rule,
  onChange,
  disabled,
}: {
  id: string;
  label: string;
  rule: StakeRule;
  onChange: (rule: StakeRule) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="og-rule" disabled={disabled}>
      <legend>{label}</legend>
      <div className="og-segment">
        <button
          type="button"
          aria-pressed={rule.mode === 'reset'}
          onClick={() => onChange({ ...rule, mode: 'reset' })}
        >
          {t('originals.auto.reset')}
        </button>
        <button
          type="button"
          aria-pressed={rule.mode === 'increase'}
          onClick={() => onChange({ mode: 'increase', percent: rule.percent || 100 })}
        >
          {t('originals.auto.increase')}
        </button>
        <input
          id={id}
          className="input"
          aria-label={`${label}: ${t('originals.auto.percent')}`}
          inputMode="numeric"
          disabled={disabled || rule.mode === 'reset'}
          value={rule.mode === 'reset' ? '' : String(rule.percent)}
          onChange={(e) => {
            const n = Number.parseInt(e.target.value.replace(/\D/g, '') || '0', 10);
            onChange({ ...rule, percent: Math.min(1_000, n) });
          }}
        />
        <span aria-hidden="true">%</span>
      </div>
    </fieldset>
  );
}

function MoneyField({
  id,
  label,
  value,
  onChange,
  disabled,
}: {
  id: string;
  label: string;
  value: number;
  onChange: (v: number) => void;
  disabled: boolean;
}) {
  const { i18n } = useTranslation();
  return (
    <div className="og-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="input"
        inputMode="decimal"
        disabled={disabled}
        placeholder="0"
        defaultValue={value ? formatAmount(value, i18n.language) : ''}
        onChange={(e) => onChange(parseAmount(e.target.value, i18n.language) ?? 0)}
      />
    </div>
  );
}

/** Auto-bet's settings: how many bets, the stake after a win or a loss, and where to stop. */
export function AutoForm({
  config,
  onChange,
  disabled,
}: {
  config: AutoConfig;
  onChange: (config: AutoConfig) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="og-auto">
      <div className="og-field">
        <label htmlFor="og-count">{t('originals.auto.count')}</label>
        <input
          id="og-count"
          className="input"
          inputMode="numeric"
          disabled={disabled}
          value={config.count === 0 ? '' : String(config.count)}
          placeholder="∞"
          onChange={(e) =>
            onChange({
              ...config,
              count: Math.min(100_000, Number.parseInt(e.target.value.replace(/\D/g, '') || '0', 10)),
            })
          }
        />
      </div>
      <RuleField
        id="og-onwin"
        label={t('originals.auto.on_win')}
        rule={config.onWin}
        disabled={disabled}
        onChange={(onWin) => onChange({ ...config, onWin })}
      />
      <RuleField
        id="og-onloss"
        label={t('originals.auto.on_loss')}
        rule={config.onLoss}
        disabled={disabled}
        onChange={(onLoss) => onChange({ ...config, onLoss })}
      />
      <MoneyField
        id="og-stop-profit"
        label={t('originals.auto.stop_profit')}
        value={config.stopProfit}
        disabled={disabled}
        onChange={(stopProfit) => onChange({ ...config, stopProfit })}
      />
      <MoneyField
        id="og-stop-loss"
        label={t('originals.auto.stop_loss')}
        value={config.stopLoss}
        disabled={disabled}
        onChange={(stopLoss) => onChange({ ...config, stopLoss })}
      />
    </div>
  );
}
