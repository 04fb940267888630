import type { TFunction } from 'i18next';
import { formatAmount } from '../ui/format';

/** An audit action in words: its label where the catalogue has one, else the code made readable. */
export function auditActionLabel(t: TFunction, action: string): string {
  return t(`backoffice.audit_actions.${action}`, { defaultValue: action.replace(/_/g, ' ') });
}

const describe = (value: unknown) =>
  value && typeof value === 'object'
    ? Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== null && v !== undefined && typeof v !== 'object')
        .map(([k, v]) => `${k}: ${String(v)}`)
        .join(', ')
    : '';

/** What an entry says in words: amount, category, reason, budget, and what changed from what. */
export function auditDetailText(detail: Record<string, unknown>, t: TFunction, language: string): string {
  const parts: string[] = [];
  if (typeof detail.amount === 'number') parts.push(formatAmount(detail.amount, language));
  if (detail.category === 'bonus' || detail.category === 'correction')
    parts.push(t(`backoffice.categories.${detail.category}`));
  if (typeof detail.reason === 'string' && detail.reason) parts.push(`“${detail.reason}”`);
  if (typeof detail.budget === 'number') parts.push(`${t('backoffice.audit_budget')} ${detail.budget}`);
  const before = describe(detail.before);
  const after = describe(detail.after);
  if (before || after) parts.push(`${before || '—'} → ${after || '—'}`);
  return parts.join(' · ');
}
