/** The demo brand's content: believable, original, in PT and EN. */

/** The demo slots' published returns (provider/games/slot.ts; tests/provider/slot.test.ts computes them). */
const SLOT_RTP = {
  'golden-dragon': '96.48',
  'neon-nights': '96.01',
  'pharaoh-gold': '95.48',
} as const;

export const demoBrand = {
  merchantCode: 'AURORA',
  siteName: 'Aurora Bet',
  currency: 'FUN',
  timeZone: 'America/Sao_Paulo',
  mainDomain: 'localhost',
  analyticsId: null,
  maintenanceMessage: {
    pt: 'Estamos melhorando a plataforma. Voltamos em instantes — obrigado pela paciência.',
    en: 'We are upgrading the platform. We will be back shortly — thank you for your patience.',
  },
};

export const demoDomains = [
  { host: 'localhost', route: 'main' },
  { host: 'aurora.example', route: 'main' },
  { host: 'm.aurora.example', route: 'mobile' },
  { host: 'agent.aurora.example', route: 'agent' },
];

export const demoOptions: Record<string, boolean> = {
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
};

/** TEST-NET-3 (RFC 5737) never routes on the Internet, so denying it blocks nobody real. */
export const demoRegionRules = [
  { kind: 'cidr', value: '203.0.113.0/24', note: 'documentation range, demo rule' },
];

export const demoCategories: Array<{ code: string; gameListCenter?: boolean }> = [
  { code: 'LOTT' },
  { code: 'LIVE' },
  { code: 'SPORTS' },
  { code: 'FISH', gameListCenter: true },
  { code: 'RNG', gameListCenter: true },
  { code: 'PVP', gameListCenter: true },
  { code: 'ESPORTS' },
  { code: 'COCKFIGHT' },
  { code: 'ELOTT' },
  { code: 'INHOUSE' },
];

/**
 * The demo brand's vendors. The demo game provider (provider/) plays as NOVA, LUXR, SUNL, GDKL, DEEP and
 * DS88; the lotteries, FB (the site's own sportsbook, docs/sports.md) and the in-house games are the site's
 * own; the others (ARENA, ROYP, AV, IMES) stand for providers not connected, and the menus show them as
 * not playable.
 */
export const demoVendors: Array<{ category: string; code: string; name: string; nested?: boolean }> = [
  { category: 'LOTT', code: 'TCG_SEA', name: 'Sea Lottery' },
  { category: 'LOTT', code: 'TCG_LOTTO_VN', name: 'Lotto VN' },
  { category: 'LOTT', code: 'LOTT', name: 'Classic Lottery' },
  { category: 'ELOTT', code: 'ELOTT', name: 'E-Lottery' },
  { category: 'LIVE', code: 'SUNL', name: 'Sunrise Live', nested: true },
  { category: 'LIVE', code: 'GDKL', name: 'Golden Deck Live', nested: true },
  { category: 'SPORTS', code: 'FB', name: 'Aurora Sports' },
  { category: 'SPORTS', code: 'ARENA', name: 'Arena Sports' },
  { category: 'FISH', code: 'DEEP', name: 'Deep Blue', nested: true },
  { category: 'RNG', code: 'NOVA', name: 'Nova Slots', nested: true },
  { category: 'RNG', code: 'LUXR', name: 'Lux Reels', nested: true },
  { category: 'PVP', code: 'ROYP', name: 'Royal Poker', nested: true },
  { category: 'ESPORTS', code: 'AV', name: 'AV Esports' },
  { category: 'ESPORTS', code: 'IMES', name: 'IM Esports' },
  { category: 'COCKFIGHT', code: 'DS88', name: 'DS88 Sabong' },
  { category: 'INHOUSE', code: 'BGS', name: 'Aurora Originals', nested: true },
];

/** The vendor codes the demo game provider answers for. */
export const DEMO_PROVIDER_VENDORS = ['NOVA', 'LUXR', 'SUNL', 'GDKL', 'DEEP', 'DS88'];

type Game = {
  vendor: string;
  category: string;
  code: string;
  pt: string;
  en: string;
  cls?: string;
  hot?: number;
  popular?: number;
  rtp: string;
};

