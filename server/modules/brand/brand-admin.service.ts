import ipaddr from 'ipaddr.js';
import type { z } from 'zod';
import type { RegisterFieldName } from '../../../src/api/contract/accounts';
import type {
  AdminBrandLimits,
  AdminBrandSettings,
  domainRouteKind,
  kycAtSetting,
  regionRuleKind,
  siteResourceType,
} from '../../../src/api/contract/brand-admin';
import type { LanguageCode } from '../../../src/api/contract/common';
import type { Permission } from '../../../src/api/contract/permissions';
import {
  type customerServiceType,
  isServiceChannel,
  type SiteOptionCode,
  siteOptionCodes,
} from '../../../src/api/contract/system';
import { LANGUAGES } from '../../../src/api/languages';
import { type FieldRule, PATTERN_IDS } from '../../../src/api/patterns';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import { translate } from '../../http/messages';
import type { WithAudit } from '../backoffice/audit-port';
import type { OperatorContext } from '../backoffice/backoffice.service';
import type { Alongside, BrandPatch, BrandRepository, BrandRow } from './brand.repository';
import { inMaintenance } from './brand.service';
import type { LocalizedText } from './brand.tables';

/** What the brand's back office needs of the back-office module: its audit port and the permission check. */
export interface BrandAdminBackoffice {
  withAudit(ctx: OperatorContext): WithAudit;
  require(ctx: OperatorContext, permission: Permission): void;
}

/** The registration rules, the accounts module's table, reached through its service. */
export interface RegisterRulesPort {
  stored(brandId: number): Promise<Record<RegisterFieldName, FieldRule>>;
  save(
    brandId: number,
    fields: Partial<Record<RegisterFieldName, FieldRule>>,
    alongside: Alongside,
  ): Promise<void>;
}

/** What else the settings read or need from other modules and the installation. */
export interface BrandAdminPorts {
  backoffice: BrandAdminBackoffice;
  registerRules: RegisterRulesPort;
  /** Whether money has moved in the brand (the ledger): its currency is then fixed. */
  moneyMoved(brandId: number): Promise<boolean>;
  /** The accounts module's password hash (argon2id), for the weak default password. */
  hashPassword(password: string): Promise<string>;
  /** The server's clock (the maintenance window is read against it). */
  now(): number;
  /** MAINTENANCE_MODE: the server holds every brand in maintenance. */
  forcedMaintenance: boolean;
  /** How long the site may still show a previous value (BRAND_CACHE_MS). */
  cacheMs: number;
}

type Domain = { host: string; route: z.infer<typeof domainRouteKind> };
type RegionRule = { kind: z.infer<typeof regionRuleKind>; value: string; note: string | null };
type Texts = { pt: string; en: string };
type Resource = { resourceType: z.infer<typeof siteResourceType>; label: Texts; url: string };
type ServiceEntry = {
  csType: z.infer<typeof customerServiceType>;
  title: Texts;
  url: string;
  active: boolean;
};

/** A host name as a browser's address bar holds it: labels of letters, digits and hyphens, or an IPv4 address. */
const HOST = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** Every option in the form the site reads (an option never stored is off). */
function allOptions(stored: Array<{ code: string; enabled: boolean }>) {
  const map = new Map(stored.map((r) => [r.code, r.enabled]));
  return Object.fromEntries(siteOptionCodes.map((c) => [c, map.get(c) ?? false])) as Record<
    SiteOptionCode,
    boolean
  >;
}

/** Keeps only the languages with text, so the site's fallback (the other language) applies to the rest. */
function compact(text: { pt: string; en: string }): LocalizedText {
  return Object.fromEntries(Object.entries(text).filter(([, v]) => v.trim() !== '')) as LocalizedText;
}

const both = (text: LocalizedText | null | undefined) => ({ pt: text?.pt ?? '', en: text?.en ?? '' });

/** The keys whose values differ, with the values on each side (what an audit row shows). */
function changed<T extends Record<string, unknown>>(before: T, after: T) {
  const keys = Object.keys(after).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  return {
    keys,
    before: Object.fromEntries(keys.map((k) => [k, before[k]])),
    after: Object.fromEntries(keys.map((k) => [k, after[k]])),
  };
}

