import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useWhitelabel } from '../site/SiteProvider';

/** Page titles by section key (spec 2.1), followed by the brand name. */
export function usePageTitle(sectionKey: string) {
  const { t } = useTranslation();
  const { siteName } = useWhitelabel();
  const title = t(`titles.${sectionKey}`);
  useEffect(() => {
    document.title = `${title} | ${siteName}`;
  }, [title, siteName]);
}
