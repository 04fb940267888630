import { useTranslation } from 'react-i18next';

/** The date presets of the agent centre's reports, as one row of chips. */
export function PresetChips<P extends string>(props: {
  value: P;
  options: readonly P[];
  onChange: (preset: P) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="chips">
      <legend className="visually-hidden">{t('agent.period_legend')}</legend>
      {props.options.map((p) => (
        <button
          key={p}
          type="button"
          className={p === props.value ? 'chip is-active' : 'chip'}
          aria-pressed={p === props.value}
          onClick={() => props.onChange(p)}
        >
          {t(`agent.presets.${p}`)}
        </button>
      ))}
    </fieldset>
  );
}