/**
 * Brand settings in the back office (issue 27, item 4): reads with 'settings.read', changes with
 * 'settings.manage'. Each change is checked as a whole (stable error codes), then written with its audit
 * row (the operator's reason, the values before and after) in one transaction; a change that changes
 * nothing (a retry whose first answer was lost) writes nothing and answers the settings as they are. The
 * site reads settings through the brand read cache, so it shows a change within `cacheMs`.
 */
export class BrandAdmin {
  constructor(
    /** The repository itself, never the cached one: the operator sees what is stored. */
    private readonly repo: BrandRepository,
    private readonly ports: BrandAdminPorts,
  ) {}

  private async row(ctx: OperatorContext): Promise<BrandRow> {
    const row = await this.repo.byId(ctx.brand.id);
    if (!row) throw new AppError('DOMAIN_CHECK_FAILED');
    return row;
  }

  private audit(ctx: OperatorContext, action: string, reason: string, before: unknown, after: unknown) {
    return (tx: Database) =>
      this.ports.backoffice.withAudit(ctx)(tx, {
        action,
        target: ctx.brand.merchantCode,
        reason,
        before,
        after,
      });
  }

  async settings(ctx: OperatorContext): Promise<AdminBrandSettings> {
    this.ports.backoffice.require(ctx, 'settings.read');
    return this.view(ctx);
  }

  /** The settings as stored, answered by every change too (whoever may change them sees the result). */
  private async view(ctx: OperatorContext): Promise<AdminBrandSettings> {
    const id = ctx.brand.id;
    const [row, options, rules, regionRules, domains, resources, services, moved] = await Promise.all([
      this.row(ctx),
      this.repo.options(id),
      this.ports.registerRules.stored(id),
      this.repo.regionRulesWithNotes(id),
      this.repo.domains(id),
      this.repo.resources(id),
      this.repo.customerService(id),
      this.ports.moneyMoved(id),
    ]);
    const now = this.ports.now();
    const window =
      row.maintenanceStartsAt && row.maintenanceEndsAt
        ? { startsAt: row.maintenanceStartsAt.getTime(), endsAt: row.maintenanceEndsAt.getTime() }
        : null;
    const supported = row.supportedLanguages.filter((l: string): l is LanguageCode =>
      (LANGUAGES as readonly string[]).includes(l),
    );
    return {
      siteName: row.siteName,
      merchantCode: row.merchantCode,
      options: allOptions(options),
      registerRules: rules,
      password: { maxAgeDays: row.passwordMaxAgeDays, weakDefaultSet: row.weakPasswordHash !== null },
      languages: {
        defaultLanguage: (LANGUAGES as readonly string[]).includes(row.defaultLanguage)
          ? (row.defaultLanguage as LanguageCode)
          : 'pt',
        supportedLanguages: supported,
      },
      currency: { code: row.currency, locked: moved },
      kycAt: row.kycAt,
      limits: {
        withdrawMin: row.withdrawMin,
        withdrawMax: row.withdrawMax,
        withdrawDailyCount: row.withdrawDailyCount,
        withdrawConfirmMinutes: row.withdrawConfirmMinutes,
        maxAmount: row.maxAmount,
      },
      maintenance: {
        on: row.systemStatus === 1,
        startsAt: window?.startsAt ?? null,
        endsAt: window?.endsAt ?? null,
        message: both(row.maintenanceMessage),
        active:
          this.ports.forcedMaintenance ||
          inMaintenance({ systemStatus: row.systemStatus, maintenanceWindow: window }, now),
        forcedByServer: this.ports.forcedMaintenance,
      },
      regionRules: regionRules.map((r) => ({
        kind: r.kind as RegionRule['kind'],
        value: r.value,
        note: r.note,
      })),
      domains: domains.map((d) => ({ host: d.host, route: d.route as Domain['route'] })),
      resources: resources.map((r) => ({
        resourceType: r.resourceType as Resource['resourceType'],
        label: both(r.label),
        url: r.url,
      })),
      customerService: services.map((c) => ({
        csType: c.csType as ServiceEntry['csType'],
        title: both(c.title),
        url: c.url,
        active: c.active,
      })),
      cacheSeconds: Math.ceil(this.ports.cacheMs / 1000),
      serverTime: now,
    };
  }

