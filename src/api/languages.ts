/** Languages the product ships catalogues for (`locales/<code>/`); a brand supports a subset. */
export const LANGUAGES = ['pt', 'en'] as const;
export type LanguageCode = (typeof LANGUAGES)[number];

export function isLanguage(value: unknown): value is LanguageCode {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The page's language, sent with every call; it outranks the cookie and the browser's Accept-Language. */
export const LANGUAGE_HEADER = 'x-site-language';