/** The games the demo provider plays, with the returns it publishes (tests/provider compute them). */
export const demoGames: Game[] = [
  {
    vendor: 'NOVA',
    category: 'RNG',
    code: 'golden-dragon',
    pt: 'Dragão Dourado',
    en: 'Golden Dragon',
    cls: 'JP',
    hot: 1,
    popular: 1,
    rtp: SLOT_RTP['golden-dragon'],
  },
  {
    vendor: 'LUXR',
    category: 'RNG',
    code: 'pharaoh-gold',
    pt: 'Ouro do Faraó',
    en: "Pharaoh's Gold",
    hot: 2,
    popular: 3,
    rtp: SLOT_RTP['pharaoh-gold'],
  },
  {
    vendor: 'NOVA',
    category: 'RNG',
    code: 'neon-nights',
    pt: 'Noites de Neon',
    en: 'Neon Nights',
    hot: 3,
    popular: 5,
    rtp: SLOT_RTP['neon-nights'],
  },
  {
    vendor: 'SUNL',
    category: 'LIVE',
    code: 'baccarat-sunrise',
    pt: 'Bacará Sunrise',
    en: 'Sunrise Baccarat',
    cls: 'TG',
    hot: 4,
    popular: 2,
    rtp: '98.94',
  },
  {
    vendor: 'DEEP',
    category: 'FISH',
    code: 'ocean-king',
    pt: 'Rei do Oceano',
    en: 'Ocean King',
    cls: 'AC',
    hot: 5,
    popular: 4,
    rtp: '95.00',
  },
  {
    vendor: 'GDKL',
    category: 'LIVE',
    code: 'baccarat-speed',
    pt: 'Bacará Rápido',
    en: 'Speed Baccarat',
    cls: 'TG',
    hot: 6,
    rtp: '98.94',
  },
  {
    vendor: 'DS88',
    category: 'COCKFIGHT',
    code: 'derby-live',
    pt: 'Rinha ao Vivo',
    en: 'Live Derby',
    hot: 7,
    popular: 6,
    rtp: '95.00',
  },
];

export const demoBanners = [
  {
    group: 'w_home',
    art: 'RNG-welcome',
    title: { pt: 'Jogue sem risco com FUN', en: 'Play risk-free with FUN' },
    subtitle: {
      pt: 'Deposite dinheiro fictício pelo pagamento simulado e experimente tudo',
      en: 'Deposit play money through the simulated payment and try everything',
    },
    linkageType: 'route',
    linkageTarget: '/member/depositv2',
  },
  {
    group: 'w_home',
    art: 'LIVE-tables',
    title: { pt: 'Bacará ao vivo 24/7', en: 'Live baccarat 24/7' },
    subtitle: {
      pt: 'Duas mesas com crupiê simulado e uma rodada a cada meio minuto',
      en: 'Two tables with a simulated dealer and a round every half minute',
    },
    linkageType: 'route',
    linkageTarget: '/live',
  },
  {
    group: 'w_home',
    art: 'INHOUSE-originals',
    title: { pt: 'Seis jogos originais', en: 'Six original games' },
    subtitle: {
      pt: 'Dice, Limbo, Mines, Plinko, Keno e Crash: confira cada rodada você mesmo',
      en: 'Dice, Limbo, Mines, Plinko, Keno and Crash: check every round yourself',
    },
    linkageType: 'route',
    linkageTarget: '/originals',
  },
  {
    group: 'w_home',
    art: 'LOTT-draws',
    title: { pt: 'Nove loterias', en: 'Nine lotteries' },
    subtitle: {
      pt: 'Sorteios a cada 1, 3 ou 5 minutos e sorteios diários',
      en: 'Draws every 1, 3 or 5 minutes, and daily draws',
    },
    linkageType: 'route',
    linkageTarget: '/seaLottery',
  },
  {
    group: 'w_login',
    art: 'INHOUSE-login',
    title: { pt: 'Bem-vindo de volta', en: 'Welcome back' },
    subtitle: { pt: 'Seus jogos favoritos estão esperando por você', en: 'Your favourite games are waiting' },
    linkageType: null,
    linkageTarget: null,
  },
  {
    group: 'w_register',
    art: 'RNG-register',
    title: { pt: 'Crie sua conta em 1 minuto', en: 'Open your account in a minute' },
    subtitle: { pt: 'E jogue agora mesmo com dinheiro fictício', en: 'And play right away with play money' },
    linkageType: null,
    linkageTarget: null,
  },
  {
    group: 'w_forget',
    art: 'PVP-forget',
    title: { pt: 'Recupere o acesso', en: 'Get back in' },
    subtitle: { pt: 'Por e-mail ou celular', en: 'By email or phone' },
    linkageType: null,
    linkageTarget: null,
  },
];