  /** Changes the brand's own row: the audit keeps the changed values, before and after. */
  private async patch(
    ctx: OperatorContext,
    action: string,
    reason: string,
    before: Record<string, unknown>,
    after: Record<string, unknown>,
    patch: BrandPatch,
  ) {
    const diff = changed(before, after);
    if (diff.keys.length > 0)
      await this.repo.update(ctx.brand.id, patch, this.audit(ctx, action, reason, diff.before, diff.after));
    return this.view(ctx);
  }

  /**
   * The site option flags (spec 3). Only the given flags change. A registration by mobile without a
   * password (MOBILENUMPASSREG3 off) leaves the member no way back in but SMS codes, so it needs
   * MOBILEVERCODELOGIN3 on.
   */
  async saveOptions(
    ctx: OperatorContext,
    body: { options: Partial<Record<SiteOptionCode, boolean>>; reason: string },
  ) {
    this.ports.backoffice.require(ctx, 'settings.manage');
    const before = allOptions(await this.repo.options(ctx.brand.id));
    const after = { ...before, ...body.options };
    if (after.MOBILENUMREG3 && !after.MOBILENUMPASSREG3 && !after.MOBILEVERCODELOGIN3)
      throw new AppError('SETTINGS_CONFLICT');
    const diff = changed(before, after);
    if (diff.keys.length > 0)
      await this.repo.setOptions(
        ctx.brand.id,
        diff.after as Record<string, boolean>,
        this.audit(ctx, 'brand_options', body.reason, diff.before, diff.after),
      );
    return this.view(ctx);
  }

  /**
   * Registration field rules (spec 3, 5.2): shown, required, length bounds and pattern. The username and
   * password are always asked; a required field must be shown; the minimum never passes the maximum.
   */
  async saveRegisterRules(
    ctx: OperatorContext,
    body: { fields: Partial<Record<RegisterFieldName, FieldRule>>; reason: string },
  ) {
    this.ports.backoffice.require(ctx, 'settings.manage');
    const stored = await this.ports.registerRules.stored(ctx.brand.id);
    const fields = { ...body.fields };
    for (const [name, rule] of Object.entries(fields) as Array<[RegisterFieldName, FieldRule]>) {
      const always = name === 'username' || name === 'password' || name === 'confirmPassword';
      if (
        rule.minLength > rule.maxLength ||
        !PATTERN_IDS.includes(rule.patternId) ||
        (rule.required && !rule.enabled) ||
        (always && !(rule.enabled && rule.required))
      )
        throw new AppError('REGISTER_RULE_INVALID', { field: { text: `register.fields.${name}` } });
    }
    // The confirmation is the password's twin.
    if (fields.password) fields.confirmPassword = { ...fields.password };
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    const write: Partial<Record<RegisterFieldName, FieldRule>> = {};
    for (const [name, rule] of Object.entries(fields) as Array<[RegisterFieldName, FieldRule]>) {
      if (JSON.stringify(stored[name]) === JSON.stringify(rule)) continue;
      write[name] = rule;
      before[name] = ruleText(stored[name]);
      after[name] = ruleText(rule);
    }
    if (Object.keys(write).length > 0)
      await this.ports.registerRules.save(
        ctx.brand.id,
        write,
        this.audit(ctx, 'brand_register_rules', body.reason, before, after),
      );
    return this.view(ctx);
  }

  /** Password expiry (with PWDEXPFORCECHANGE3) and the weak default password (write-only, never shown). */
  async savePasswordPolicy(
    ctx: OperatorContext,
    body: {
      maxAgeDays: number | null;
      weakPassword?: string | undefined;
      clearWeakPassword?: boolean | undefined;
      reason: string;
    },
  ) {
    this.ports.backoffice.require(ctx, 'settings.manage');
    const row = await this.row(ctx);
    const patch: BrandPatch = { passwordMaxAgeDays: body.maxAgeDays };
    const before = { maxAgeDays: row.passwordMaxAgeDays, weakDefault: row.weakPasswordHash ? 'set' : 'none' };
    const after: Record<string, unknown> = { maxAgeDays: body.maxAgeDays, weakDefault: before.weakDefault };
    if (body.weakPassword) {
      patch.weakPasswordHash = await this.ports.hashPassword(body.weakPassword);
      // A new value is a change even where one was set: the audit says so, never what it is.
      after.weakDefault = row.weakPasswordHash ? 'replaced' : 'set';
    } else if (body.clearWeakPassword) {
      patch.weakPasswordHash = null;
      after.weakDefault = 'none';
    }
    return this.patch(ctx, 'brand_password_policy', body.reason, before, after, patch);
  }

