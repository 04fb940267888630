/**
 * Every table, for drizzle-kit and for tests. Each module declares its own tables in
 * `server/modules/<area>/<area>.tables.ts` and only that module's repositories read them
 * (docs/architecture.md, "Module ownership"; checked by `npm run lint`).
 */
export * from '../lib/secrets.tables';
export * from '../modules/accounts/accounts.tables';
export * from '../modules/agents/agents.tables';
export * from '../modules/backoffice/backoffice.tables';
export * from '../modules/brand/brand.tables';
export * from '../modules/content/content.tables';
export * from '../modules/games/games.tables';
export * from '../modules/identity/identity.tables';
export * from '../modules/kyc/kyc.tables';
export * from '../modules/ledger/ledger.tables';
export * from '../modules/lottery/lottery.tables';
export * from '../modules/messaging/messaging.tables';
export * from '../modules/originals/originals.tables';
export * from '../modules/payments/payments.tables';
export * from '../modules/promotions/promotions.tables';
export * from '../modules/reports/reports.tables';
export * from '../modules/risk/risk.tables';
export * from '../modules/security/security.tables';
export * from '../modules/sports/sports.tables';
export * from '../modules/system/system.tables';
export * from '../modules/wallet/wallet.tables';