export const demoNotices = [
  {
    title: { pt: 'Manutenção programada', en: 'Scheduled maintenance' },
    content: {
      pt: 'Os jogos Lux Reels estarão em manutenção no domingo das 03:00 às 05:00.',
      en: 'Lux Reels games will be under maintenance on Sunday from 03:00 to 05:00.',
    },
  },
  {
    title: { pt: 'Novos jogos', en: 'New games' },
    content: {
      pt: 'Bacará ao vivo com rodadas a cada meio minuto e o novo slot Ouro do Faraó, com giros grátis ×3!',
      en: "Live baccarat with a round every half minute, and the new Pharaoh's Gold slot with ×3 free spins!",
    },
  },
  {
    title: { pt: 'Jogo responsável', en: 'Responsible gaming' },
    content: {
      pt: 'Defina limites de depósito na sua conta. Jogue com moderação. Proibido para menores de 18 anos.',
      en: 'Set deposit limits in your account centre. Play responsibly. No one under 18 may play.',
    },
  },
];

/** Notices to the brand's agents (agentAnnouncement). */
export const demoAgentNotices = [
  {
    title: { pt: 'Contratos de salário e dividendos', en: 'Salary and dividend contracts' },
    content: {
      pt: '<p>Ofereça contratos à sua equipe em <strong>Gestão da rede</strong>. Os salários diários são pagos todos os dias após a meia-noite; os dividendos, ao fim de cada período.</p><p>Um contrato nunca paga mais do que a taxa que você mesmo recebe.</p>',
      en: '<p>Offer contracts to your team from <strong>Downline management</strong>. Daily salaries are paid every day after midnight; dividends at the end of each period.</p><p>A contract never pays more than the rate you receive yourself.</p>',
    },
  },
  {
    title: { pt: 'Relatórios da equipe', en: 'Team reports' },
    content: {
      pt: '<p>Os números da equipe são atualizados a cada minuto. Exporte qualquer relatório em CSV para a sua planilha.</p>',
      en: '<p>Team figures are brought up to date every minute. Export any report as CSV for your spreadsheet.</p>',
    },
  },
];

export const demoPopups = [
  {
    execution: 'B',
    title: { pt: 'Bem-vindo à Aurora Bet', en: 'Welcome to Aurora Bet' },
    content: {
      pt: '<p>Este é um site de demonstração: todo o dinheiro é fictício (<strong>FUN</strong>) e as contas de demonstração são públicas.</p><p>Cadastre-se, deposite FUN pelo pagamento simulado e experimente.</p>',
      en: '<p>This is a demo site: all money is play money (<strong>FUN</strong>) and the demo accounts are public.</p><p>Sign up, deposit FUN through the simulated payment and try it out.</p>',
    },
  },
  {
    execution: 'B',
    title: { pt: 'O que há para jogar', en: 'What there is to play' },
    content: {
      pt: '<p>Três slots de 5 rolos, uma pescaria, duas mesas de bacará ao vivo com crupiê simulado, rinhas, seis jogos originais, nove loterias e apostas esportivas em futebol e e-sports, com partidas simuladas ao vivo.</p>',
      en: '<p>Three 5-reel slots, a fish shooter, two live baccarat tables with a simulated dealer, cockfights, six original games, nine lotteries, and sports betting on football and e-sports, with simulated matches played live.</p>',
    },
  },
  {
    execution: 'A',
    title: { pt: 'Cashback em Minha conta', en: 'Cashback in your account' },
    content: {
      pt: '<p>Parte de cada aposta válida volta para você: veja quanto já acumulou e resgate em <strong>Minha conta › Cashback</strong>.</p>',
      en: '<p>Part of every valid bet comes back to you: see how much you have earned and claim it in <strong>My account › Cashback</strong>.</p>',
    },
  },
  {
    execution: 'F',
    title: { pt: 'Primeiro acesso', en: 'Your first visit' },
    content: {
      pt: '<p>Complete seu perfil e ative a verificação em duas etapas para proteger sua conta.</p>',
      en: '<p>Complete your profile and turn on two-step verification to protect your account.</p>',
    },
  },
];

