import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { setRequestLanguage } from './api/client';
import type { LanguageCode } from './api/languages';
import { loadCatalogue } from './catalogues';

export async function initI18n(lang: LanguageCode) {
  await i18next.use(initReactI18next).init({
    lng: lang,
    fallbackLng: false,
    resources: { [lang]: { translation: await loadCatalogue(lang) } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = lang === 'pt' ? 'pt-BR' : lang;
  setRequestLanguage(lang);
  return i18next;
}

export async function switchLanguage(lang: LanguageCode) {
  if (!i18next.hasResourceBundle(lang, 'translation')) {
    i18next.addResourceBundle(lang, 'translation', await loadCatalogue(lang));
  }
  await i18next.changeLanguage(lang);
  document.documentElement.lang = lang === 'pt' ? 'pt-BR' : lang;
  setRequestLanguage(lang);
}
