import { isLanguage, LANGUAGES, type LanguageCode } from '../../api/languages';

export const LANGUAGE_KEY = 'lang';
export const THEME_KEY = 'theme';
export const DEFAULT_LANGUAGE: LanguageCode = 'pt';

export type Theme = 'light' | 'dark';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Private mode or full storage: the choice still applies to this visit.
  }
}

/**
 * The language to start in: the stored one when the site supports it, else the default, which is then
 * stored (spec 4.8).
 */
export function resolveLanguage(
  supported: readonly string[] = LANGUAGES,
  fallback: LanguageCode = DEFAULT_LANGUAGE,
): LanguageCode {
  const stored = read(LANGUAGE_KEY);
  if (stored && supported.includes(stored) && isLanguage(stored)) return stored as LanguageCode;
  write(LANGUAGE_KEY, fallback);
  return fallback;
}

export function saveLanguage(lang: LanguageCode) {
  write(LANGUAGE_KEY, lang);
}

export function storedTheme(): Theme {
  return read(THEME_KEY) === 'dark' ? 'dark' : 'light';
}

const themeListeners = new Set<() => void>();

export function applyTheme(theme: Theme) {
  document.documentElement.dataset.theme = theme;
  write(THEME_KEY, theme);
  for (const listener of themeListeners) listener();
}

/** For useSyncExternalStore: every theme switch on the page shows the same state. */
export function subscribeTheme(listener: () => void) {
  themeListeners.add(listener);
  return () => {
    themeListeners.delete(listener);
  };
}

export function currentTheme(): Theme {
  return document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
}
