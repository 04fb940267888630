import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { cached } from '../../api/cache';
import { call } from '../../api/client';
import type { VendorCard } from '../../api/contract/games';
import { useWhitelabel } from '../../features/site/SiteProvider';
import { Logo } from './Logo';

const helpLinks = [
  'about',
  'deposit',
  'withdraw',
  'responsible',
  'terms',
  'privacy',
  'complaints',
  'licence',
] as const;

export function Footer() {
  const { t } = useTranslation();
  const { siteName } = useWhitelabel();
  const [vendors, setVendors] = useState<VendorCard[]>([]);
  useEffect(() => {
    let live = true;
    cached('vendorList', () => call('vendorList', { query: { platform: 'html5-desktop' } }))
      .then((v) => live && setVendors(v))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);
  const unique = vendors.filter((v, i) => vendors.findIndex((o) => o.vassalage === v.vassalage) === i);

  return (
    <footer className="footer" data-testid="site-footer">
      {unique.length > 0 && (
        <section className="footer-vendors" aria-label={t('footer.vendors')}>
          {unique.map((v) => (
            <img
              key={v.vassalage}
              src={v.iconUrl}
              alt={v.accountTypeName}
              title={v.accountTypeName}
              width={96}
              height={38}
              loading="lazy"
            />
          ))}
        </section>
      )}
      <div className="footer-main">
        <div className="footer-brand">
          <Logo name={siteName} />
          <p>{t('footer.tagline')}</p>
        </div>
        <nav className="footer-links" aria-label={t('footer.help')}>
          <h4>{t('footer.help')}</h4>
          <ul>
            {helpLinks.map((key) => (
              <li key={key}>
                <Link to={`/help#${key}`}>{t(`footer.links.${key}`)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="footer-age">
          <span className="age-badge" aria-hidden="true">
            18+
          </span>
          <p data-testid="age-notice">{t('footer.age_notice')}</p>
        </div>
      </div>
      <p className="footer-copy">
        {t('footer.copyright', { year: new Date().getFullYear(), site: siteName })}
      </p>
    </footer>
  );
}
