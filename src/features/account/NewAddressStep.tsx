import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { call } from '../../api/client';
import type { LoginChannel, NewAddressChallenge } from '../../api/contract/accounts';
import { errorKey } from '../../api/errors';
import { CodeSendButton } from './SmsSendButton';

const schema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'errors.SMS_CODE_INVALID'),
});

/**
 * A login from an address the member never used: pick the mobile or the email on the account, send a
 * code there, and type it in. The destinations arrive masked; the server knows the real ones.
 */
export function NewAddressStep({
  check,
  busy,
  errorCode,
  onSubmit,
  onBack,
}: {
  check: NewAddressChallenge;
  busy: boolean;
  errorCode: string | null;
  onSubmit: (code: string) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const [channel, setChannel] = useState<LoginChannel>(check.channels[0]?.channel ?? 'sms');
  const send = useCallback(
    () => call('newAddressCode', { body: { challenge: check.challenge, channel } }),
    [check.challenge, channel],
  );
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(schema),
    defaultValues: { code: '' },
  });
  return (
    <form
      className="account-form"
      noValidate
      data-testid="new-address-form"
      onSubmit={handleSubmit((v) => onSubmit(v.code))}
    >
      <p className="form-note">{t('errors.NEW_ADDRESS_CHECK')}</p>
      <fieldset className="channel-choice">
        <legend>{t('account.new_address_send_to')}</legend>
        {check.channels.map((c) => (
          <label key={c.channel} className="check">
            <input
              type="radio"
              name="channel"
              value={c.channel}
              checked={channel === c.channel}
              onChange={() => setChannel(c.channel)}
            />{' '}
            <span data-testid={`channel-${c.channel}`}>{c.destination}</span>
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor="new-address-code">{t('account.new_address_code')} *</label>
        <div className="code-row">
          <input
            id="new-address-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            {...register('code')}
          />
          <CodeSendButton send={send} />
        </div>
        {formState.errors.code?.message && (
          <span className="field-error" role="alert">
            {t(formState.errors.code.message)}
          </span>
        )}
      </div>
      {errorCode && (
        <p className="form-error" role="alert" data-testid="login-error" data-code={errorCode}>
          {t(errorKey(errorCode))}
        </p>
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {busy ? t('account.verifying') : t('account.new_address_confirm')}
      </button>
      <button type="button" className="link" onClick={onBack}>
        {t('account.new_address_back')}
      </button>
    </form>
  );
}
