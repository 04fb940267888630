import type { LanguageCode } from './api/languages';

// Each language is its own chunk: a visitor downloads only the catalogue they read.
const catalogues = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/translation.json');
const loading = new Map<LanguageCode, Promise<Record<string, unknown>>>();

/** One language's catalogue, fetched once (the boot starts the visitor's before the site's code runs). */
export function loadCatalogue(lang: LanguageCode) {
  let found = loading.get(lang);
  if (!found) {
    const loader = catalogues[`../locales/${lang}/translation.json`];
    if (!loader) return Promise.reject(new Error(`no catalogue for ${lang}`));
    found = loader().then((m) => m.default);
    found.catch(() => loading.delete(lang));
    loading.set(lang, found);
  }
  return found;
}
