/**
 * The public API's calls by readable name: method and path only, so the browser bundle can call them
 * without carrying the schemas (the server already checks every answer against its schema).
 */
export const paths = {
  systemStatus: { method: 'GET', path: '/wps/system/status' },
  whitelabel: { method: 'GET', path: '/wps/system/whitelabel' },
  domainRoute: { method: 'GET', path: '/wps/system/domainRoute' },
  helpCenter: { method: 'GET', path: '/wps/system/helpCenter' },
  gameMenus: { method: 'GET', path: '/lgw/games/game_menus' },
  vendorList: { method: 'GET', path: '/wps/relay/GCSGAME_newGameVendor' },
  hotGames: { method: 'GET', path: '/wps/relay/GCSGAME_hotGamesV2' },
  popularGames: { method: 'GET', path: '/lgw/games/popular' },
  announcements: { method: 'GET', path: '/wps/relay/MCSFE_getListAnnouncements' },
  rankList: { method: 'GET', path: '/wps/relay/GCSGAME_getRankList' },
  liveModels: { method: 'GET', path: '/wps/relay/CBS_modelList' },
  setLanguage: { method: 'PUT', path: '/api/preferences/language' },
  humanCheck: { method: 'GET', path: '/api/human-check/challenge' },
  captcha: { method: 'GET', path: '/wps/captcha' },
  registerSettings: { method: 'GET', path: '/wps/system/setting/register' },
  login: { method: 'POST', path: '/wps/session/login' },
  logout: { method: 'DELETE', path: '/wps/session/logout' },
  memberInfo: { method: 'GET', path: '/wps/member/info' },
  register: { method: 'PUT', path: '/wps/member/register' },
  affiliate: { method: 'GET', path: '/wps/agent/affiliate' },
  freePlay: { method: 'POST', path: '/wps/session/login/freeplay' },
  changePassword: { method: 'POST', path: '/wps/member/password' },
  smsNoLogin: { method: 'POST', path: '/wps/verification/sms/noLogin' },
  smsRegister: { method: 'POST', path: '/wps/verification/sms/register' },
  registerMobile: { method: 'PUT', path: '/wps/member/register/mobile' },
  forgotByEmail: { method: 'POST', path: '/wps/member/password/email' },
  resetByPhone: { method: 'POST', path: '/wps/member/password/verification' },
  countries: { method: 'GET', path: '/wps/system/countries' },
  outbox: { method: 'GET', path: '/api/dev/outbox' },
  twoFactorLogin: { method: 'POST', path: '/api/session/two-factor' },
  twoFactorSetup: { method: 'POST', path: '/api/member/two-factor/setup' },
  twoFactorEnable: { method: 'POST', path: '/api/member/two-factor/enable' },
  twoFactorDisable: { method: 'POST', path: '/api/member/two-factor/disable' },
} as const;

export type PathName = keyof typeof paths;
