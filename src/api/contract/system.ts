import { z } from 'zod';
import { languageCode } from './common';
import { signInProvider } from './identity';

export const siteOptionCode = z.enum([
  'DIRECTREG3',
  'USERNAMEREG3',
  'MOBILEVERCODELOGIN3',
  'CHNGPASSVERIF3',
  'MOBILENUMREG3',
  'REGMOBVERF3',
  'MOBILENUMPASSREG3',
  'FREEPLAY3',
  'PWDEXPFORCECHANGE3',
  'PTSYS3',
  'AGENTPOLICY3',
]);
export type SiteOptionCode = z.infer<typeof siteOptionCode>;
export const siteOptionCodes = siteOptionCode.options;

/** 0 normal, 1 maintenance, 2 region restricted. */
export const systemStatusCode = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export type SystemStatusCode = z.infer<typeof systemStatusCode>;

export const location = z.object({ ip: z.string(), country: z.string().nullable() });

export const systemStatus = z.object({
  status: systemStatusCode,
  ip: z.string(),
  message: z.string().nullable(),
  /** When a scheduled maintenance window ends (epoch milliseconds), while inside it. */
  until: z.number().int().nullable().optional(),
});
export type SystemStatus = z.infer<typeof systemStatus>;

export const domainRouteEntry = z.object({ host: z.string(), route: z.string() });

export const siteResource = z.object({
  resourceType: z.enum(['FACEBOOK', 'INSTAGRAM', 'TELEGRAM', 'MOBILECONFIG', 'Android']),
  labelName: z.string(),
  labelNameEn: z.string(),
  url: z.string(),
});
export type SiteResource = z.infer<typeof siteResource>;

/** A customer-service channel (spec 3: csType LIVECHAT, TELEGRAM; EMAIL is a mailto: address). */
export const customerServiceType = z.enum(['LIVECHAT', 'TELEGRAM', 'EMAIL']);
export const customerServiceEntry = z.object({
  id: z.number().int(),
  csType: customerServiceType,
  title: z.string(),
  url: z.string(),
});
export type CustomerServiceEntry = z.infer<typeof customerServiceEntry>;

/**
 * Whether a customer-service target reaches someone: a web address (a chat, Telegram), a mailto: or tel:
 * address, or another page of this site. The help page is not one: its contact section lists these
 * channels, so a channel pointing back at it would send the visitor in a circle.
 */
export function isServiceChannel(url: string): boolean {
  const target = url.trim();
  if (/^https?:\/\/[^\s/]/i.test(target)) return true;
  if (/^(mailto|tel):\S+$/i.test(target)) return true;
  if (!target.startsWith('/') || target.startsWith('//')) return false;
  const path = target.split(/[?#]/, 1)[0]!.replace(/\/+$/, '').toLowerCase();
  return path !== '' && path !== '/help';
}

export const whitelabel = z.object({
  merchantCode: z.string(),
  siteName: z.string(),
  platform: z.string(),
  currency: z.string(),
  lotteryType: z.string(),
  defaultLanguage: languageCode,
  supportedLanguages: z.array(languageCode),
  domainRoute: z.array(domainRouteEntry),
  resources: z.array(siteResource),
  customerService: z.array(customerServiceEntry),
  whitelabelVal: z.record(siteOptionCode, z.boolean()),
  register: z.object({
    username: z.boolean(),
    mobile: z.boolean(),
    mobileVerification: z.boolean(),
    direct: z.boolean(),
  }),
  mainDomain: z.string(),
  analyticsId: z.string().nullable(),
  location,
  maintenance: z.boolean(),
  regionRestricted: z.boolean(),
  /** Demo mode: public accounts and passwords, play money; the site says so on every page. */
  demo: z.boolean(),
  /** Third-party sign-in buttons (spec 4.2): the brand's enabled OpenID Connect providers. */
  signIn: z.array(signInProvider),
  /**
   * The provider that verifies a mobile number at registration instead of the site's SMS code (spec 4.2
   * and 4.3: `firebaseChannel`/`firebaseIdToken`), when the brand has one enabled.
   */
  phoneVerifier: signInProvider.nullable(),
});
export type Whitelabel = z.infer<typeof whitelabel>;

export const helpCenterQuery = z.object({
  lang: languageCode,
  device: z.enum(['WEB', 'H5']).default('WEB'),
});

export const languagePreference = z.object({ language: languageCode });

export const qrQuery = z.object({ text: z.string().min(1).max(512) });
