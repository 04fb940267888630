import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LanguageCode } from '../../src/api/contract/common';
import { languageCode } from '../../src/api/contract/common';

type Catalogue = Record<string, unknown>;

const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../locales');
const catalogues = new Map<LanguageCode, Catalogue>(
  languageCode.options.map((lang) => [
    lang,
    JSON.parse(readFileSync(path.join(localesDir, lang, 'translation.json'), 'utf8')) as Catalogue,
  ]),
);

function lookup(catalogue: Catalogue | undefined, key: string): string | undefined {
  let node: unknown = catalogue;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** The server's side of the shared catalogues: same keys and `{{name}}` interpolation as i18next. */
export function translate(lang: LanguageCode, key: string, params: Record<string, string | number> = {}) {
  const template = lookup(catalogues.get(lang), key) ?? lookup(catalogues.get('en'), key) ?? key;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name] ?? ''));
}
