import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import type { SiteResource } from '../../api/contract/system';
import { buildNavigation } from '../../features/games/navigation';
import { useGameMenus } from '../../features/games/useGameMenus';
import { LanguageSelect, ThemeSwitch } from '../../features/preferences/PreferenceControls';
import { useSession } from '../../features/session/session';
import { useOpenCustomerService } from '../../features/site/customerService';
import { useWhitelabel } from '../../features/site/SiteProvider';
import {
  CategoryIcon,
  ChatIcon,
  DownloadIcon,
  FacebookIcon,
  GiftIcon,
  HelpIcon,
  HomeIcon,
  InstagramIcon,
  SendIcon,
  UserIcon,
} from '../icons';
import { useSideMenu } from './SideMenuContext';

const socialIcon = (type: SiteResource['resourceType']) =>
  type === 'FACEBOOK' ? <FacebookIcon /> : type === 'INSTAGRAM' ? <InstagramIcon /> : <SendIcon />;

function AppDownload({ resources }: { resources: SiteResource[] }) {
  const { t } = useTranslation();
  const apps = [
    { label: t('side.ios'), resource: resources.find((r) => r.resourceType === 'MOBILECONFIG') },
    { label: t('side.android'), resource: resources.find((r) => r.resourceType === 'Android') },
  ].filter((a) => a.resource);
  if (apps.length === 0) return null;
  return (
    <section className="side-section side-apps" aria-labelledby="side-apps-title">
      <h3 id="side-apps-title" className="side-heading">
        <DownloadIcon size={16} /> <span>{t('side.app_download')}</span>
      </h3>
      <div className="side-qr-row">
        {apps.map(({ label, resource }) => (
          <a key={label} href={resource!.url} className="side-qr" target="_blank" rel="noopener noreferrer">
            <img
              src={`/api/qr.svg?text=${encodeURIComponent(resource!.url)}`}
              alt={label}
              width={92}
              height={92}
              loading="lazy"
            />
            <span>{label}</span>
          </a>
        ))}
      </div>
      <p className="side-note">{t('side.scan_to_install')}</p>
    </section>
  );
}

export function SideMenu() {
  const { t } = useTranslation();
  const { open, setOpen, isWide } = useSideMenu();
  const { customerService, resources } = useWhitelabel();
  const openService = useOpenCustomerService();
  const session = useSession();
  const menus = useGameMenus();
  const games = useMemo(() => (menus ? buildNavigation(menus).filter((e) => e.section) : []), [menus]);
  const social = resources.filter((r) => ['FACEBOOK', 'INSTAGRAM', 'TELEGRAM'].includes(r.resourceType));
  const closeIfDrawer = () => {
    if (!isWide()) setOpen(false);
  };

  return (
    <>
      <div
        className={`side-scrim${open ? ' is-open' : ''}`}
        aria-hidden="true"
        onClick={() => setOpen(false)}
      />
      <aside
        id="side-menu"
        className={`side-menu${open ? ' is-open' : ''}`}
        data-testid="side-menu"
        data-open={open}
        aria-label={t('side.label')}
      >
        {/* On phones the header has room only for the account buttons; preferences live here. */}
        <section className="side-section side-prefs show-phone" aria-label={t('side.preferences')}>
          <ThemeSwitch testId="theme-switch-side" />
          <LanguageSelect testId="language-select-side" />
        </section>
        <nav className="side-section">
          <NavLink to="/" end className="side-link" onClick={closeIfDrawer}>
            <HomeIcon size={18} /> <span>{t('nav.home')}</span>
          </NavLink>
          {session.kind === 'member' && (
            <NavLink to="/member/securityCenter" className="side-link" onClick={closeIfDrawer}>
              <UserIcon size={18} /> <span>{t('side.my_account')}</span>
            </NavLink>
          )}
          <h3 className="side-heading">{t('side.game_types')}</h3>
          {games.map((g) =>
            g.to ? (
              <NavLink key={g.key} to={g.to} className="side-link" onClick={closeIfDrawer}>
                <CategoryIcon section={g.section!} size={18} /> <span>{t(`nav.${g.key}`)}</span>
              </NavLink>
            ) : (
              <span key={g.key} className="side-link is-disabled" aria-disabled="true">
                <CategoryIcon section={g.section!} size={18} /> <span>{t(`nav.${g.key}`)}</span>
              </span>
            ),
          )}
          <NavLink to="/promotions" className="side-link" onClick={closeIfDrawer}>
            <GiftIcon size={18} /> <span>{t('nav.promotions')}</span>
          </NavLink>
          <NavLink to="/help" className="side-link" onClick={closeIfDrawer}>
            <HelpIcon size={18} /> <span>{t('titles.HELP')}</span>
          </NavLink>
        </nav>

        {/* Only channels that reach someone come from the server; none, and the section is left out. */}
        {customerService.length > 0 && (
          <section className="side-section" aria-labelledby="side-cs-title">
            <h3 id="side-cs-title" className="side-heading">
              {t('side.customer_service')}
            </h3>
            {customerService.map((cs) => (
              <button key={cs.id} type="button" className="side-link" onClick={() => openService(cs.url)}>
                {cs.csType === 'TELEGRAM' ? <SendIcon size={18} /> : <ChatIcon size={18} />}{' '}
                <span>{cs.title}</span>
              </button>
            ))}
          </section>
        )}

        <AppDownload resources={resources} />

        {social.length > 0 && (
          <section className="side-section" aria-labelledby="side-social-title">
            <h3 id="side-social-title" className="side-heading">
              {t('side.follow_us')}
            </h3>
            <div className="side-social">
              {social.map((r) => (
                <a
                  key={r.resourceType}
                  href={r.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="icon-btn"
                  aria-label={r.labelName}
                  title={r.labelName}
                >
                  {socialIcon(r.resourceType)}
                </a>
              ))}
            </div>
          </section>
        )}
      </aside>
    </>
  );
}
