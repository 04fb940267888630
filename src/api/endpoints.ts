import { z } from 'zod';
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
  setLanguage: { ...paths.setLanguage, body: languagePreference, value: languagePreference },
} as const;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
export type EndpointValue<N extends EndpointName> = z.infer<Endpoints[N]['value']>;
