import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { countries, flagOf } from '../../api/countries';

/** A country dialing code and a national mobile number, side by side. */
export function MobileInput({
  dialing,
  number,
  invalid,
}: {
  dialing: UseFormRegisterReturn;
  number: UseFormRegisterReturn;
  invalid: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="mobile-input">
      <select aria-label={t('account.dialing_code')} {...dialing}>
        {countries.map((c) => (
          <option key={c.countryCode} value={c.countryDialingCode}>
            {flagOf(c.countryCode)} +{c.countryDialingCode}
          </option>
        ))}
      </select>
      <input
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        aria-label={t('account.mobile_number')}
        aria-invalid={invalid}
        {...number}
      />
    </div>
  );
}
