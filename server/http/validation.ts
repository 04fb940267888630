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
  for (const part of PARTS) {
    // An explicit stack: a hostile body may nest deeper than the call stack would go. A value's path is
    // spelled out only for the issue, from the chain of its holders: every request is walked, few fail.
    const stack: StackItem[] = [{ value: request[part], key: part, holder: null }];
    while (stack.length > 0) {
      const item = stack.pop()!;
      const { value } = item;
      if (typeof value === 'string') {
        if (!isSafeText(value)) return textIssue(lang, part, item);
      } else if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) stack.push({ value: value[i], key: i, holder: item });
      } else if (value !== null && typeof value === 'object') {
        for (const key in value) {
          if (!Object.hasOwn(value, key)) continue;
          // A bad name is reported at the object that holds it: the name itself cannot be shown.
          if (!isSafeText(key)) return textIssue(lang, part, item);
          stack.push({ value: (value as Record<string, unknown>)[key], key, holder: item });
        }
      }
    }
  }
  return null;
}

interface StackItem {
  value: unknown;
  key: string | number;
  holder: StackItem | null;
}

function textIssue(lang: LanguageCode, part: string, item: StackItem): FieldIssue {
  const keys: Array<string | number> = [];
  for (let at: StackItem | null = item; at; at = at.holder) keys.push(at.key);
  const path = keys.reverse().join('.');
  return {
    path,
    message: translate(lang, 'validation.invalid_text', { field: path.slice(part.length + 1) || part }),
  };
}
