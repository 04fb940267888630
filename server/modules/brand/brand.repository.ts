import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  brandDomains,
  brands,
  customerService,
  regionRules,
  siteOptions,
  siteResources,
} from './brand.tables';

export type BrandRow = typeof brands.$inferSelect;

/** What an operator may change on the brand's own row (brand-admin.service.ts). */
export type BrandPatch = Partial<
  Pick<
    typeof brands.$inferInsert,
    | 'passwordMaxAgeDays'
    | 'weakPasswordHash'
    | 'defaultLanguage'
    | 'supportedLanguages'
    | 'currency'
    | 'kycAt'
    | 'withdrawMin'
    | 'withdrawMax'
    | 'withdrawDailyCount'
    | 'withdrawConfirmMinutes'
    | 'maxAmount'
    | 'systemStatus'
    | 'maintenanceStartsAt'
    | 'maintenanceEndsAt'
    | 'maintenanceMessage'
    | 'mainDomain'
  >
>;

/** Work that must commit with a change (its audit row), in the change's transaction. */
export type Alongside = (tx: Database) => Promise<void>;

type DomainInput = { host: string; route: string };
type RegionRuleInput = { kind: string; value: string; note: string | null };
type ResourceInput = { resourceType: string; label: Record<string, string>; url: string };
type ServiceInput = { csType: string; title: Record<string, string>; url: string; active: boolean };

export class BrandRepository {
  constructor(private readonly db: Database) {}

  async findByHost(host: string): Promise<BrandRow | undefined> {
    const rows = await this.db
      .select({ brand: brands })
      .from(brandDomains)
      .innerJoin(brands, eq(brands.id, brandDomains.brandId))
      .where(eq(brandDomains.host, host))
      .limit(1);
    return rows[0]?.brand;
  }

  /** Every brand of the installation. */
  all(): Promise<BrandRow[]> {
    return this.db.select().from(brands).orderBy(brands.id);
  }

  async findDefault(): Promise<BrandRow | undefined> {
    const rows = await this.db.select().from(brands).where(eq(brands.isDefault, true)).limit(1);
    return rows[0];
  }

  /** The brand's withdrawal rules (spec 9). */
  async withdrawalRules(brandId: number) {
    const [row] = await this.db
      .select({
        min: brands.withdrawMin,
        max: brands.withdrawMax,
        daily: brands.withdrawDailyCount,
        confirmMinutes: brands.withdrawConfirmMinutes,
      })
      .from(brands)
      .where(eq(brands.id, brandId));
    return row;
  }

  /** Every brand's time to confirm a paid withdrawal, in minutes. */
  confirmMinutes() {
    return this.db
      .select({ brandId: brands.id, minutes: brands.withdrawConfirmMinutes })
      .from(brands)
      .orderBy(asc(brands.id));
  }

  domains(brandId: number) {
    return this.db
      .select({ host: brandDomains.host, route: brandDomains.route })
      .from(brandDomains)
      .where(eq(brandDomains.brandId, brandId))
      .orderBy(asc(brandDomains.sortOrder), asc(brandDomains.id));
  }

  options(brandId: number) {
    return this.db
      .select({ code: siteOptions.code, enabled: siteOptions.enabled })
      .from(siteOptions)
      .where(eq(siteOptions.brandId, brandId));
  }

  regionRules(brandId: number) {
    return this.db
      .select({ kind: regionRules.kind, value: regionRules.value })
      .from(regionRules)
      .where(eq(regionRules.brandId, brandId));
  }

  resources(brandId: number) {
    return this.db
      .select()
      .from(siteResources)
      .where(eq(siteResources.brandId, brandId))
      .orderBy(asc(siteResources.sortOrder), asc(siteResources.id));
  }

  customerService(brandId: number) {
    return this.db
      .select()
      .from(customerService)
      .where(eq(customerService.brandId, brandId))
      .orderBy(asc(customerService.sortOrder), asc(customerService.id));
  }

  /** Whether any brand of the installation has a domain (before the first one, every host is the default brand's). */
  async anyDomain(): Promise<boolean> {
    const rows = await this.db.select({ id: brandDomains.id }).from(brandDomains).limit(1);
    return rows.length > 0;
  }

