import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { call } from '../../api/client';
import type { LoginResult, RegisterSettings } from '../../api/contract/accounts';
import type { Banner } from '../../api/contract/content';
import { Modal } from '../../ui/Modal';
import { useSessionActor } from '../session/session';
import { useWhitelabel } from '../site/SiteProvider';
import { type AccountMode, useAccountModal } from './AccountModalContext';
import { ChangePasswordForm } from './ChangePasswordForm';
import { FreePlayButton } from './FreePlayButton';
import { LoginForm, type LoginOutcome } from './LoginForm';
import { RegisterForm } from './RegisterForm';

const bannerGroup = { login: 'w_login', register: 'w_register' } as const;

/** The account popup: login and register tabs under the group banner (spec 2.4). */
export function AccountModal() {
  const { t } = useTranslation();
  const { mode, open, close } = useAccountModal();
  const session = useSessionActor();
  const { whitelabelVal } = useWhitelabel();
  const [banner, setBanner] = useState<Banner | null>(null);
  const [forcedChange, setForcedChange] = useState<LoginOutcome | null>(null);
  const [settings, setSettings] = useState<RegisterSettings | null>(null);
  useEffect(() => {
    if (mode === 'register' && !settings) call('registerSettings').then(setSettings, () => setSettings(null));
  }, [mode, settings]);
  const navigate = useNavigate();

  useEffect(() => {
    if (!mode) return;
    setForcedChange(null);
    let live = true;
    call('announcements', { query: { types: 'banner', bannerGroup: bannerGroup[mode] } })
      .then((set) => live && setBanner(set.banners[0] ?? null))
      .catch(() => live && setBanner(null));
    return () => {
      live = false;
    };
  }, [mode]);

  const onLoggedIn = useCallback(
    (outcome: LoginOutcome) => {
      if (outcome.mustChangePassword) {
        setForcedChange(outcome);
        return;
      }
      session.send({ type: 'LOGGED_IN', result: outcome.result });
      close();
    },
    [session, close],
  );

  // Spec 4.3, 4.5: after registering, changing the password or starting free play: load the member,
  // close the popup and go home.
  const enterSite = useCallback(
    (result: LoginResult) => {
      session.send({ type: 'LOGGED_IN', result });
      close();
      navigate('/');
    },
    [session, close, navigate],
  );

  if (!mode) return null;
  const tab = (m: AccountMode) => (
    <button
      type="button"
      role="tab"
      aria-selected={mode === m}
      className={`tab${mode === m ? ' is-active' : ''}`}
      onClick={() => open(m)}
    >
      {t(`account.${m}_tab`)}
    </button>
  );
  return (
    <Modal
      title={t(mode === 'login' ? 'titles.LOGIN' : 'titles.REGISTER')}
      onClose={close}
      testId="account-modal"
    >
      <div className="account-modal" data-mode={mode}>
        {banner && (
          <div className="account-banner" style={{ backgroundImage: `url(${banner.url})` }}>
            <strong>{banner.title}</strong>
            {banner.subtitle && <span>{banner.subtitle}</span>}
          </div>
        )}
        <div className="tabs" role="tablist">
          {tab('login')}
          {tab('register')}
        </div>
        {mode === 'login' &&
          (forcedChange ? (
            <ChangePasswordForm
              forced
              token={forcedChange.result.token}
              knownOldPassword={forcedChange.oldPassword ?? ''}
              onDone={enterSite}
            />
          ) : (
            <>
              <LoginForm onSwitchToRegister={() => open('register')} onDone={onLoggedIn} />
              {whitelabelVal.FREEPLAY3 && <FreePlayButton onDone={enterSite} />}
            </>
          ))}
        {mode === 'register' &&
          (settings ? (
            <RegisterForm settings={settings} onSwitchToLogin={() => open('login')} onDone={enterSite} />
          ) : (
            <div className="spinner" aria-busy="true" />
          ))}
      </div>
    </Modal>
  );
}
