import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { errorKey } from '../../api/errors';
import { Modal } from '../../ui/Modal';
import { useSession, useSessionActor } from '../session/session';

/** Security: turn two-step verification (an authenticator app) on or off. */
export function TwoFactorDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { member } = useSession();
  const session = useSessionActor();
  const [setup, setSetup] = useState<{ secret: string; uri: string } | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const enabled = member?.twoFactor ?? false;

  const run = async (action: () => Promise<unknown>) => {
    setError(null);
    try {
      await action();
      setCode('');
      setSetup(null);
      session.send({ type: 'REFRESH' });
    } catch (e) {
      setError((e as { code?: string }).code ?? 'UNKNOWN');
    }
  };

  return (
    <Modal title={t('security.title')} onClose={onClose} testId="two-factor-dialog">
      <div className="account-form">
        <p data-testid="two-factor-state">{t(enabled ? 'security.on' : 'security.off')}</p>
        {!enabled && !setup && (
          <button
            type="button"
            className="btn btn-primary btn-block"
            onClick={() => call('twoFactorSetup').then(setSetup, (e) => setError(e.code))}
          >
            {t('security.start')}
          </button>
        )}
        {setup && (
          <div className="two-factor-setup">
            <p>{t('security.scan')}</p>
            <img src={`/api/qr.svg?text=${encodeURIComponent(setup.uri)}`} alt="" width={180} height={180} />
            <p>
              {t('security.or_key')} <code data-testid="two-factor-secret">{setup.secret}</code>
            </p>
          </div>
        )}
        {(setup || enabled) && (
          <form
            className="account-form"
            onSubmit={(e) => {
              e.preventDefault();
              void run(() =>
                enabled
                  ? call('twoFactorDisable', { body: { code } })
                  : call('twoFactorEnable', { body: { code } }),
              );
            }}
          >
            <label className="field">
              <span>{t('account.two_factor_code')}</span>
              <input
                inputMode="numeric"
                maxLength={6}
                value={code}
                onChange={(e) => setCode(e.target.value.trim())}
              />
            </label>
            <button type="submit" className="btn btn-primary btn-block">
              {t(enabled ? 'security.disable' : 'security.enable')}
            </button>
          </form>
        )}
        {error && (
          <p className="form-error" role="alert">
            {t(errorKey(error))}
          </p>
        )}
      </div>
    </Modal>
  );
}
