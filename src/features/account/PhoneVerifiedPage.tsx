import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { PHONE_ERROR_PARAM } from '../../api/contract/identity';
import { errorKey } from '../../api/errors';
import { failureCode } from '../../machines/failure';
import { usePageTitle } from '../common/usePageTitle';
import { tellForm } from './phoneVerificationWindow';

type Outcome = { kind: 'working' } | { kind: 'done' } | { kind: 'failed'; code: string };

/**
 * Where the brand's phone provider sends its window back: trades the window's cookie for the proof of the
 * verified number, tells the registration form (in the tab that opened it) and closes itself.
 */
export default function PhoneVerifiedPage() {
  const { t } = useTranslation();
  usePageTitle('PHONE_VERIFIED');
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'working' });

  useEffect(() => {
    let live = true;
    const refused = new URLSearchParams(window.location.search).get(PHONE_ERROR_PARAM);
    const told = refused
      ? Promise.resolve({ type: 'FAILED' as const, code: refused })
      : call('oidcPhoneProof', {}).then(
          (proof) => ({ type: 'VERIFIED' as const, proof }),
          (error: unknown) => ({ type: 'FAILED' as const, code: failureCode(error) }),
        );
    void told.then((message) => {
      tellForm(message);
      if (!live) return;
      setOutcome(message.type === 'VERIFIED' ? { kind: 'done' } : { kind: 'failed', code: message.code });
      // The form has the answer: this window has nothing more to do (a browser may keep it open).
      if (message.type === 'VERIFIED') window.setTimeout(() => window.close(), 600);
    });
    return () => {
      live = false;
    };
  }, []);

  return (
    <div className="page state-page" data-testid="phone-verified" data-outcome={outcome.kind}>
      <div className="state-card card">
        <h1>{t('titles.PHONE_VERIFIED')}</h1>
        {outcome.kind === 'working' && (
          <p role="status" aria-busy="true">
            {t('phone_verified.working')}
          </p>
        )}
        {outcome.kind === 'done' && <p role="status">{t('phone_verified.done')}</p>}
        {outcome.kind === 'failed' && (
          <>
            <p role="alert">{t('phone_verified.failed')}</p>
            <p>{t(errorKey(outcome.code))}</p>
          </>
        )}
        {outcome.kind !== 'working' && (
          <button type="button" className="btn btn-primary" onClick={() => window.close()}>
            {t('phone_verified.close')}
          </button>
        )}
      </div>
    </div>
  );
}
