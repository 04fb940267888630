import { isSafeText, type LanguageCode } from '../../src/api/contract/common';
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

/** Where in a request a value came from, named as validation issues name it. */
const PARTS = ['query', 'body', 'params'] as const;

/**
 * A string of the request's query, body or route parameters (values and keys, at any depth) that
 * PostgreSQL or JSON cannot carry (`isSafeText`), as a field issue ("body.reason"); null when there is
 * none. Checked once for every route, before its schema, so no handler ever meets one.
 */
export function unsafeTextIssue(
  lang: LanguageCode,
  request: { query?: unknown; body?: unknown; params?: unknown },
): FieldIssue | null {
  const issue = (part: string, path: string) => ({
    path,
    message: translate(lang, 'validation.invalid_text', { field: path.slice(part.length + 1) || part }),
  });
  for (const part of PARTS) {
    // An explicit stack: a hostile body may nest deeper than the call stack would go.
    const stack: Array<{ value: unknown; path: string }> = [{ value: request[part], path: part }];
    while (stack.length > 0) {
      const { value, path } = stack.pop()!;
      if (typeof value === 'string') {
        if (!isSafeText(value)) return issue(part, path);
      } else if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) stack.push({ value: value[i], path: `${path}.${i}` });
      } else if (value !== null && typeof value === 'object') {
        for (const [key, item] of Object.entries(value)) {
          // A bad name is reported at the object that holds it: the name itself cannot be shown.
          if (!isSafeText(key)) return issue(part, path);
          stack.push({ value: item, path: `${path}.${key}` });
        }
      }
    }
  }
  return null;
}
