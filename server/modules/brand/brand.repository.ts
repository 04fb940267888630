import { asc, eq } from 'drizzle-orm';
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
}
