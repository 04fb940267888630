import type { LanguageCode } from '../../../src/api/contract/common';
import { languageCode, MAX_AMOUNT } from '../../../src/api/contract/common';
import {
  type CustomerServiceEntry,
  customerServiceType,
  isServiceChannel,
  type SiteOptionCode,
  siteOptionCodes,
} from '../../../src/api/contract/system';
import type { LocalizedText } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { BrandRepository, BrandRow } from './brand.repository';

export interface Brand {
  id: number;
  merchantCode: string;
  siteName: string;
  platform: string;
  lotteryType: string;
  currency: string;
  /** IANA time zone of the brand's days (reports, contracts' pay periods). */
  timeZone: string;
  defaultLanguage: LanguageCode;
  supportedLanguages: LanguageCode[];
  systemStatus: number;
  maintenanceMessage: LocalizedText | null;
  /** A scheduled maintenance window, epoch milliseconds (start inclusive, end exclusive). */
  maintenanceWindow: { startsAt: number; endsAt: number } | null;
  mainDomain: string;
  analyticsId: string | null;
  weakPasswordHash: string | null;
  passwordMaxAgeDays: number | null;
  newAddressCheck: boolean;
  singleWallet: boolean;
  /** Rebate per game category, basis points of valid bets. */
  rebateRates: Record<string, number>;
  /** The most one movement may move, in minor units (never more than MAX_AMOUNT whatever is stored). */
  maxAmount: number;
  /** When the identity is asked: at registration, before the first withdrawal, or not at all ('off'). */
  kycAt: 'registration' | 'withdrawal' | 'off';
}

function toBrand(row: BrandRow): Brand {
  const supported = row.supportedLanguages.filter(
    (l): l is LanguageCode => languageCode.safeParse(l).success,
  );
  const defaultLanguage = languageCode.catch('pt').parse(row.defaultLanguage);
  return {
    id: row.id,
    merchantCode: row.merchantCode,
    siteName: row.siteName,
    platform: row.platform,
    lotteryType: row.lotteryType,
    currency: row.currency,
    timeZone: row.timeZone,
    defaultLanguage,
    supportedLanguages: supported.length > 0 ? supported : [defaultLanguage],
    systemStatus: row.systemStatus,
    maintenanceMessage: row.maintenanceMessage ?? null,
    maintenanceWindow:
      row.maintenanceStartsAt && row.maintenanceEndsAt
        ? { startsAt: row.maintenanceStartsAt.getTime(), endsAt: row.maintenanceEndsAt.getTime() }
        : null,
    mainDomain: row.mainDomain,
    analyticsId: row.analyticsId,
    weakPasswordHash: row.weakPasswordHash,
    newAddressCheck: row.newAddressCheck,
    singleWallet: row.singleWallet,
    rebateRates: row.rebateRates,
    passwordMaxAgeDays: row.passwordMaxAgeDays,
    maxAmount: Math.min(row.maxAmount, MAX_AMOUNT),
    kycAt: row.kycAt,
  };
}

/**
 * Whether the brand is in maintenance at `now`: the operator's switch (system status 1), or inside its
 * scheduled window (from its start, up to but not including its end).
 */
export function inMaintenance(brand: Pick<Brand, 'systemStatus' | 'maintenanceWindow'>, now: number) {
  const window = brand.maintenanceWindow;
  return brand.systemStatus === 1 || (window !== null && now >= window.startsAt && now < window.endsAt);
}

/** Host names of the machine itself: a browser there reaches the default brand under them. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** Picks a brand's text in the wanted language, then its default language, then any. */
export function localize(text: LocalizedText | null | undefined, lang: LanguageCode, fallback: LanguageCode) {
  if (!text) return '';
  return text[lang] ?? text[fallback] ?? Object.values(text)[0] ?? '';
}

/** Which brand a request is for, by its host name, and its settings. */
export class BrandService {
  /** Every request resolves its brand: the cached row is converted once, not per request. */
  private readonly converted = new WeakMap<BrandRow, Brand>();

  constructor(
    private readonly repo: BrandRepository,
    /** The demo answers every host with its brand (it runs on any address it is started on). */
    private readonly site: { demo: boolean } = { demo: false },
  ) {}

  /**
   * The brand that owns this host (brand_domains). A host no brand owns answers the spec's domain error
   * (DOMAIN_CHECK_FAILED), never another brand, except where the default brand is meant: in the demo;
   * for a loopback host asked from the machine itself (local development, health checks); and while no
   * brand has any domain yet (a new installation before its first domain).
   */
  async resolve(host: string, caller: { local: boolean } = { local: false }): Promise<Brand> {
    let row = await this.repo.findByHost(host);
    if (
      !row &&
      (this.site.demo || (caller.local && LOOPBACK_HOSTS.has(host)) || !(await this.repo.anyDomain()))
    )
      row = await this.repo.findDefault();
    if (!row) throw new AppError('DOMAIN_CHECK_FAILED');
    let brand = this.converted.get(row);
    if (!brand) {
      brand = Object.freeze(toBrand(row));
      this.converted.set(row, brand);
    }
    return brand;
  }

  /** Every brand of the installation (the games that run on their own, such as crash, play for each). */
  async all(): Promise<Brand[]> {
    return (await this.repo.all()).map(toBrand);
  }

  async options(brandId: number): Promise<Record<SiteOptionCode, boolean>> {
    const rows = await this.repo.options(brandId);
    const stored = new Map(rows.map((r) => [r.code, r.enabled]));
    return Object.fromEntries(siteOptionCodes.map((code) => [code, stored.get(code) ?? false])) as Record<
      SiteOptionCode,
      boolean
    >;
  }

  async withdrawalRules(brandId: number) {
    const rules = await this.repo.withdrawalRules(brandId);
    if (!rules) throw new AppError('DOMAIN_CHECK_FAILED');
    return rules;
  }

  confirmMinutes() {
    return this.repo.confirmMinutes();
  }

  domains(brandId: number) {
    return this.repo.domains(brandId);
  }

  regionRules(brandId: number) {
    return this.repo.regionRules(brandId);
  }

  async resources(brand: Brand, lang: LanguageCode) {
    const rows = await this.repo.resources(brand.id);
    return rows.map((r) => ({
      resourceType: r.resourceType,
      labelName: localize(r.label, lang, brand.defaultLanguage),
      labelNameEn: localize(r.label, 'en', brand.defaultLanguage),
      url: r.url,
    }));
  }

  async customerService(brand: Brand, lang: LanguageCode) {
    const rows = await this.repo.customerService(brand.id);
    // Only channels that reach someone: never one that leads back to the help page, nor a type the
    // site cannot show.
    return rows
      .filter((r) => r.active && isServiceChannel(r.url) && customerServiceType.safeParse(r.csType).success)
      .map((r) => ({
        id: r.id,
        csType: r.csType as CustomerServiceEntry['csType'],
        title: localize(r.title, lang, brand.defaultLanguage),
        url: r.url,
      }));
  }
}
