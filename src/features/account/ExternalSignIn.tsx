import { useTranslation } from 'react-i18next';
import { paths } from '../../api/paths';
import { useWhitelabel } from '../site/SiteProvider';
import { affiliateCodeFromUrl } from './affiliate';
import './external-sign-in.css';

/**
 * "Entrar com Google" (spec 4.2): a button per OpenID Connect provider the brand enabled. Each is a plain
 * navigation to the site's start address, which sends the browser to the provider; it comes back to this
 * page (`returnTo`), where the session machine completes the sign-in. A registration carries the
 * invitation's affiliate code along.
 */
export function ExternalSignIn({ returnTo }: { returnTo?: string | null | undefined }) {
  const { t, i18n } = useTranslation();
  const { signIn } = useWhitelabel();
  if (!signIn || signIn.length === 0) return null;
  const back = returnTo ?? `${window.location.pathname}${window.location.search}`;
  const affiliateCode = affiliateCodeFromUrl();
  // A navigation carries no language header: the provider's pages follow the page's language.
  const query = new URLSearchParams({
    returnTo: back,
    lang: i18n.language,
    ...(affiliateCode ? { affiliateCode } : {}),
  });
  return (
    <div className="external-sign-in" data-testid="external-sign-in">
      <p className="external-sign-in-or">{t('account.external_or')}</p>
      {signIn.map((provider) => (
        <a
          key={provider.code}
          className="btn btn-ghost btn-block"
          href={`${paths.oidcStart.path.replace(':provider', encodeURIComponent(provider.code))}?${query}`}
          data-testid={`sign-in-${provider.code}`}
        >
          {t('account.external_sign_in', { name: provider.name })}
        </a>
      ))}
    </div>
  );
}
