import type { ReactNode } from 'react';
import { hasFbVendor } from '../games/navigation';
import { useGameMenus } from '../games/useGameMenus';
import { useWhitelabel } from '../site/SiteProvider';
import NotFound from './NotFound';

/**
 * Pages that exist only when the brand has the feature: the points mall needs PTSYS3 on, the FB sports
 * page needs a vendor coded FB (spec 2.1). Otherwise the address is simply not found.
 */
export default function FeatureGate({
  require,
  children,
}: {
  require: 'points' | 'fbSports';
  children: ReactNode;
}) {
  const { whitelabelVal } = useWhitelabel();
  const menus = useGameMenus();
  if (require === 'points') return whitelabelVal.PTSYS3 ? children : <NotFound />;
  if (!menus) return <div className="page" aria-busy="true" />;
  return hasFbVendor(menus) ? children : <NotFound />;
}
