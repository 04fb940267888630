import { lazy, Suspense } from 'react';
import { useAccountModal } from './AccountModalContext';

// The forms (zod, react-hook-form, the human check) load when the popup first opens, not with the page.
const AccountModal = lazy(() => import('./AccountModal').then((m) => ({ default: m.AccountModal })));

export function AccountModalSlot() {
  const { mode } = useAccountModal();
  if (!mode) return null;
  return (
    <Suspense fallback={null}>
      <AccountModal />
    </Suspense>
  );
}
