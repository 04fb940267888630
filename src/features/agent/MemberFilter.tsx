import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A username box applied on submit (the reports' "one member" filter); empty means the whole team. */
export function MemberFilter(props: { label: string; hint: string; onApply: (value: string) => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  return (
    <form
      className="member-filter"
      onSubmit={(e) => {
        e.preventDefault();
        props.onApply(value.trim().toLowerCase());
      }}
    >
      <label>
        <span>{props.label}</span>
        <input
          className="input"
          value={value}
          maxLength={64}
          autoComplete="off"
          placeholder={props.hint}
          data-testid="member-filter"
          onChange={(e) => setValue(e.target.value)}
        />
      </label>
      <button type="submit" className="btn btn-primary btn-sm">
        {t('agent.filter.apply')}
      </button>
    </form>
  );
}
