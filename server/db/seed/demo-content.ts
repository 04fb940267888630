/** The demo brand's content: believable, original, in PT and EN. */

export const demoBrand = {
  merchantCode: 'AURORA',
  siteName: 'Aurora Bet',
  currency: 'FUN',
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

export const demoVendors: Array<{ category: string; code: string; name: string; nested?: boolean }> = [
  { category: 'LOTT', code: 'TCG_SEA', name: 'Sea Lottery' },
  { category: 'LOTT', code: 'TCG_LOTTO_VN', name: 'Lotto VN' },
  { category: 'LOTT', code: 'LOTT', name: 'Classic Lottery' },
  { category: 'ELOTT', code: 'ELOTT', name: 'E-Lottery' },
  { category: 'LIVE', code: 'SUNL', name: 'Sunrise Live', nested: true },
  { category: 'LIVE', code: 'GDKL', name: 'Golden Deck Live', nested: true },
  { category: 'SPORTS', code: 'FB', name: 'FB Sports' },
  { category: 'SPORTS', code: 'ARENA', name: 'Arena Sports' },
  { category: 'FISH', code: 'DEEP', name: 'Deep Blue', nested: true },
  { category: 'FISH', code: 'REEF', name: 'Reef Hunters', nested: true },
  { category: 'RNG', code: 'NOVA', name: 'Nova Slots', nested: true },
  { category: 'RNG', code: 'LUXR', name: 'Lux Reels', nested: true },
  { category: 'RNG', code: 'MYTH', name: 'Mythic Spins', nested: true },
  { category: 'PVP', code: 'ROYP', name: 'Royal Poker', nested: true },
  { category: 'PVP', code: 'TBLM', name: 'Table Masters', nested: true },
  { category: 'ESPORTS', code: 'AV', name: 'AV Esports' },
  { category: 'ESPORTS', code: 'IMES', name: 'IM Esports' },
  { category: 'ESPORTS', code: 'IA', name: 'IA Esports' },
  { category: 'ESPORTS', code: 'AI', name: 'AI Esports' },
  { category: 'ESPORTS', code: 'TF', name: 'TF Gaming' },
  { category: 'COCKFIGHT', code: 'DS88', name: 'DS88 Sabong' },
  { category: 'COCKFIGHT', code: 'DIG', name: 'DIG Cockfight' },
  { category: 'COCKFIGHT', code: 'WGB', name: 'WGB Derby' },
  { category: 'INHOUSE', code: 'BGS', name: 'Aurora Originals', nested: true },
];

type Game = {
  vendor: string;
  category: string;
  code: string;
  pt: string;
  en: string;
  cls?: string;
  hot?: number;
  popular?: number;
};

export const demoGames: Game[] = [
  {
    vendor: 'NOVA',
    category: 'RNG',
    code: 'golden-dragon',
    pt: 'Dragão Dourado',
    en: 'Golden Dragon',
    cls: 'JP',
    hot: 1,
    popular: 2,
  },
  {
    vendor: 'NOVA',
    category: 'RNG',
    code: 'fruit-fiesta',
    pt: 'Festa das Frutas',
    en: 'Fruit Fiesta',
    hot: 4,
    popular: 7,
  },
  {
    vendor: 'LUXR',
    category: 'RNG',
    code: 'pharaoh-gold',
    pt: 'Ouro do Faraó',
    en: "Pharaoh's Gold",
    cls: 'JP',
    hot: 2,
    popular: 1,
  },
  { vendor: 'LUXR', category: 'RNG', code: 'neon-nights', pt: 'Noites de Neon', en: 'Neon Nights', hot: 7 },
  {
    vendor: 'MYTH',
    category: 'RNG',
    code: 'olympus-thunder',
    pt: 'Trovão do Olimpo',
    en: 'Olympus Thunder',
    hot: 3,
    popular: 4,
  },
  {
    vendor: 'MYTH',
    category: 'RNG',
    code: 'scratch-gems',
    pt: 'Raspadinha de Gemas',
    en: 'Scratch Gems',
    cls: 'SC',
    hot: 11,
  },
  {
    vendor: 'MYTH',
    category: 'RNG',
    code: 'jacks-or-better',
    pt: 'Valete ou Melhor',
    en: 'Jacks or Better',
    cls: 'VP',
  },
  {
    vendor: 'SUNL',
    category: 'LIVE',
    code: 'baccarat-squeeze',
    pt: 'Bacará Squeeze',
    en: 'Baccarat Squeeze',
    cls: 'TG',
    hot: 5,
    popular: 3,
  },
  {
    vendor: 'SUNL',
    category: 'LIVE',
    code: 'lightning-roulette',
    pt: 'Roleta Relâmpago',
    en: 'Lightning Roulette',
    cls: 'TG',
    hot: 6,
    popular: 5,
  },
  {
    vendor: 'GDKL',
    category: 'LIVE',
    code: 'speed-blackjack',
    pt: 'Blackjack Rápido',
    en: 'Speed Blackjack',
    cls: 'TG',
    hot: 9,
  },
  {
    vendor: 'GDKL',
    category: 'LIVE',
    code: 'dragon-tiger',
    pt: 'Dragão e Tigre',
    en: 'Dragon Tiger',
    cls: 'TG',
    popular: 9,
  },
  {
    vendor: 'DEEP',
    category: 'FISH',
    code: 'ocean-king',
    pt: 'Rei do Oceano',
    en: 'Ocean King',
    cls: 'AC',
    hot: 8,
    popular: 6,
  },
  {
    vendor: 'REEF',
    category: 'FISH',
    code: 'golden-shark',
    pt: 'Tubarão Dourado',
    en: 'Golden Shark',
    cls: 'AC',
    hot: 12,
  },
  {
    vendor: 'ROYP',
    category: 'PVP',
    code: 'texas-holdem',
    pt: "Texas Hold'em",
    en: "Texas Hold'em",
    cls: 'TG',
    hot: 10,
    popular: 8,
  },
  {
    vendor: 'TBLM',
    category: 'PVP',
    code: 'truco-master',
    pt: 'Mestre do Truco',
    en: 'Truco Master',
    cls: 'TG',
    popular: 10,
  },
  {
    vendor: 'BGS',
    category: 'INHOUSE',
    code: 'crash-rocket',
    pt: 'Foguete',
    en: 'Crash Rocket',
    cls: 'AC',
    hot: 13,
    popular: 11,
  },
  { vendor: 'BGS', category: 'INHOUSE', code: 'mines', pt: 'Minas', en: 'Mines', cls: 'AC', hot: 14 },
  {
    vendor: 'BGS',
    category: 'INHOUSE',
    code: 'dice-duel',
    pt: 'Duelo de Dados',
    en: 'Dice Duel',
    cls: 'AC',
    popular: 12,
  },
  { vendor: 'TCG_SEA', category: 'LOTT', code: 'sea-5d', pt: 'Loteria 5D', en: 'Lottery 5D', hot: 15 },
  { vendor: 'DS88', category: 'COCKFIGHT', code: 'derby-live', pt: 'Derby ao Vivo', en: 'Live Derby' },
];

export const demoWinners: Array<{ account: string; game: string; amount: number; minutesAgo: number }> = [
  { account: 'marcos88', game: 'golden-dragon', amount: 1_284_000, minutesAgo: 3 },
  { account: 'luana_rj', game: 'pharaoh-gold', amount: 562_350, minutesAgo: 7 },
  { account: 'tiago.s', game: 'lightning-roulette', amount: 98_000, minutesAgo: 11 },
  { account: 'bia2024', game: 'ocean-king', amount: 245_600, minutesAgo: 14 },
  { account: 'rafaelpm', game: 'olympus-thunder', amount: 3_150_000, minutesAgo: 18 },
  { account: 'carol_sp', game: 'baccarat-squeeze', amount: 74_500, minutesAgo: 22 },
  { account: 'joaovitor', game: 'crash-rocket', amount: 41_280, minutesAgo: 25 },
  { account: 'ana.lima', game: 'fruit-fiesta', amount: 18_990, minutesAgo: 31 },
  { account: 'pedro777', game: 'texas-holdem', amount: 402_000, minutesAgo: 36 },
  { account: 'helena_m', game: 'golden-shark', amount: 129_900, minutesAgo: 40 },
  { account: 'gabriel.r', game: 'speed-blackjack', amount: 60_000, minutesAgo: 47 },
  { account: 'sofia_bh', game: 'neon-nights', amount: 215_430, minutesAgo: 53 },
  { account: 'lucas_fc', game: 'mines', amount: 27_500, minutesAgo: 58 },
  { account: 'isadora9', game: 'golden-dragon', amount: 880_000, minutesAgo: 64 },
  { account: 'mateusg', game: 'dragon-tiger', amount: 33_300, minutesAgo: 71 },
  { account: 'julia.c', game: 'sea-5d', amount: 1_050_000, minutesAgo: 79 },
  { account: 'bruno_pa', game: 'dice-duel', amount: 12_800, minutesAgo: 86 },
  { account: 'laura.f', game: 'pharaoh-gold', amount: 344_210, minutesAgo: 94 },
  { account: 'diego_ce', game: 'truco-master', amount: 56_000, minutesAgo: 103 },
  { account: 'manuela', game: 'olympus-thunder', amount: 710_000, minutesAgo: 117 },
  { account: 'renato.b', game: 'lightning-roulette', amount: 150_000, minutesAgo: 131 },
  { account: 'vitoria_al', game: 'ocean-king', amount: 88_440, minutesAgo: 146 },
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
    title: { pt: 'Mesas ao vivo 24/7', en: 'Live tables 24/7' },
    subtitle: {
      pt: 'Bacará, roleta e blackjack com croupiers reais',
      en: 'Baccarat, roulette and blackjack with real dealers',
    },
    linkageType: 'route',
    linkageTarget: '/live',
  },
  {
    group: 'w_home',
    art: 'SPORTS-season',
    title: { pt: 'A nova temporada começou', en: 'The new season has started' },
    subtitle: { pt: 'Odds melhoradas todos os fins de semana', en: 'Boosted odds every weekend' },
    linkageType: null,
    linkageTarget: null,
  },
  {
    group: 'w_home',
    art: 'LOTT-draws',
    title: { pt: 'Sorteios a cada 5 minutos', en: 'Draws every 5 minutes' },
    subtitle: { pt: 'Loteria SEA com prêmios instantâneos', en: 'SEA lottery with instant prizes' },
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
      pt: 'Chegaram 12 novos slots Mythic Spins — experimente agora o Trovão do Olimpo!',
      en: 'Twelve new Mythic Spins slots have landed — try Olympus Thunder now!',
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
    title: { pt: 'App para celular disponível', en: 'Mobile app available' },
    content: {
      pt: '<p>Baixe o app para iOS e Android no menu lateral e jogue onde quiser.</p>',
      en: '<p>Get the iOS and Android app from the side menu and play anywhere.</p>',
    },
  },
  {
    execution: 'A',
    title: { pt: 'Missões da semana', en: 'Weekly missions' },
    content: {
      pt: '<p>Complete 5 missões esta semana e ganhe 50 FUN na central de recompensas.</p>',
      en: '<p>Complete 5 missions this week and earn 50 FUN in the reward centre.</p>',
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
    title: { pt: 'Cashback diário ao vivo 0,8%', en: 'Daily live cashback 0.8%' },
    content: {
      pt: '<p>Receba 0,8% de todas as apostas válidas no cassino ao vivo, todos os dias.</p>',
      en: '<p>Get 0.8% of every valid live-casino bet back, every day.</p>',
    },
  },
  {
    type: 'SPORTS',
    art: 'SPORTS-accumulator',
    title: { pt: 'Múltiplas com bônus', en: 'Accumulator boost' },
    content: {
      pt: '<p>Até 50% extra nos ganhos de apostas múltiplas com 5 ou mais seleções.</p>',
      en: '<p>Up to 50% extra winnings on accumulators with 5 or more selections.</p>',
    },
  },
  {
    type: 'VIP',
    art: 'PVP-vip',
    title: { pt: 'Clube VIP', en: 'VIP club' },
    content: {
      pt: '<p>Suba de nível e desbloqueie saques prioritários e um gerente de conta exclusivo.</p>',
      en: '<p>Level up to unlock priority withdrawals and a dedicated account manager.</p>',
    },
  },
  {
    type: 'REFERRAL',
    art: 'INHOUSE-referral',
    title: { pt: 'Indique amigos', en: 'Invite friends' },
    content: {
      pt: '<p>Ganhe 20 FUN para cada amigo que se cadastrar e fizer o primeiro depósito.</p>',
      en: '<p>Earn 20 FUN for every friend who signs up and makes a first deposit.</p>',
    },
  },
  {
    type: 'FISH',
    art: 'FISH-tournament',
    title: { pt: 'Torneio de pescaria', en: 'Fishing tournament' },
    content: {
      pt: '<p>Os 10 melhores caçadores da semana dividem 5.000 FUN.</p>',
      en: "<p>The week's top 10 hunters share 5,000 FUN.</p>",
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
  {
    type: 'MOBILECONFIG',
    label: { pt: 'App iOS', en: 'iOS app' },
    url: 'https://aurora.example/app/aurora.mobileconfig',
  },
  {
    type: 'Android',
    label: { pt: 'App Android', en: 'Android app' },
    url: 'https://aurora.example/app/aurora.apk',
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
