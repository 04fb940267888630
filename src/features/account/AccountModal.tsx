import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import type { Banner } from '../../api/contract/content';
import { Modal } from '../../ui/Modal';
import { type AccountMode, useAccountModal } from './AccountModalContext';

const bannerGroup = { login: 'w_login', register: 'w_register' } as const;

/** The account popup's shell: tabs and the group banner; the login and register forms plug in here. */
export function AccountModal() {
  const { t } = useTranslation();
  const { mode, open, close } = useAccountModal();
  const [banner, setBanner] = useState<Banner | null>(null);

  useEffect(() => {
    if (!mode) return;
    let live = true;
    call('announcements', { query: { types: 'banner', bannerGroup: bannerGroup[mode] } })
      .then((set) => live && setBanner(set.banners[0] ?? null))
      .catch(() => live && setBanner(null));
    return () => {
      live = false;
    };
  }, [mode]);

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
        <p className="account-soon">{t('account.coming_soon_text')}</p>
      </div>
    </Modal>
  );
}