  /** The languages the site offers and the one it starts in (a subset of the catalogues shipped). */
  async saveLanguages(
    ctx: OperatorContext,
    body: { defaultLanguage: LanguageCode; supportedLanguages: LanguageCode[]; reason: string },
  ) {
    this.ports.backoffice.require(ctx, 'settings.manage');
    const supported = LANGUAGES.filter((l) => body.supportedLanguages.includes(l));
    if (supported.length === 0 || !supported.includes(body.defaultLanguage))
      throw new AppError('LANGUAGE_SETTINGS_INVALID');
    const row = await this.row(ctx);
    return this.patch(
      ctx,
      'brand_languages',
      body.reason,
      { defaultLanguage: row.defaultLanguage, supportedLanguages: row.supportedLanguages.join(', ') },
      { defaultLanguage: body.defaultLanguage, supportedLanguages: supported.join(', ') },
      { defaultLanguage: body.defaultLanguage, supportedLanguages: [...supported] },
    );
  }

  /**
   * The brand's currency, until money moves: every balance, bet, limit and record is an amount in it, and
   * changing its name afterwards would relabel them without converting anything (CURRENCY_LOCKED).
   */
  async saveCurrency(ctx: OperatorContext, body: { currency: string; reason: string }) {
    this.ports.backoffice.require(ctx, 'settings.manage');
    const row = await this.row(ctx);
    if (row.currency !== body.currency && (await this.ports.moneyMoved(ctx.brand.id)))
      throw new AppError('CURRENCY_LOCKED', { currency: row.currency });
    return this.patch(
      ctx,
      'brand_currency',
      body.reason,
      { currency: row.currency },
      { currency: body.currency },
      { currency: body.currency },
    );
  }

  /** When the identity (full name, birthday, CPF) is asked: at registration, before a withdrawal, or never. */
  async saveKycAt(ctx: OperatorContext, body: { kycAt: z.infer<typeof kycAtSetting>; reason: string }) {
    this.ports.backoffice.require(ctx, 'settings.manage');
    const row = await this.row(ctx);
    return this.patch(
      ctx,
      'brand_kyc_at',
      body.reason,
      { kycAt: row.kycAt },
      { kycAt: body.kycAt },
      {
        kycAt: body.kycAt,
      },
    );
  }

  /**
   * Withdrawal limits per request and per day, the time a paid withdrawal has to be confirmed, and the
   * largest single movement (deposits, bets, wins, adjustments). Deposit limits per method are the payment
   * methods' own (their page).
   */
  async saveLimits(ctx: OperatorContext, body: AdminBrandLimits & { reason: string }) {
    this.ports.backoffice.require(ctx, 'settings.manage');
    if (
      body.withdrawMin < 1 ||
      body.withdrawMin > body.withdrawMax ||
      body.withdrawMax > body.maxAmount ||
      body.withdrawDailyCount < 1 ||
      body.withdrawConfirmMinutes < 10 ||
      body.withdrawConfirmMinutes > 43_200
    )
      throw new AppError('LIMITS_INVALID');
    const row = await this.row(ctx);
    const before = {
      withdrawMin: row.withdrawMin,
      withdrawMax: row.withdrawMax,
      withdrawDailyCount: row.withdrawDailyCount,
      withdrawConfirmMinutes: row.withdrawConfirmMinutes,
      maxAmount: row.maxAmount,
    };
    const { reason, ...after } = body;
    return this.patch(ctx, 'brand_limits', reason, before, after, after);
  }

