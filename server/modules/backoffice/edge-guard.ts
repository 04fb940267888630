import type { EdgeSources } from '../agents/house-edges';
import type { OperatorContext } from './backoffice.service';

/**
 * Refuses (EDGE_BELOW_CONTRACT) a change of the games on offer that would leave the house's contracts
 * with its top agents paying more than the house keeps; `change` gives the games as they would be after
 * it (the agents module's ContractsService.checkEdgesCover, passed in by server/app.ts).
 */
export type EdgeGuard = (
  brand: OperatorContext['brand'],
  change: (sources: EdgeSources) => EdgeSources,
) => Promise<void>;