export const demoPromotions = [
  {
    type: 'NEW',
    art: 'RNG-welcome-bonus',
    title: { pt: 'Comece com dinheiro fictício', en: 'Start with play money' },
    content: {
      pt: '<p>Na demonstração, cada depósito é dinheiro fictício (FUN): pague pelo gateway simulado ou por PIX confirmado no back office, e jogue sem risco.</p>',
      en: '<p>On the demo every deposit is play money (FUN): pay through the simulated gateway, or by PIX confirmed in the back office, and play without risk.</p>',
    },
  },
  {
    type: 'REBATE',
    art: 'LIVE-cashback',
    title: { pt: 'Cashback de até 1,2%', en: 'Cashback up to 1.2%' },
    content: {
      pt: '<p>Uma parte de cada aposta válida volta para você: 1,2% nos slots, 1% na pescaria e nas loterias, 0,8% no cassino ao vivo e 0,1% nos jogos originais. Resgate quando quiser em Minha conta › Cashback.</p>',
      en: '<p>Part of every valid bet comes back to you: 1.2% on slots, 1% on fishing games and lotteries, 0.8% on the live casino and 0.1% on the original games. Claim it whenever you like in My account › Cashback.</p>',
    },
  },
  {
    type: 'INHOUSE',
    art: 'INHOUSE-fair',
    title: { pt: 'Jogos originais verificáveis', en: 'Original games you can verify' },
    content: {
      pt: '<p>Em Dice, Limbo, Mines, Plinko, Keno e Crash o resultado vem de sementes publicadas antes da aposta: confira qualquer rodada na página de justiça dos Originais.</p>',
      en: '<p>In Dice, Limbo, Mines, Plinko, Keno and Crash every result comes from seeds committed before the bet: check any round on the Originals fairness page.</p>',
    },
  },
  {
    type: 'LOTT',
    art: 'LOTT-draws',
    title: { pt: 'Nove loterias, sorteios o dia todo', en: 'Nine lotteries, draws all day' },
    content: {
      pt: '<p>SSC, 11 Seleção 5, PK10, 4D, Mark Six e Miền Bắc, com sorteios a cada 1, 3 ou 5 minutos ou uma vez por dia. Cada sorteio pode ser conferido por qualquer jogador.</p>',
      en: '<p>SSC, 11 Pick 5, PK10, 4D, Mark Six and Miền Bắc, with draws every 1, 3 or 5 minutes or once a day. Any player can check every draw.</p>',
    },
  },
];

/** Only channels that reach someone: the demo has no live chat, so it lists none. */
export const demoCustomerService = [
  {
    csType: 'TELEGRAM',
    title: { pt: 'Suporte no Telegram', en: 'Telegram support' },
    url: 'https://t.me/aurora_demo_support',
  },
];

export const demoResources = [
  { type: 'FACEBOOK', label: { pt: 'Facebook', en: 'Facebook' }, url: 'https://facebook.com/aurora.demo' },
  {
    type: 'INSTAGRAM',
    label: { pt: 'Instagram', en: 'Instagram' },
    url: 'https://instagram.com/aurora.demo',
  },
  {
    type: 'TELEGRAM',
    label: { pt: 'Canal no Telegram', en: 'Telegram channel' },
    url: 'https://t.me/aurora_demo',
  },
];

export const demoLiveModels = [
  { nickname: 'Camila', room: 'BAC-01', online: true, viewers: 1284, tags: ['baccarat', 'pt'] },
  { nickname: 'Yasmin', room: 'ROU-03', online: true, viewers: 932, tags: ['roulette', 'pt'] },
  { nickname: 'Olivia', room: 'BJ-02', online: true, viewers: 611, tags: ['blackjack', 'en'] },
  { nickname: 'Beatriz', room: 'DT-01', online: false, viewers: 0, tags: ['dragon-tiger', 'pt'] },
  { nickname: 'Grace', room: 'BAC-07', online: true, viewers: 455, tags: ['baccarat', 'en'] },
  { nickname: 'Larissa', room: 'SIC-01', online: false, viewers: 0, tags: ['sic-bo', 'pt'] },
];
