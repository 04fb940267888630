import type { LanguageCode } from '../../src/api/contract/common';
import type { FieldIssue } from '../../src/api/envelope';
import { translate } from './messages';

interface ValidationItem {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

const known = new Set([
  'invalid_type',
  'invalid_value',
  'too_small',
  'too_big',
  'invalid_format',
  'unrecognized_keys',
]);

/** One field problem in the caller's language: where it is ("query.lang") and what is wrong with it. */
export function describeIssue(
  lang: LanguageCode,
  context: string | undefined,
  item: ValidationItem,
): FieldIssue {
  const field = item.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const path = [context === 'querystring' ? 'query' : context, field].filter(Boolean).join('.');
  const keyword = known.has(item.keyword) ? item.keyword : 'invalid';
  const values = Array.isArray(item.params.values) ? item.params.values.join(', ') : '';
  const message = translate(lang, `validation.${keyword}`, {
    field: field || (context ?? ''),
    values,
    minimum: String(item.params.minimum ?? ''),
    maximum: String(item.params.maximum ?? ''),
  });
  return { path, message };
}
