import { lazy, Suspense } from 'react';
import { useSession } from '../session/session';
import { useWhitelabel } from '../site/SiteProvider';

const ContractDialog = lazy(() => import('./ContractDialog'));

/**
 * The contract dialog, for logged-in real members when the brand's agent policy is on (AGENTPOLICY3,
 * spec 2.4 and 6); loaded only for them.
 */
export function ContractDialogSlot() {
  const { kind, member } = useSession();
  const { whitelabelVal } = useWhitelabel();
  if (kind !== 'member' || !whitelabelVal.AGENTPOLICY3 || !member) return null;
  return (
    <Suspense fallback={null}>
      <ContractDialog key={member.id} />
    </Suspense>
  );
}
