import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import type { LanguageCode } from '../../api/contract/common';
import { switchLanguage } from '../../i18n';
import { GlobeIcon, MoonIcon, SunIcon } from '../../ui/icons';
import { useWhitelabel } from '../site/SiteProvider';
import { applyTheme, currentTheme, saveLanguage, subscribeTheme, type Theme } from './storage';

export function ThemeSwitch({ testId = 'theme-switch' }: { testId?: string }) {
  const { t } = useTranslation();
  const theme = useSyncExternalStore(subscribeTheme, currentTheme);
  const next: Theme = theme === 'light' ? 'dark' : 'light';
  return (
    <button
      type="button"
      className="icon-btn"
      data-testid={testId}
      aria-label={t(next === 'dark' ? 'header.theme_dark' : 'header.theme_light')}
      title={t(next === 'dark' ? 'header.theme_dark' : 'header.theme_light')}
      onClick={() => applyTheme(next)}
    >
      {theme === 'light' ? <MoonIcon /> : <SunIcon />}
    </button>
  );
}

/** Changing language updates the page, the saved choice and the server (for its messages). */
export async function changeLanguage(lang: LanguageCode) {
  await switchLanguage(lang);
  saveLanguage(lang);
  call('setLanguage', { body: { language: lang } }).catch(() => {
    // The page already speaks the new language; the server learns it on the next change.
  });
}

export function LanguageSelect({ testId = 'language-select' }: { testId?: string }) {
  const { t, i18n } = useTranslation();
  const { supportedLanguages } = useWhitelabel();
  return (
    <label className="lang-select">
      <GlobeIcon size={18} />
      <span className="visually-hidden">{t('header.language')}</span>
      <select
        data-testid={testId}
        value={i18n.language}
        onChange={(e) => void changeLanguage(e.target.value as LanguageCode)}
      >
        {supportedLanguages.map((lang) => (
          <option key={lang} value={lang}>
            {t(`languages.${lang}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
