import type { AnnouncementSet } from '../../src/api/contract/content';
import type { GameItem, GameMenu, RankEntry, VendorCard } from '../../src/api/contract/games';
import type { SystemStatus, Whitelabel } from '../../src/api/contract/system';

export const whitelabelFixture: Whitelabel = {
  merchantCode: 'TEST',
  siteName: 'Test Bet',
  platform: 'WEB',
  currency: 'FUN',
  lotteryType: 'SEA',
  defaultLanguage: 'pt',
  supportedLanguages: ['pt', 'en'],
  domainRoute: [{ host: 'localhost', route: 'main' }],
  resources: [
    {
      resourceType: 'FACEBOOK',
      labelName: 'Facebook',
      labelNameEn: 'Facebook',
      url: 'https://facebook.com/t',
    },
    { resourceType: 'TELEGRAM', labelName: 'Telegram', labelNameEn: 'Telegram', url: 'https://t.me/t' },
    {
      resourceType: 'MOBILECONFIG',
      labelName: 'iOS',
      labelNameEn: 'iOS',
      url: 'https://t.example/app.mobileconfig',
    },
    {
      resourceType: 'Android',
      labelName: 'Android',
      labelNameEn: 'Android',
      url: 'https://t.example/app.apk',
    },
  ],
  customerService: [
    { id: 1, csType: 'LIVECHAT', title: 'Chat 24h', url: 'https://chat.t.example/' },
    { id: 2, csType: 'TELEGRAM', title: 'Telegram', url: 'https://t.me/support' },
  ],
  whitelabelVal: {
    DIRECTREG3: true,
    USERNAMEREG3: true,
    MOBILEVERCODELOGIN3: true,
    CHNGPASSVERIF3: true,
    MOBILENUMREG3: true,
    REGMOBVERF3: true,
    MOBILENUMPASSREG3: true,
    FREEPLAY3: true,
    PWDEXPFORCECHANGE3: true,
    PTSYS3: true,
    AGENTPOLICY3: true,
  },
  register: { username: true, mobile: true, mobileVerification: true, direct: true },
  mainDomain: 'localhost',
  analyticsId: null,
  location: { ip: '10.0.0.7', country: null },
  maintenance: false,
  regionRestricted: false,
  demo: true,
  signIn: [],
  phoneVerifier: null,
};

const vendor = (vassalage: string, gameType: VendorCard['gameType']): VendorCard => ({
  vassalage,
  accountTypeName: `${vassalage} Games`,
  gameType,
  isGame: null,
  status: 'active',
  iconUrl: `/art/vendor/${vassalage}.svg`,
  playable: true,
  images: { DEFAULT: '', ACTIVE: '', WHITE: '', COLOR: '', PURPLE: '' },
});

export const menusFixture: GameMenu[] = [
  {
    gameType: 'LOTT',
    useGameListCenter: false,
    vendors: [vendor('TCG_SEA', 'LOTT'), vendor('LOTT', 'LOTT')],
  },
  { gameType: 'LIVE', useGameListCenter: false, vendors: [vendor('SUNL', 'LIVE')] },
  { gameType: 'SPORTS', useGameListCenter: false, vendors: [vendor('FB', 'SPORTS')] },
  { gameType: 'FISH', useGameListCenter: true, vendors: [] },
  { gameType: 'RNG', useGameListCenter: true, vendors: [vendor('NOVA', 'RNG')] },
  { gameType: 'COCKFIGHT', useGameListCenter: false, vendors: [vendor('DS88', 'COCKFIGHT')] },
];

export const vendorsFixture: VendorCard[] = menusFixture.flatMap((m) => m.vendors);

export const hotGamesFixture: GameItem[] = [
  {
    nodeId: 1,
    gameCode: 'g1',
    vassalage: 'NOVA',
    gameType: 'RNG',
    gameName: 'Dragão',
    isGame: null,
    classification: null,
    imageUrl: '/art/game/RNG-g1.svg',
    status: 'active',
    rtp: '96.00',
  },
];

export const winnersFixture: RankEntry[] = [
  {
    vo: {
      account: 'ma***88',
      gameName: 'Dragão',
      vassalage: 'NOVA',
      gameCategory: 'RNG',
      winAmount: 123456789,
      currency: 'FUN',
      wonAt: Date.UTC(2026, 0, 2, 3, 4, 5),
    },
  },
];

export const announcementsFixture: AnnouncementSet = {
  banners: [
    {
      id: 1,
      groupName: 'w_home',
      url: '/art/banner/a.svg',
      title: 'Banner one',
      subtitle: 'Sub',
      linkageType: 'route',
      linkageTarget: '/promotions',
    },
    {
      id: 2,
      groupName: 'w_home',
      url: '/art/banner/b.svg',
      title: 'Banner two',
      subtitle: null,
      linkageType: null,
      linkageTarget: null,
    },
  ],
  notices: [{ id: 3, title: 'Notice', content: 'Scheduled maintenance', startDateStr: 0 }],
  popups: [
    {
      id: 4,
      title: 'Welcome popup',
      content: '<p>Hello <img src=x onerror="alert(1)"><script>bad()</script></p>',
      startDateStr: Date.UTC(2026, 0, 1),
      execution: 'B',
    },
    {
      id: 5,
      title: 'Second popup',
      content: '<p>Second body</p>',
      startDateStr: Date.UTC(2026, 0, 1),
      execution: 'B',
    },
  ],
  promotions: [],
};

export const statusFixture = (status: 0 | 1 | 2): SystemStatus => ({
  status,
  ip: '10.0.0.7',
  message: status === 1 ? 'Back at noon' : null,
});