  /**
   * Maintenance: the switch (down now, until switched off) and a scheduled window (down from its start to
   * its end by the server's clock), with the message the maintenance screen shows in each language. The
   * back office stays open throughout.
   */
  async saveMaintenance(
    ctx: OperatorContext,
    body: {
      on: boolean;
      startsAt: number | null;
      endsAt: number | null;
      message: { pt: string; en: string };
      reason: string;
    },
  ) {
    this.ports.backoffice.require(ctx, 'settings.manage');
    const windowGiven = body.startsAt !== null || body.endsAt !== null;
    if (
      windowGiven &&
      (body.startsAt === null ||
        body.endsAt === null ||
        body.endsAt <= body.startsAt ||
        body.endsAt <= this.ports.now())
    )
      throw new AppError('MAINTENANCE_WINDOW_INVALID');
    const row = await this.row(ctx);
    const message = compact(body.message);
    const at = (d: Date | null) => d?.toISOString() ?? null;
    return this.patch(
      ctx,
      'brand_maintenance',
      body.reason,
      {
        on: row.systemStatus === 1,
        startsAt: at(row.maintenanceStartsAt),
        endsAt: at(row.maintenanceEndsAt),
        messagePt: row.maintenanceMessage?.pt ?? '',
        messageEn: row.maintenanceMessage?.en ?? '',
      },
      {
        on: body.on,
        startsAt: body.startsAt === null ? null : new Date(body.startsAt).toISOString(),
        endsAt: body.endsAt === null ? null : new Date(body.endsAt).toISOString(),
        messagePt: message.pt ?? '',
        messageEn: message.en ?? '',
      },
      {
        systemStatus: body.on ? 1 : 0,
        maintenanceStartsAt: body.startsAt === null ? null : new Date(body.startsAt),
        maintenanceEndsAt: body.endsAt === null ? null : new Date(body.endsAt),
        maintenanceMessage: Object.keys(message).length > 0 ? message : null,
      },
    );
  }

  /** Who may not enter the site (spec 2.3, status 2): exact addresses, CIDR ranges, countries (with GEOIP_DB). */
  async saveRegionRules(ctx: OperatorContext, body: { rules: RegionRule[]; reason: string }) {
    this.ports.backoffice.require(ctx, 'settings.manage');
    const seen = new Set<string>();
    const rules: RegionRule[] = [];
    for (const rule of body.rules) {
      const value = rule.kind === 'country' ? rule.value.toUpperCase() : rule.value;
      const valid =
        rule.kind === 'ip'
          ? ipaddr.isValid(value)
          : rule.kind === 'cidr'
            ? ipaddr.isValidCIDR(value)
            : /^[A-Z]{2}$/.test(value);
      if (!valid)
        throw new AppError('REGION_RULE_INVALID', {
          value,
          kind: { text: `backoffice.settings.region_kinds.${rule.kind}` },
        });
      const key = `${rule.kind} ${value}`;
      if (seen.has(key)) continue;
      seen.add(key);
      rules.push({ kind: rule.kind, value, note: rule.note || null });
    }
    const before = await this.repo.regionRulesWithNotes(ctx.brand.id);
    const text = (list: Array<{ kind: string; value: string }>) =>
      list.map((r) => `${r.kind} ${r.value}`).join('; ');
    if (JSON.stringify(before) !== JSON.stringify(rules))
      await this.repo.replaceRegionRules(
        ctx.brand.id,
        rules,
        this.audit(ctx, 'brand_region_rules', body.reason, { rules: text(before) }, { rules: text(rules) }),
      );
    return this.view(ctx);
  }

  /**
   * The brand's domains and what each is for (spec 7.2 domainRoute). A host no brand owns answers the
   * domain error, so the list keeps a main domain, holds no host of another brand, and keeps the one the
   * operator is using now (removing it would lock them out of this back office).
   */
  async saveDomains(ctx: OperatorContext, body: { domains: Domain[]; reason: string }, currentHost: string) {
    this.ports.backoffice.require(ctx, 'settings.manage');
    const hosts = new Set<string>();
    for (const d of body.domains) {
      if (!HOST.test(d.host) || hosts.has(d.host)) throw new AppError('DOMAIN_INVALID', { host: d.host });
      hosts.add(d.host);
    }
    const main = body.domains.find((d) => d.route === 'main');
    if (!main) throw new AppError('DOMAIN_MAIN_REQUIRED');
    const before = await this.repo.domains(ctx.brand.id);
    if (before.some((d) => d.host === currentHost) && !hosts.has(currentHost))
      throw new AppError('DOMAIN_IN_USE', { host: currentHost });
    const taken = await this.repo.hostsOfOtherBrands(ctx.brand.id, [...hosts]);
    if (taken.length > 0) throw new AppError('DOMAIN_TAKEN', { host: taken[0]! });
    const text = (list: Domain[] | Array<{ host: string; route: string }>) =>
      list.map((d) => `${d.host} (${d.route})`).join(', ');
    if (text(before) !== text(body.domains)) {
      const ok = await this.repo.replaceDomains(
        ctx.brand.id,
        body.domains,
        main.host,
        this.audit(
          ctx,
          'brand_domains',
          body.reason,
          { domains: text(before) },
          { domains: text(body.domains) },
        ),
      );
      if (!ok) throw new AppError('DOMAIN_TAKEN', { host: main.host });
    }
    return this.view(ctx);
  }