  // The back office's reads and changes (brand-admin.service.ts): never through the read cache, and each
  // change in one transaction with what must commit with it (the audit row).

  async byId(brandId: number): Promise<BrandRow | undefined> {
    const [row] = await this.db.select().from(brands).where(eq(brands.id, brandId));
    return row;
  }

  regionRulesWithNotes(brandId: number) {
    return this.db
      .select({ kind: regionRules.kind, value: regionRules.value, note: regionRules.note })
      .from(regionRules)
      .where(eq(regionRules.brandId, brandId))
      .orderBy(asc(regionRules.id));
  }

  /** Changes the brand's own row; answers the row as it is after. */
  update(brandId: number, patch: BrandPatch, alongside: Alongside) {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.update(brands).set(patch).where(eq(brands.id, brandId)).returning();
      await alongside(tx as unknown as Database);
      return row;
    });
  }

  /** Sets the given site options (the others stay as they are). */
  setOptions(brandId: number, options: Record<string, boolean>, alongside: Alongside) {
    return this.db.transaction(async (tx) => {
      const entries = Object.entries(options);
      if (entries.length > 0)
        await tx
          .insert(siteOptions)
          .values(entries.map(([code, enabled]) => ({ brandId, code, enabled })))
          .onConflictDoUpdate({
            target: [siteOptions.brandId, siteOptions.code],
            set: { enabled: sql`excluded.enabled` },
          });
      await alongside(tx as unknown as Database);
    });
  }

  /** Hosts of this list another brand already serves. */
  async hostsOfOtherBrands(brandId: number, hosts: string[]) {
    if (hosts.length === 0) return [];
    const rows = await this.db
      .select({ host: brandDomains.host })
      .from(brandDomains)
      .where(and(inArray(brandDomains.host, hosts), ne(brandDomains.brandId, brandId)));
    return rows.map((r) => r.host);
  }

  /**
   * The brand's domains become this list, in this order, and its main domain the first 'main' one.
   * Answers false when another brand took one of the hosts meanwhile (the unique index decided).
   */
  async replaceDomains(brandId: number, list: DomainInput[], mainDomain: string, alongside: Alongside) {
    try {
      await this.db.transaction(async (tx) => {
        await tx.delete(brandDomains).where(eq(brandDomains.brandId, brandId));
        if (list.length > 0)
          await tx
            .insert(brandDomains)
            .values(list.map((d, i) => ({ brandId, host: d.host, route: d.route, sortOrder: i })));
        await tx.update(brands).set({ mainDomain }).where(eq(brands.id, brandId));
        await alongside(tx as unknown as Database);
      });
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  replaceRegionRules(brandId: number, list: RegionRuleInput[], alongside: Alongside) {
    return this.db.transaction(async (tx) => {
      await tx.delete(regionRules).where(eq(regionRules.brandId, brandId));
      if (list.length > 0) await tx.insert(regionRules).values(list.map((r) => ({ brandId, ...r })));
      await alongside(tx as unknown as Database);
    });
  }

  replaceResources(brandId: number, list: ResourceInput[], alongside: Alongside) {
    return this.db.transaction(async (tx) => {
      await tx.delete(siteResources).where(eq(siteResources.brandId, brandId));
      if (list.length > 0)
        await tx.insert(siteResources).values(list.map((r, i) => ({ brandId, ...r, sortOrder: i })));
      await alongside(tx as unknown as Database);
    });
  }

  replaceCustomerService(brandId: number, list: ServiceInput[], alongside: Alongside) {
    return this.db.transaction(async (tx) => {
      await tx.delete(customerService).where(eq(customerService.brandId, brandId));
      if (list.length > 0)
        await tx.insert(customerService).values(list.map((c, i) => ({ brandId, ...c, sortOrder: i })));
      await alongside(tx as unknown as Database);
    });
  }
}

/** A unique index refused the row (23505), whichever driver raised it. */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause)
    if ((e as { code?: string }).code === '23505') return true;
  return false;
}
