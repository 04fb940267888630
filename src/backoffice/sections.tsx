import type { ComponentType } from 'react';
import type { Permission } from '../api/contract/permissions';
import { AgentsPanel } from './agents-panel';
import { ApprovalsPanel } from './approvals-panel';
import { AnnouncementsPanel, BannersPanel, PagesPanel } from './content-panels';
import { GamesPanel, RoundsPanel, VendorsPanel } from './games-panels';
import { IdentityPanel } from './identity-panel';
import { KycPanel } from './kyc-panel';
import { LotteryPanel } from './lottery-panel';
import { MembersPanel } from './members-panel';
import { AuditSearchPanel, OperatorsPanel, RolesPanel } from './operators-panel';
import { OriginalsPanel } from './originals-panel';
import { AdjustPanel, DepositQueue, WithdrawalQueue } from './panels';
import { PaymentMethodsPanel } from './payment-methods-panel';
import { PromotionsPanel } from './promotions-panel';
import { ReportsPanel } from './reports-panel';
import { HoldsPanel, RiskPanel, RiskRulesPanel } from './risk-panel';
import { DomainsPanel, LimitsPanel, MaintenancePanel, SiteSettingsPanel } from './settings-panels';
import {
  SportsBetsPanel,
  SportsExposurePanel,
  SportsFixturesPanel,
  SportsLimitsPanel,
  SportsMarginsPanel,
} from './sports-panels';

/** What every page of the console gets: the operator's session, and what to do when it ends. */
export interface PanelProps {
  token: string;
  onExpired: () => void;
}

/** The console's menu, in this order; each group shows when the operator may open one of its pages. */
export const GROUPS = [
  'finance',
  'members',
  'risk',
  'games',
  'sports',
  'agents',
  'content',
  'settings',
  'reports',
  'operators',
  'audit',
] as const;
export type Group = (typeof GROUPS)[number];

export interface Section {
  /** Its name under `backoffice.tabs` and its place in the address (#/<key>). */
  key: string;
  group: Group;
  /** The permission its route needs to read it (server side the same is declared on the route). */
  permission: Permission;
  Panel: ComponentType<PanelProps>;
}

/**
 * Every page of the back office. A module adds its page here with the permission its routes declare, so
 * an operator sees exactly the pages their role opens.
 */
export const SECTIONS: Section[] = [
  { key: 'deposits', group: 'finance', permission: 'finance.read', Panel: DepositQueue },
  { key: 'withdrawals', group: 'finance', permission: 'finance.read', Panel: WithdrawalQueue },
  { key: 'adjust', group: 'finance', permission: 'money.adjust', Panel: AdjustPanel },
  { key: 'approvals', group: 'finance', permission: 'finance.read', Panel: ApprovalsPanel },
  { key: 'members', group: 'members', permission: 'members.read', Panel: MembersPanel },
  { key: 'kyc', group: 'members', permission: 'kyc.review', Panel: KycPanel },
  { key: 'risk', group: 'risk', permission: 'risk.manage', Panel: RiskPanel },
  { key: 'holds', group: 'risk', permission: 'risk.manage', Panel: HoldsPanel },
  { key: 'risk_rules', group: 'risk', permission: 'risk.manage', Panel: RiskRulesPanel },
  { key: 'vendors', group: 'games', permission: 'games.read', Panel: VendorsPanel },
  { key: 'games', group: 'games', permission: 'games.read', Panel: GamesPanel },
  { key: 'rounds', group: 'games', permission: 'games.read', Panel: RoundsPanel },
  { key: 'originals', group: 'games', permission: 'games.read', Panel: OriginalsPanel },
  { key: 'lottery', group: 'games', permission: 'games.read', Panel: LotteryPanel },
  { key: 'sports_fixtures', group: 'sports', permission: 'sports.read', Panel: SportsFixturesPanel },
  { key: 'sports_exposure', group: 'sports', permission: 'sports.read', Panel: SportsExposurePanel },
  { key: 'sports_bets', group: 'sports', permission: 'sports.read', Panel: SportsBetsPanel },
  { key: 'sports_margins', group: 'sports', permission: 'sports.read', Panel: SportsMarginsPanel },
  { key: 'sports_limits', group: 'sports', permission: 'sports.read', Panel: SportsLimitsPanel },
  { key: 'agents', group: 'agents', permission: 'agents.read', Panel: AgentsPanel },
  { key: 'banners', group: 'content', permission: 'content.manage', Panel: BannersPanel },
  { key: 'announcements', group: 'content', permission: 'content.manage', Panel: AnnouncementsPanel },
  { key: 'promotions', group: 'content', permission: 'promotions.read', Panel: PromotionsPanel },
  { key: 'pages', group: 'content', permission: 'content.manage', Panel: PagesPanel },
  { key: 'identity', group: 'settings', permission: 'settings.read', Panel: IdentityPanel },
  { key: 'site', group: 'settings', permission: 'settings.read', Panel: SiteSettingsPanel },
  { key: 'limits', group: 'settings', permission: 'settings.read', Panel: LimitsPanel },
  { key: 'payments', group: 'settings', permission: 'settings.read', Panel: PaymentMethodsPanel },
  { key: 'maintenance', group: 'settings', permission: 'settings.read', Panel: MaintenancePanel },
  { key: 'domains', group: 'settings', permission: 'settings.read', Panel: DomainsPanel },
  { key: 'operators', group: 'operators', permission: 'operators.manage', Panel: OperatorsPanel },
  { key: 'roles', group: 'operators', permission: 'operators.manage', Panel: RolesPanel },
  { key: 'dashboard', group: 'reports', permission: 'reports.read', Panel: ReportsPanel },
  { key: 'audit', group: 'audit', permission: 'audit.read', Panel: AuditSearchPanel },
];

/** The pages an operator with these permissions may open, in menu order. */
export function sectionsFor(permissions: readonly Permission[]): Section[] {
  return GROUPS.flatMap((group) =>
    SECTIONS.filter((s) => s.group === group && permissions.includes(s.permission)),
  );
}