  /** Social links and app downloads (spec 3 site resources): the side menu, the footer, the download page. */
  async saveResources(
    ctx: OperatorContext,
    body: { resources: Resource[]; reason: string },
    lang: LanguageCode,
  ) {
    this.ports.backoffice.require(ctx, 'settings.manage');
    body.resources.forEach((r, i) => {
      if (!isWebLink(r.url)) throw new AppError('LINK_INVALID', { url: r.url });
      requireText(r.label, `body.resources.${i}.label`, lang);
    });
    const before = (await this.repo.resources(ctx.brand.id)).map((r) => ({
      resourceType: r.resourceType,
      label: both(r.label),
      url: r.url,
    }));
    const after = body.resources.map((r) => ({ ...r, label: both(compact(r.label)) }));
    const text = (list: Array<{ resourceType: string; url: string }>) =>
      list.map((r) => `${r.resourceType} ${r.url}`).join('; ');
    if (JSON.stringify(before) !== JSON.stringify(after))
      await this.repo.replaceResources(
        ctx.brand.id,
        body.resources.map((r) => ({ ...r, label: compact(r.label) })),
        this.audit(
          ctx,
          'brand_resources',
          body.reason,
          { resources: text(before) },
          { resources: text(after) },
        ),
      );
    return this.view(ctx);
  }

  /** Customer-service channels (spec 3: csType LIVECHAT, TELEGRAM; and e-mail): each must reach someone. */
  async saveCustomerService(
    ctx: OperatorContext,
    body: { entries: ServiceEntry[]; reason: string },
    lang: LanguageCode,
  ) {
    this.ports.backoffice.require(ctx, 'settings.manage');
    body.entries.forEach((c, i) => {
      if (!isServiceChannel(c.url)) throw new AppError('LINK_INVALID', { url: c.url });
      requireText(c.title, `body.entries.${i}.title`, lang);
    });
    const before = (await this.repo.customerService(ctx.brand.id)).map((c) => ({
      csType: c.csType,
      title: both(c.title),
      url: c.url,
      active: c.active,
    }));
    const after = body.entries.map((c) => ({ ...c, title: both(compact(c.title)) }));
    const text = (list: Array<{ csType: string; url: string; active: boolean }>) =>
      list.map((c) => `${c.csType} ${c.url}${c.active ? '' : ' (off)'}`).join('; ');
    if (JSON.stringify(before) !== JSON.stringify(after))
      await this.repo.replaceCustomerService(
        ctx.brand.id,
        body.entries.map((c) => ({ ...c, title: compact(c.title) })),
        this.audit(
          ctx,
          'brand_customer_service',
          body.reason,
          { entries: text(before) },
          { entries: text(after) },
        ),
      );
    return this.view(ctx);
  }
}

/** A rule as one line of the audit trail. */
const ruleText = (r: FieldRule) =>
  `${r.enabled ? (r.required ? 'required' : 'optional') : 'hidden'} ${r.minLength}-${r.maxLength} p${r.patternId}`;

/** An https address (or a page of this site): what the site's social and download links may open. */
function isWebLink(url: string) {
  return /^https:\/\/[^\s/]+\S*$/i.test(url) || (/^\/[^/\s]\S*$/.test(url) && !url.startsWith('//'));
}

/** A label in at least one language. */
function requireText(text: { pt: string; en: string }, path: string, lang: LanguageCode) {
  if (!text.pt.trim() && !text.en.trim())
    throw new AppError(
      'VALIDATION_FAILED',
      {},
      { issues: [{ path, message: translate(lang, 'validation.required') }] },
    );
}
