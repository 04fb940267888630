import type { TFunction } from 'i18next';

/**
 * Form errors carry a translation key, or a key with parameters encoded as JSON (pattern messages need
 * their length range); this turns either into text.
 */
export function encodeMessage(key: string, params: Record<string, string> = {}) {
  return Object.keys(params).length ? JSON.stringify({ key, params }) : key;
}

export function fieldMessage(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  if (message.startsWith('{')) {
    const { key, params } = JSON.parse(message) as { key: string; params: Record<string, string> };
    return t(key, params);
  }
  return t(message);
}
