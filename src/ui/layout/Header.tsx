import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { LanguageSelect, ThemeSwitch } from '../../features/preferences/PreferenceControls';
import { useSession } from '../../features/session/session';
import { useWhitelabel } from '../../features/site/SiteProvider';
import { MenuIcon } from '../icons';
import { GameNav } from './GameNav';
import { Logo } from './Logo';
import { MemberBlock } from './MemberBlock';
import { useSideMenu } from './SideMenuContext';

export function Header() {
  const { t } = useTranslation();
  const { siteName, demo } = useWhitelabel();
  const session = useSession();
  const side = useSideMenu();
  const navigate = useNavigate();
  return (
    <header className="header" data-testid="site-header">
      {demo && (
        <p className="demo-strip" role="note" data-testid="demo-notice">
          <span className="hide-phone">{t('demo.notice')}</span>
          <span className="show-phone">{t('demo.short')}</span>
        </p>
      )}
      <div className="header-bar">
        <button
          type="button"
          className="icon-btn header-burger"
          aria-expanded={side.open}
          aria-controls="side-menu"
          aria-label={t(side.open ? 'header.close_menu' : 'header.open_menu')}
          onClick={side.toggle}
          data-testid="side-menu-toggle"
        >
          <MenuIcon />
        </button>
        <Link to="/" className="header-logo" aria-label={siteName}>
          <Logo name={siteName} />
        </Link>
        <div className="header-actions">
          <span className="hide-phone">
            <ThemeSwitch />
          </span>
          <span className="hide-phone">
            <LanguageSelect />
          </span>
          {session.member && <MemberBlock member={session.member} />}
          {session.kind === 'guest' && !session.pending && (
            <>
              <button type="button" className="btn btn-ghost btn-login" onClick={() => navigate('/login')}>
                {t('header.login')}
              </button>
              <button type="button" className="btn btn-accent" onClick={() => navigate('/register')}>
                {t('header.register')}
              </button>
            </>
          )}
        </div>
      </div>
      <div className="header-nav">
        <GameNav />
      </div>
    </header>
  );
}
