import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

let pending = 0;
const listeners = new Set<() => void>();
const notify = () => {
  for (const l of listeners) l();
};

/** The page-wide loader the flows turn on and off (login, logout); nested uses are counted. */
export const loader = {
  show() {
    pending += 1;
    notify();
  },
  hide() {
    pending = Math.max(0, pending - 1);
    notify();
  },
};

export function LoaderOverlay() {
  const { t } = useTranslation();
  const visible = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => pending > 0,
  );
  if (!visible) return null;
  return (
    <div className="loader-overlay" role="status" aria-live="polite" data-testid="loader">
      <div className="spinner" />
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}
