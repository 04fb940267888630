import { useTranslation } from 'react-i18next';
import { errorKey } from '../../api/errors';
import './external-sign-in.css';

/** "Verify with <provider>": the brand's phone provider instead of the SMS code, in a window of its own. */
export function PhoneVerifierOffer({
  name,
  busy,
  errorCode,
  onVerify,
  onCancel,
}: {
  name: string;
  busy: boolean;
  errorCode: string | null;
  onVerify: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="phone-verifier" data-testid="phone-verifier">
      {busy ? (
        <>
          <p role="status">{t('register.verifying', { name })}</p>
          <div className="phone-verifier-actions">
            <button type="button" className="btn btn-ghost btn-sm" onClick={onVerify}>
              {t('register.verify_again')}
            </button>
            <button type="button" className="btn btn-ghost btn-sm" onClick={onCancel}>
              {t('register.verify_cancel')}
            </button>
          </div>
        </>
      ) : (
        <>
          <p className="phone-verifier-or">{t('register.verify_or')}</p>
          <button type="button" className="btn btn-ghost btn-block" onClick={onVerify}>
            {t('register.verify_with', { name })}
          </button>
        </>
      )}
      {errorCode && (
        <p className="field-error" role="alert">
          {t(errorKey(errorCode))}
        </p>
      )}
    </div>
  );
}
