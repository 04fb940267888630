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

/**
 * The public API: each call's readable name, method, path and schemas. Server routes and the client both
 * read this table, so a path is written once.
 */
export const endpoints = {
  systemStatus: { method: 'GET', path: '/wps/system/status', value: systemStatus },
  whitelabel: { method: 'GET', path: '/wps/system/whitelabel', value: whitelabel },
  domainRoute: { method: 'GET', path: '/wps/system/domainRoute', value: z.array(domainRouteEntry) },
  helpCenter: {
    method: 'GET',
    path: '/wps/system/helpCenter',
    query: helpCenterQuery,
    value: z.array(helpSection),
  },
  gameMenus: { method: 'GET', path: '/lgw/games/game_menus', value: z.array(gameMenu) },
  vendorList: {
    method: 'GET',
    path: '/wps/relay/GCSGAME_newGameVendor',
    query: vendorListQuery,
    value: z.array(vendorCard),
  },
  hotGames: {
    method: 'GET',
    path: '/wps/relay/GCSGAME_hotGamesV2',
    query: hotGamesQuery,
    value: z.array(gameItem),
  },
  popularGames: {
    method: 'GET',
    path: '/lgw/games/popular',
    query: popularGamesQuery,
    value: z.array(gameItem),
  },
  announcements: {
    method: 'GET',
    path: '/wps/relay/MCSFE_getListAnnouncements',
    query: announcementsQuery,
    value: announcementSet,
  },
  rankList: {
    method: 'GET',
    path: '/wps/relay/GCSGAME_getRankList',
    query: rankListQuery,
    value: z.array(rankEntry),
  },
  liveModels: { method: 'GET', path: '/wps/relay/CBS_modelList', value: z.array(liveModel) },
  setLanguage: {
    method: 'PUT',
    path: '/api/preferences/language',
    body: languagePreference,
    value: languagePreference,
  },
} as const;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
export type EndpointValue<N extends EndpointName> = z.infer<Endpoints[N]['value']>;
