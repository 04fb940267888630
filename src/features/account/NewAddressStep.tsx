import { useCallback, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import type { LoginChannel, NewAddressChallenge } from '../../api/contract/accounts';
import { errorKey } from '../../api/errors';
import { CodeSendButton } from './SmsSendButton';

type Method = LoginChannel | 'holder';

/**
 * A login from an address the member never used (spec 2.7): pick the mobile or the email on the account,
 * send a code there and type it in, or (when the account has a bank account) type the name of the holder
 * of one. The destinations arrive masked; the server knows the real ones, and the holder names.
 */
export function NewAddressStep({
  check,
  busy,
  errorCode,
  onSubmit,
  onSubmitHolderName,
  onBack,
}: {
  check: NewAddressChallenge;
  busy: boolean;
  errorCode: string | null;
  onSubmit: (code: string) => void;
  onSubmitHolderName: (holderName: string) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<Method>(
    check.channels[0]?.channel ?? (check.holderName ? 'holder' : 'sms'),
  );
  // The name is no longer offered once its tries are spent: back to a code, if there is one.
  const method: Method | null =
    picked === 'holder' && !check.holderName ? (check.channels[0]?.channel ?? null) : picked;
  const send = useCallback(
    () => call('newAddressCode', { body: { challenge: check.challenge, channel: method as LoginChannel } }),
    [check.challenge, method],
  );
  const { register, handleSubmit, formState } = useForm({
    defaultValues: { code: '', holderName: '' },
    // Only the shown field is checked and sent.
    shouldUnregister: true,
  });
  const choices = check.channels.length + (check.holderName ? 1 : 0);
  return (
    <form
      className="account-form"
      noValidate
      data-testid="new-address-form"
      onSubmit={handleSubmit((v) =>
        method === 'holder' ? onSubmitHolderName(v.holderName.trim()) : onSubmit(v.code.trim()),
      )}
    >
      <p className="form-note">{t('errors.NEW_ADDRESS_CHECK')}</p>
      {choices > 0 && (
        <fieldset className="channel-choice">
          <legend>
            {t(check.holderName ? 'account.new_address_confirm_with' : 'account.new_address_send_to')}
          </legend>
          {check.channels.map((c) => (
            <label key={c.channel} className="check">
              <input
                type="radio"
                name="channel"
                value={c.channel}
                checked={method === c.channel}
                onChange={() => setPicked(c.channel)}
              />{' '}
              <span data-testid={`channel-${c.channel}`}>{c.destination}</span>
            </label>
          ))}
          {check.holderName && (
            <label className="check">
              <input
                type="radio"
                name="channel"
                value="holder"
                checked={method === 'holder'}
                onChange={() => setPicked('holder')}
              />{' '}
              <span data-testid="channel-holder">{t('account.new_address_holder_option')}</span>
            </label>
          )}
        </fieldset>
      )}
      {method === 'holder' ? (
        <div className="field">
          <label htmlFor="new-address-holder">{t('account.new_address_holder')} *</label>
          <input
            id="new-address-holder"
            autoComplete="off"
            maxLength={100}
            aria-describedby="new-address-holder-hint"
            {...register('holderName', {
              validate: (v) => v.trim().length > 0 || 'validation.required',
            })}
          />
          <small id="new-address-holder-hint" className="muted">
            {t('account.new_address_holder_hint')}
          </small>
          {formState.errors.holderName?.message && (
            <span className="field-error" role="alert">
              {t(formState.errors.holderName.message)}
            </span>
          )}
        </div>
      ) : method ? (
        <div className="field">
          <label htmlFor="new-address-code">{t('account.new_address_code')} *</label>
          <div className="code-row">
            <input
              id="new-address-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              {...register('code', {
                validate: (v) => /^\d{6}$/.test(v.trim()) || 'errors.SMS_CODE_INVALID',
              })}
            />
            <CodeSendButton send={send} />
          </div>
          {formState.errors.code?.message && (
            <span className="field-error" role="alert">
              {t(formState.errors.code.message)}
            </span>
          )}
        </div>
      ) : null}
      {errorCode && (
        <p className="form-error" role="alert" data-testid="login-error" data-code={errorCode}>
          {t(errorKey(errorCode))}
        </p>
      )}
      {method && (
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? t('account.verifying') : t('account.new_address_confirm')}
        </button>
      )}
      <button type="button" className="link" onClick={onBack}>
        {t('account.new_address_back')}
      </button>
    </form>
  );
}
