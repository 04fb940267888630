import { createContext, type ReactNode, useCallback, useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../ui/Modal';
import { useAccountModal } from '../account/AccountModalContext';
import { useSession } from './session';

const TrialNotice = createContext<(() => void) | null>(null);

/** The "a real account is needed" dialog for trial players (spec 2.4: key in_need_true_account). */
export function TrialNoticeDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const account = useAccountModal();
  return (
    <Modal title={t('session.notice_title')} onClose={onClose} testId="need-real-account">
      <p>{t('session.in_need_true_account')}</p>
      <div className="dialog-actions">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          {t('session.cancel')}
        </button>
        <button
          type="button"
          className="btn btn-accent"
          onClick={() => {
            onClose();
            account.open('register');
          }}
        >
          {t('session.in_increase_submit')}
        </button>
      </div>
    </Modal>
  );
}

/** Holds the trial notice for guarded actions. */
export function GuardProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const show = useCallback(() => setOpen(true), []);
  return (
    <TrialNotice.Provider value={show}>
      {children}
      {open && <TrialNoticeDialog onClose={() => setOpen(false)} />}
    </TrialNotice.Provider>
  );
}

/**
 * Spec 4.6: actions that need a real account (playing, the member and account centres). Guests get the
 * login popup, trial players the notice, members go ahead.
 */
export function useRealAccountGuard() {
  const session = useSession();
  const account = useAccountModal();
  const trialNotice = useContext(TrialNotice);
  return useCallback(
    (action?: () => void) => {
      if (session.kind === 'guest') account.open('login');
      else if (session.kind === 'trial') trialNotice?.();
      else action?.();
    },
    [session.kind, account, trialNotice],
  );
}
