import { z } from 'zod';
import {
  affiliateQuery,
  changePasswordBody,
  countryEntry,
  forgotByEmailBody,
  freePlayBody,
  humanCheckChallenge,
  loginBody,
  loginResult,
  memberInfo,
  registerBody,
  registerMobileBody,
  registerSettings,
  resetByPhoneBody,
  smsRequestBody,
  smsSent,
  twoFactorCodeBody,
  twoFactorLoginBody,
  twoFactorSetup,
  twoFactorStatus,
} from './contract/accounts';
import { announcementSet, announcementsQuery, liveModel } from './contract/content';
import {
  gameItem,
  gameMenu,
  hotGamesQuery,
  popularGamesQuery,
  rankEntry,
  rankListQuery,
  vendorCard,
  vendorListQuery,
} from './contract/games';
import {
  domainRouteEntry,
  helpCenterQuery,
  helpSection,
  languagePreference,
  systemStatus,
  whitelabel,
} from './contract/system';
import { paths } from './paths';

/**
 * The public API with its schemas: the server registers its routes from this table and the client takes
 * its types from it; paths come from `paths.ts`, so each is written once.
 */
export const endpoints = {
  systemStatus: { ...paths.systemStatus, value: systemStatus },
  whitelabel: { ...paths.whitelabel, value: whitelabel },
  domainRoute: { ...paths.domainRoute, value: z.array(domainRouteEntry) },
  helpCenter: { ...paths.helpCenter, query: helpCenterQuery, value: z.array(helpSection) },
  gameMenus: { ...paths.gameMenus, value: z.array(gameMenu) },
  vendorList: { ...paths.vendorList, query: vendorListQuery, value: z.array(vendorCard) },
  hotGames: { ...paths.hotGames, query: hotGamesQuery, value: z.array(gameItem) },
  popularGames: { ...paths.popularGames, query: popularGamesQuery, value: z.array(gameItem) },
  announcements: { ...paths.announcements, query: announcementsQuery, value: announcementSet },
  rankList: { ...paths.rankList, query: rankListQuery, value: z.array(rankEntry) },
  liveModels: { ...paths.liveModels, value: z.array(liveModel) },
  humanCheck: { ...paths.humanCheck, value: humanCheckChallenge },
  captcha: { ...paths.captcha, value: z.string() },
  registerSettings: { ...paths.registerSettings, value: registerSettings },
  login: { ...paths.login, body: loginBody, value: loginResult },
  logout: { ...paths.logout, value: z.null() },
  memberInfo: { ...paths.memberInfo, value: memberInfo },
  register: { ...paths.register, body: registerBody, value: loginResult },
  affiliate: { ...paths.affiliate, query: affiliateQuery, value: z.object({ valid: z.literal(true) }) },
  freePlay: { ...paths.freePlay, body: freePlayBody, value: loginResult },
  changePassword: { ...paths.changePassword, body: changePasswordBody, value: loginResult },
  smsNoLogin: { ...paths.smsNoLogin, body: smsRequestBody, value: smsSent },
  smsRegister: { ...paths.smsRegister, body: smsRequestBody.omit({ purpose: true }), value: smsSent },
  registerMobile: { ...paths.registerMobile, body: registerMobileBody, value: loginResult },
  forgotByEmail: { ...paths.forgotByEmail, body: forgotByEmailBody, value: z.null() },
  resetByPhone: { ...paths.resetByPhone, body: resetByPhoneBody, value: z.null() },
  countries: { ...paths.countries, value: z.array(countryEntry) },
  twoFactorLogin: { ...paths.twoFactorLogin, body: twoFactorLoginBody, value: loginResult },
  twoFactorSetup: { ...paths.twoFactorSetup, value: twoFactorSetup },
  twoFactorEnable: { ...paths.twoFactorEnable, body: twoFactorCodeBody, value: twoFactorStatus },
  twoFactorDisable: { ...paths.twoFactorDisable, body: twoFactorCodeBody, value: twoFactorStatus },
  outbox: {
    ...paths.outbox,
    query: z.object({ recipient: z.string().min(3).max(128) }),
    value: z.array(
      z.object({
        channel: z.string(),
        recipient: z.string(),
        subject: z.string().nullable(),
        body: z.string(),
        createdAt: z.number(),
      }),
    ),
  },
  setLanguage: { ...paths.setLanguage, body: languagePreference, value: languagePreference },
} as const;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
export type EndpointValue<N extends EndpointName> = z.infer<Endpoints[N]['value']>;
