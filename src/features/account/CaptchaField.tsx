import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';

/** A new image captcha (a data URL); its id travels back in an http-only cookie. */
export const loadCaptcha = () => call('captcha');

/**
 * The image captcha with its answer field, as the login asks for it after failed attempts and the
 * registration when the brand's captcha rule is on. A click on the image asks its machine for a new one.
 */
export function CaptchaField({
  id,
  field,
  image,
  invalid,
  error,
  onRefresh,
}: {
  id: string;
  field: UseFormRegisterReturn;
  /** Null while the image loads, or when it could not be loaded (the button tries again). */
  image: string | null;
  invalid: boolean;
  error: ReactNode;
  onRefresh: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="field captcha-field">
      <label htmlFor={id}>{t('account.captcha')} *</label>
      <div className="captcha-row">
        <input id={id} inputMode="numeric" maxLength={4} {...field} aria-invalid={invalid} />
        <button
          type="button"
          className="captcha-image"
          title={t('account.refresh_captcha')}
          onClick={onRefresh}
        >
          {image ? (
            <img src={image} alt={t('account.captcha')} data-testid="captcha-image" />
          ) : (
            <span className="spinner" />
          )}
        </button>
      </div>
      {error}
    </div>
  );
}
