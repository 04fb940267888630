import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { call } from '../../api/client';
import type { LoginResult, RegisterSettings } from '../../api/contract/accounts';
import type { Banner } from '../../api/contract/content';
import type { AuthFlowOutput } from '../../machines/auth-flow.machine';
import { Modal } from '../../ui/Modal';
import { useSessionActor } from '../session/session';
import { useWhitelabel } from '../site/SiteProvider';
import { type AccountMode, useAccountModal } from './AccountModalContext';
import { AuthFlow } from './AuthFlow';
import { ExternalSignIn } from './ExternalSignIn';
import { ForgotPasswordPanel } from './ForgotPasswordPanel';
import { FreePlayButton } from './FreePlayButton';
import { RegisterForm } from './RegisterForm';

const bannerGroup = { login: 'w_login', register: 'w_register' } as const;

function SubTabs<T extends string>({
  tabs,
  active,
  onSelect,
}: {
  tabs: Array<{ key: T; label: string }>;
  active: T;
  onSelect: (key: T) => void;
}) {
  if (tabs.length < 2) return null;
  return (
    <div className="subtabs" role="tablist">
      {tabs.map((tab) => (
        <button
          key={tab.key}
          type="button"
          role="tab"
          aria-selected={active === tab.key}
          className={`subtab${active === tab.key ? ' is-active' : ''}`}
          onClick={() => onSelect(tab.key)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}

/**
 * The account popup (spec 2.4): login and register tabs under the group banner; each offers its methods
 * only when the brand enables them, the first enabled being the default.
 */
export function AccountModal() {
  const { t } = useTranslation();
  const { mode, open, close, returnTo } = useAccountModal();
  const session = useSessionActor();
  const navigate = useNavigate();
  const { whitelabelVal, phoneVerifier } = useWhitelabel();
  const [banner, setBanner] = useState<Banner | null>(null);
  const [forgot, setForgot] = useState(false);
  const [settings, setSettings] = useState<RegisterSettings | null>(null);

  const loginMethods = [
    { key: 'username' as const, label: t('account.tab_username') },
    ...(whitelabelVal.MOBILEVERCODELOGIN3 ? [{ key: 'sms' as const, label: t('account.tab_sms') }] : []),
  ];
  const registerMethods = [
    ...(whitelabelVal.USERNAMEREG3 ? [{ key: 'username' as const, label: t('account.tab_username') }] : []),
    ...(whitelabelVal.MOBILENUMREG3 ? [{ key: 'mobile' as const, label: t('account.tab_mobile') }] : []),
  ];
  const [loginMethod, setLoginMethod] = useState(loginMethods[0]!.key);
  const [registerMethod, setRegisterMethod] = useState(registerMethods[0]?.key ?? 'username');

  useEffect(() => {
    if (!mode) return;
    setForgot(false);
    let live = true;
    call('announcements', { query: { types: 'banner', bannerGroup: bannerGroup[mode] } })
      .then((set) => live && setBanner(set.banners[0] ?? null))
      .catch(() => live && setBanner(null));
    return () => {
      live = false;
    };
  }, [mode]);
  useEffect(() => {
    if (mode === 'register' && !settings) call('registerSettings').then(setSettings, () => setSettings(null));
  }, [mode, settings]);

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
  // A login stays where the visitor was (or goes where a guarded route stopped it); one that had to
  // change its password first goes home.
  const onEntered = useCallback(
    (output: AuthFlowOutput) => {
      if (output.changedPassword) return enterSite(output.result);
      session.send({ type: 'LOGGED_IN', result: output.result });
      close();
      // A guest stopped at a guarded route (a lottery, a game) lands on it.
      if (returnTo) navigate(returnTo);
    },
    [session, close, enterSite, returnTo, navigate],
  );
  const backToLogin = useCallback(() => setForgot(false), []);

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

  let body: React.ReactNode;
  if (mode === 'login' && forgot) {
    body = <ForgotPasswordPanel onBack={backToLogin} byPhone={whitelabelVal.CHNGPASSVERIF3} />;
  } else if (mode === 'login') {
    body = (
      <>
        <SubTabs tabs={loginMethods} active={loginMethod} onSelect={setLoginMethod} />
        <AuthFlow
          key={loginMethod}
          method={loginMethod}
          onSwitchToRegister={() => open('register')}
          onForgot={() => setForgot(true)}
          onEntered={onEntered}
        />
        {whitelabelVal.FREEPLAY3 && <FreePlayButton onDone={enterSite} />}
        <ExternalSignIn returnTo={returnTo} />
      </>
    );
  } else if (registerMethods.length === 0) {
    body = <p className="account-soon">{t('errors.REGISTRATION_DISABLED')}</p>;
  } else {
    body = settings ? (
      <>
        <SubTabs tabs={registerMethods} active={registerMethod} onSelect={setRegisterMethod} />
        <RegisterForm
          key={registerMethod}
          method={registerMethod}
          // Without a password the verified number is the credential: its code is always asked.
          smsVerification={whitelabelVal.REGMOBVERF3 || !whitelabelVal.MOBILENUMPASSREG3}
          mobilePassword={whitelabelVal.MOBILENUMPASSREG3}
          phoneVerifier={phoneVerifier}
          settings={settings}
          onSwitchToLogin={() => open('login')}
          onDone={enterSite}
        />
        <ExternalSignIn returnTo={returnTo} />
      </>
    ) : (
      <div className="spinner" aria-busy="true" />
    );
  }

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
        {body}
      </div>
    </Modal>
  );
}
