import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LanguageCode } from '../../src/api/contract/common';
import { languageCode } from '../../src/api/contract/common';
import { formatAmount, formatRate } from '../../src/ui/format';

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

/**
 * A value put into a message, written in the reader's language when the message is: a percentage in basis
 * points (`{ percentBp: 50 }` → "0,50%" in PT), an amount in minor units (`{ minor: 150000, currency:
 * 'FUN' }` → "1.500,00 FUN"), or another catalogue text (`{ text: 'titles.LOTT' }` → "Loteria"). A service
 * that throws an error does not know who reads it; the answer does.
 */
export type MessageParam =
  | string
  | number
  | { percentBp: number }
  | { minor: number; currency?: string }
  | { text: string };

function written(lang: LanguageCode, value: MessageParam | undefined): string {
  if (value === undefined) return '';
  if (typeof value !== 'object') return String(value);
  if ('percentBp' in value) return formatRate(value.percentBp, lang);
  if ('minor' in value) return `${formatAmount(value.minor, lang)} ${value.currency ?? ''}`.trim();
  return lookup(catalogues.get(lang), value.text) ?? lookup(catalogues.get('en'), value.text) ?? value.text;
}

/** The server's side of the shared catalogues: same keys and `{{name}}` interpolation as i18next. */
export function translate(lang: LanguageCode, key: string, params: Record<string, MessageParam> = {}) {
  const template = lookup(catalogues.get(lang), key) ?? lookup(catalogues.get('en'), key) ?? key;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => written(lang, params[name]));
}
