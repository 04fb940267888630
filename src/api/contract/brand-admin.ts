import { z } from 'zod';
import { registerFieldName } from './accounts';
import { epochMillis, languageCode, MAX_AMOUNT } from './common';
import { customerServiceType, siteOptionCode } from './system';

/**
 * Brand settings in the back office (issue 27, item 4): the site option flags, the registration rules,
 * passwords, languages, currency, limits, the identity step, maintenance, region rules, domains, social
 * and app resources and customer service. Read with 'settings.read', changed with 'settings.manage';
 * every change carries the operator's reason and commits with its audit row (before and after). The
 * site sees a change within the brand cache time (BRAND_CACHE_MS).
 */

const reason = z.string().trim().min(3).max(200);

/** Text in each language the product ships (empty: none in that language; the other is shown). */
const localized = (max: number) =>
  z.object({ pt: z.string().trim().max(max), en: z.string().trim().max(max) });

export const domainRouteKind = z.enum(['main', 'mobile', 'agent', 'backup']);
export const regionRuleKind = z.enum(['ip', 'cidr', 'country']);
export const siteResourceType = z.enum(['FACEBOOK', 'INSTAGRAM', 'TELEGRAM', 'MOBILECONFIG', 'Android']);
export const kycAtSetting = z.enum(['registration', 'withdrawal', 'off']);

export const adminFieldRule = z.object({
  enabled: z.boolean(),
  required: z.boolean(),
  minLength: z.number().int().min(0).max(255),
  maxLength: z.number().int().min(1).max(255),
  patternId: z.number().int().min(1).max(99),
});

export const adminDomain = z.object({
  host: z.string().trim().toLowerCase().max(253),
  route: domainRouteKind,
});
export const adminRegionRule = z.object({
  kind: regionRuleKind,
  value: z.string().trim().max(64),
  note: z.string().trim().max(120).nullable(),
});
export const adminSiteResource = z.object({
  resourceType: siteResourceType,
  label: localized(60),
  url: z.string().trim().max(500),
});
export const adminCustomerService = z.object({
  csType: customerServiceType,
  title: localized(60),
  url: z.string().trim().max(500),
  active: z.boolean(),
});

export const adminBrandLimits = z.object({
  /** Per withdrawal, in minor units. */
  withdrawMin: z.number().int().min(0).max(MAX_AMOUNT),
  withdrawMax: z.number().int().min(0).max(MAX_AMOUNT),
  /** Withdrawal requests a member may make per day of the brand's time zone. */
  withdrawDailyCount: z.number().int().min(0).max(1_000),
  /** Minutes after which an unanswered paid withdrawal counts as received. */
  withdrawConfirmMinutes: z.number().int().min(0).max(100_000),
  /** The largest single movement (a bet, a win, a deposit, an adjustment), in minor units. */
  maxAmount: z.number().int().min(0).max(MAX_AMOUNT),
});
export type AdminBrandLimits = z.infer<typeof adminBrandLimits>;

export const adminMaintenance = z.object({
  /** The operator's switch: maintenance now, until switched off. */
  on: z.boolean(),
  startsAt: epochMillis.nullable(),
  endsAt: epochMillis.nullable(),
  message: localized(300),
});

/** Everything the settings pages show, as the brand holds it now (uncached). */
export const adminBrandSettings = z.object({
  siteName: z.string(),
  merchantCode: z.string(),
  options: z.record(siteOptionCode, z.boolean()),
  registerRules: z.record(registerFieldName, adminFieldRule),
  password: z.object({
    /** Days before a password expires (a forced change with PWDEXPFORCECHANGE3); null never. */
    maxAgeDays: z.number().int().nullable(),
    /** Whether a weak default password is set (its value is write-only). */
    weakDefaultSet: z.boolean(),
  }),
  languages: z.object({ defaultLanguage: languageCode, supportedLanguages: z.array(languageCode) }),
  currency: z.object({
    code: z.string(),
    /** Money has moved in this currency: balances and records are in it, so it no longer changes. */
    locked: z.boolean(),
  }),
  kycAt: kycAtSetting,
  limits: adminBrandLimits,
  maintenance: adminMaintenance.extend({
    /** The site is in maintenance now (the switch, the window by the server's clock, or the server). */
    active: z.boolean(),
    /** The server was started with MAINTENANCE_MODE: every brand is down whatever is set here. */
    forcedByServer: z.boolean(),
  }),
  regionRules: z.array(adminRegionRule),
  domains: z.array(adminDomain),
  resources: z.array(adminSiteResource),
  customerService: z.array(adminCustomerService),
  /** How long the site may still show the previous value of a change (the brand cache), in seconds. */
  cacheSeconds: z.number(),
  /** The server's clock when this was read (the maintenance window is read against it). */
  serverTime: epochMillis,
});
export type AdminBrandSettings = z.infer<typeof adminBrandSettings>;

export const saveSiteOptionsBody = z.object({
  options: z.partialRecord(siteOptionCode, z.boolean()),
  reason,
});
export const saveRegisterRulesBody = z.object({
  fields: z.partialRecord(registerFieldName, adminFieldRule),
  reason,
});
export const savePasswordPolicyBody = z.object({
  maxAgeDays: z.number().int().min(1).max(3_650).nullable(),
  /** A new weak default password (members still using it must change it); absent keeps the current one. */
  weakPassword: z.string().min(1).max(128).optional(),
  /** Forget the weak default password. */
  clearWeakPassword: z.boolean().optional(),
  reason,
});
export const saveLanguagesBody = z.object({
  defaultLanguage: languageCode,
  supportedLanguages: z.array(languageCode).min(1).max(10),
  reason,
});
export const saveCurrencyBody = z.object({
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/),
  reason,
});
export const saveKycAtBody = z.object({ kycAt: kycAtSetting, reason });
export const saveBrandLimitsBody = adminBrandLimits.extend({ reason });
export const saveMaintenanceBody = adminMaintenance.extend({ reason });
export const saveRegionRulesBody = z.object({ rules: z.array(adminRegionRule).max(500), reason });
export const saveDomainsBody = z.object({ domains: z.array(adminDomain).max(50), reason });
export const saveSiteResourcesBody = z.object({ resources: z.array(adminSiteResource).max(30), reason });
export const saveCustomerServiceBody = z.object({ entries: z.array(adminCustomerService).max(30), reason });
