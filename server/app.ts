import { existsSync } from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import ipaddr from 'ipaddr.js';
import { TRIAL_TYPE } from '../src/api/contract/accounts';
import type { Permission } from '../src/api/contract/permissions';
import { endpoints } from '../src/api/endpoints';
import { type ErrorCode, errorCatalogue } from '../src/api/errors';
import { LANGUAGE_HEADER, LANGUAGES } from '../src/api/languages';
import type { Config } from './config';
import type { Database, DatabaseHandle } from './db/client';
import { describeDatabaseError, isTransientDatabaseError } from './db/transient';
import { AppError } from './http/app-error';
import { BodyCipher, newBodyKey } from './http/body-cipher';
import { bearerToken, pickLanguage } from './http/context';
import { errorSerializer, requestSerializer } from './http/log-redaction';
import { translate } from './http/messages';
import { defineRoute } from './http/route';
import { securityHeaders } from './http/security-headers';
import { describeIssue, unsafeTextIssue } from './http/validation';
import { jobDefinitions } from './jobs/jobs';
import { JobQueue } from './jobs/queue';
import { masterBox } from './lib/master-key';
import { Pepper } from './lib/pepper';
import { withReadCache } from './lib/read-cache';
import { SecretBox } from './lib/secret-box';
import { installationSecret } from './lib/secrets';
import { TicketSigner } from './lib/signed-ticket';
import { TtlCache } from './lib/ttl-cache';
import { AccountsRepository } from './modules/accounts/accounts.repository';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { AccountsService, isAgentType } from './modules/accounts/accounts.service';
import { AddressCheck } from './modules/accounts/address-check';
import { hashPassword } from './modules/accounts/credentials';
import { HumanCheckService } from './modules/accounts/human-check';
import { MemberIdentity } from './modules/accounts/member-identity';
import { MemberIdentityRepository } from './modules/accounts/member-identity.repository';
import { MembersAdminRepository } from './modules/accounts/members-admin.repository';
import { membersAdminRoutes } from './modules/accounts/members-admin.routes';
import { MembersAdmin } from './modules/accounts/members-admin.service';
import { SmsVerification } from './modules/accounts/sms-verification';
import { TwoFactor } from './modules/accounts/two-factor';
import { AgentsRepository } from './modules/agents/agents.repository';
import { agentsRoutes } from './modules/agents/agents.routes';
import { AgentsService } from './modules/agents/agents.service';
import { agentsAdminRoutes } from './modules/agents/agents-admin.routes';
import { AgentsAdmin } from './modules/agents/agents-admin.service';
import { ContractsRepository } from './modules/agents/contracts.repository';
import { ContractsService } from './modules/agents/contracts.service';
import { SettlementRepository } from './modules/agents/settlement.repository';
import { SettlementService } from './modules/agents/settlement.service';
import { artRoutes } from './modules/art/art.routes';
import { AuditRepository } from './modules/backoffice/audit.repository';
import { backofficeRoutes } from './modules/backoffice/backoffice.routes';
import { BackofficeService } from './modules/backoffice/backoffice.service';
import type { EdgeGuard } from './modules/backoffice/edge-guard';
import { identityAdminRoutes } from './modules/backoffice/identity-admin.routes';
import { IdentityAdmin } from './modules/backoffice/identity-admin.service';
import { OperatorsRepository } from './modules/backoffice/operators.repository';
import { operatorsAdminRoutes } from './modules/backoffice/operators-admin.routes';
import { OperatorsAdmin } from './modules/backoffice/operators-admin.service';
import { BrandRepository } from './modules/brand/brand.repository';
import { BrandService } from './modules/brand/brand.service';
import { brandAdminRoutes } from './modules/brand/brand-admin.routes';
import { BrandAdmin } from './modules/brand/brand-admin.service';
import { ContentRepository } from './modules/content/content.repository';
import { contentRoutes } from './modules/content/content.routes';
import { ContentService } from './modules/content/content.service';
import { contentAdminRoutes } from './modules/content/content-admin.routes';
import { ContentAdmin } from './modules/content/content-admin.service';
import { MemberEvents } from './modules/events/member-events';
import { memberSocketRoutes } from './modules/events/member-socket.routes';
import { GamesRepository } from './modules/games/games.repository';
import { gamesRoutes } from './modules/games/games.routes';
import { GamesService } from './modules/games/games.service';
import { gamesAdminRoutes } from './modules/games/games-admin.routes';
import { GamesAdmin } from './modules/games/games-admin.service';
import { WinnerFeed } from './modules/games/winner-feed';
import { IdentityRepository } from './modules/identity/identity.repository';
import { identityRoutes } from './modules/identity/identity.routes';
import { IdentityService } from './modules/identity/identity.service';
import { KycRepository } from './modules/kyc/kyc.repository';
import { kycRoutes } from './modules/kyc/kyc.routes';
import { type KycMoney, KycService } from './modules/kyc/kyc.service';
import { kycAdminRoutes } from './modules/kyc/kyc-admin.routes';
import { KycAdmin } from './modules/kyc/kyc-admin.service';
import { Ledger } from './modules/ledger/ledger';
import { LotteryRepository } from './modules/lottery/lottery.repository';
import { lotteryRoutes } from './modules/lottery/lottery.routes';
import { LotteryService } from './modules/lottery/lottery.service';
import { lotteryAdminRoutes } from './modules/lottery/lottery-admin.routes';
import { LotteryAdmin } from './modules/lottery/lottery-admin.service';
import { OutboxMessenger } from './modules/messaging/messenger';
import { SmsBudgetMessenger } from './modules/messaging/sms-budget';
import { CrashRepository } from './modules/originals/crash.repository';
import { CRASH_SALT_LOTTERY, CrashService, drawNumbersText } from './modules/originals/crash.service';
import { OriginalsRepository } from './modules/originals/originals.repository';
import { originalsRoutes } from './modules/originals/originals.routes';
import { OriginalsService } from './modules/originals/originals.service';
import { originalsAdminRoutes } from './modules/originals/originals-admin.routes';
import { OriginalsAdmin } from './modules/originals/originals-admin.service';
import { theoreticalRtp } from './modules/originals/originals-settings';
import { PaymentsRepository } from './modules/payments/payments.repository';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { PaymentsService } from './modules/payments/payments.service';
import { paymentsAdminRoutes } from './modules/payments/payments-admin.routes';
import { PaymentsAdmin } from './modules/payments/payments-admin.service';
import { simGatewayRoutes } from './modules/payments/sim-gateway.routes';
import { SimulatedPixGateway } from './modules/payments/sim-pix-gateway';
import { withdrawalsRoutes } from './modules/payments/withdrawals.routes';
import { WithdrawalsService } from './modules/payments/withdrawals.service';
import { ReportsRepository } from './modules/reports/reports.repository';
import { ReportsService } from './modules/reports/reports.service';
import { reportsAdminRoutes } from './modules/reports/reports-admin.routes';
import { RiskRepository } from './modules/risk/risk.repository';
import { RiskService } from './modules/risk/risk.service';
import { riskAdminRoutes } from './modules/risk/risk-admin.routes';
import { RiskAdmin } from './modules/risk/risk-admin.service';
import { AttemptLimiter } from './modules/security/attempt-limiter';
import { AttemptsRepository } from './modules/security/attempts.repository';
import { PaymentPasswordGuard } from './modules/security/payment-password';
import type { CountryLookup } from './modules/system/region';
import { systemRoutes } from './modules/system/system.routes';
import { SystemService } from './modules/system/system.service';
import { BetRecords } from './modules/wallet/bet-records.service';
import { RoundsRepository } from './modules/wallet/rounds.repository';
import { TreeTransfersService } from './modules/wallet/tree-transfers.service';
import { TrialWalletService } from './modules/wallet/trial-wallet.service';
import { VendorIntegrations } from './modules/wallet/vendor-integrations.service';
import { VendorLauncher } from './modules/wallet/vendor-launch';
import { vendorWalletRoutes } from './modules/wallet/vendor-wallet.routes';
import { VendorWalletService } from './modules/wallet/vendor-wallet.service';
import { WalletRepository } from './modules/wallet/wallet.repository';
import { walletRoutes } from './modules/wallet/wallet.routes';
import { WalletService } from './modules/wallet/wallet.service';

export interface AppDeps {
  config: Config;
  db: Database;
  /** The installation's master key (lib/master-key.ts): seals its secrets and the outbox at rest. */
  masterKey: Buffer;
  countryLookup?: CountryLookup | null;
  /** The database's NOTIFY channel, so member events reach sockets held by any process. */
  listen?: DatabaseHandle['listen'];
  /** Run the job queue's workers and schedules in this app (the server does; most tests do not). */
  jobs?: boolean;
  /** The HTTP client third-party sign-in talks to providers with (tests alter a provider's answers). */
  identityFetch?: ConstructorParameters<typeof IdentityService>[3]['fetch'];
  /** Today, for the age of 18 at registration and before a withdrawal (tests move it). */
  clock?: () => Date;
}

const API_PREFIXES = ['/wps/', '/lgw/', '/lotto/', '/api/'];
const isApiPath = (url: string) => API_PREFIXES.some((p) => url.startsWith(p));

/** A loopback address (127.0.0.0/8, ::1, or IPv4 through IPv6): the browser runs on this machine. */
function isLoopback(ip: string) {
  try {
    return ipaddr.process(ip).range() === 'loopback';
  } catch {
    return false;
  }
}

export async function buildApp({
  config,
  db,
  masterKey,
  countryLookup = null,
  listen,
  jobs = false,
  identityFetch,
  clock,
}: AppDeps): Promise<FastifyInstance> {
  const demo = config.mode === 'demo';
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            serializers: { req: requestSerializer, err: errorSerializer },
            ...(config.NODE_ENV === 'development' ? { transport: { target: 'pino-pretty' } } : {}),
          },
    trustProxy:
      typeof config.TRUST_PROXY === 'number'
        ? (_address: string, hop: number) => hop < (config.TRUST_PROXY as number)
        : typeof config.TRUST_PROXY === 'string'
          ? config.TRUST_PROXY.split(',').map((p) => p.trim())
          : false,
    bodyLimit: 1024 * 1024,
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const brands = new BrandService(withReadCache(new BrandRepository(db), config.BRAND_CACHE_MS), {
    demo: config.mode === 'demo',
  });
  // The server's clock decides a scheduled maintenance window (tests move it).
  const now = clock ? () => clock().getTime() : Date.now;
  const system = new SystemService(
    brands,
    countryLookup,
    config.MAINTENANCE_MODE,
    { demo: config.mode === 'demo' },
    now,
  );
  const gamesRepo = new GamesRepository(db);
  const games = new GamesService(withReadCache(gamesRepo, config.BRAND_CACHE_MS), gamesRepo);
  const contentRepo = new ContentRepository(db);
  // The site reads through the brand cache; the schedule is kept by the clock on every read.
  const content = new ContentService(
    withReadCache(contentRepo, config.BRAND_CACHE_MS),
    clock ?? (() => new Date()),
    contentRepo,
  );
  const master = masterBox(masterKey);
  const secret = (name: string, make?: () => string) => installationSecret(db, master, name, make);
  const humanCheck = new HumanCheckService(
    db,
    { signature: await secret('human-check-signature'), key: await secret('human-check-key') },
    config.HUMAN_CHECK_COST,
  );
  const twoFactor = new TwoFactor(await secret('two-factor-challenge'), master);
  const limiter = new AttemptLimiter(new AttemptsRepository(db));
  // Only the demo keeps what it "sent" readable (sealed, for minutes) for its outbox view.
  const pepper = new Pepper(await secret('code-pepper'));
  const outboxMessenger = new OutboxMessenger(db, {
    keepReadable: config.outboxView ? master : null,
    pepper,
    ...(config.NODE_ENV === 'development' && demo ? { log: app.log } : {}),
  });
  // Alerts reach the operators through the back office's audit trail, built further down.
  const alerts: { backoffice?: BackofficeService } = {};
  const messenger = new SmsBudgetMessenger(
    outboxMessenger,
    limiter,
    config.SMS_HOURLY_BUDGET,
    async (brandId, detail) => {
      app.log.warn({ brandId, ...detail }, 'SMS budget spent: sending stops for the rest of the hour');
      await alerts.backoffice?.alert(brandId, 'alert_sms_budget', detail);
    },
  );
  const sms = new SmsVerification(db, messenger, limiter, pepper);
  const accounts = new AccountsService(
    new AccountsRepository(db),
    brands,
    humanCheck,
    sms,
    twoFactor,
    new AddressCheck(db, messenger, new TicketSigner(await secret('new-address-ticket')), pepper, limiter, {
      // Bank accounts are the payments module's, built further down; asked only once requests come.
      holderNames: (memberId: number): Promise<string[]> => withdrawals.holderNames(memberId),
    }),
    config.SESSION_TTL_HOURS * 3_600_000,
    limiter,
  );

  const ledger = new Ledger(
    db,
    { maxItems: config.LEDGER_BATCH_MAX, lanes: config.LEDGER_BATCH_PARALLEL },
    app.log,
  );
  const events = new MemberEvents(db, listen, app.log);
  await events.start();
  const walletRepo = new WalletRepository(db);
  // Which vendors play from wallets of their own: read on every wallet page, changed by operators rarely.
  const transferModes = new TtlCache<Awaited<ReturnType<WalletRepository['integrations']>>>(
    config.BRAND_CACHE_MS,
  );
  const wallet = new WalletService(
    ledger,
    {
      vendors: (brandId) => games.activeVendors(brandId),
      member: (brandId, memberId) => accounts.walletMember(brandId, memberId),
      contractRequests: (memberId) => contracts.pending(memberId),
    },
    events,
    async (brandId) =>
      new Set(
        (await transferModes.get(String(brandId), () => walletRepo.integrations(brandId)))
          .filter((i) => i.active && i.mode === 'transfer')
          .map((i) => i.vendorCode),
      ),
  );
  const secretBox = new SecretBox(await secret('sealed-secrets-key'));
  const paymentsRepo = new PaymentsRepository(db);
  const payments = new PaymentsService(
    paymentsRepo,
    ledger,
    secretBox,
    new TicketSigner(await secret('pay-ticket')),
    events,
    { simulatedGateway: demo },
    // The PIX providers' adapters (pix-gateway.ts): a real provider's is added here; the simulated one
    // pays without money, so it exists in demo mode only.
    new Map(demo ? [['sim', new SimulatedPixGateway(now)]] : []),
  );
  const paymentPasswords = new PaymentPasswordGuard(limiter);
  // Third-party sign-in (spec 4.2): the identity module makes and signs in members through accounts.
  const identity = new IdentityService(
    new IdentityRepository(db),
    secretBox,
    {
      create: (brand, input, caller) => accounts.createExternalMember(brand, input, caller),
      startSession: (brand, memberId, caller) => accounts.startExternalSession(brand, memberId, caller),
      isActive: (brand, memberId) => accounts.isActive(brand, memberId),
    },
    { allowHttp: demo, cacheMs: config.BRAND_CACHE_MS, ...(identityFetch ? { fetch: identityFetch } : {}) },
  );
  system.setSignInProviders((brandId) => identity.publicProviders(brandId));
  accounts.setPhoneProofs(identity);
  // Identity (KYC) and the member's own data (LGPD): the kyc module, reaching accounts and the money
  // modules through ports.
  const kycRepo = new KycRepository(db);
  const kycMembers = new MemberIdentity(new MemberIdentityRepository(db));
  const kycMoney: KycMoney = {
    balances: (memberId: number) => ledger.memberBalances(memberId),
    openMoney: async (memberId: number): Promise<number> =>
      (await payments.openCount(memberId)) + (await withdrawals.openCount(memberId)),
    exportOf: async (_brand, memberId) => {
      const balances = await ledger.memberBalances(memberId);
      return {
        ...(await withdrawals.exportOf(memberId)),
        deposits: await payments.exportOf(memberId),
        balances: Object.fromEntries(balances),
        movements: (await ledger.records(memberId, { limit: 100_000 })).map((r) => ({
          wallet: r.wallet,
          kind: r.kind,
          amount: r.amount,
          balanceAfter: r.balanceAfter,
          createdAt: r.createdAt.toISOString(),
        })),
      };
    },
  };
  const kyc: KycService = new KycService(kycRepo, kycMembers, kycMoney, clock);
  accounts.setClock(clock);
  const withdrawals: WithdrawalsService = new WithdrawalsService(
    db,
    ledger,
    paymentPasswords,
    {
      rules: (brandId) => brands.withdrawalRules(brandId),
      confirmMinutes: () => brands.confirmMinutes(),
      usernames: (ids) => accounts.usernames(ids),
      savePaymentPasswordHash: (memberId, hash) => accounts.savePaymentPasswordHash(memberId, hash),
      identity: {
        identityMissing: (brand, memberId) => kyc.identityMissing(brand, memberId),
        payeeReview: (brand, memberId, holderName) => kyc.payeeReview(brand, memberId, holderName),
      },
      risk: { hold: (memberId) => risk.hold(memberId) },
    },
    events,
  );
  const backoffice = new BackofficeService(
    db,
    ledger,
    payments,
    withdrawals,
    {
      byUsername: (brandId, username) => accounts.memberByUsername(brandId, username),
      usernames: (ids) => accounts.usernames(ids),
    },
    twoFactor,
    events,
    { limiter, requireTwoFactor: config.operatorTwoFactor },
  );
  alerts.backoffice = backoffice;
  const vendorWallet = new VendorWalletService(ledger, wallet, walletRepo, secretBox, config.BRAND_CACHE_MS);
  // Trial money (free play): granted from the brand's `trial` account when a trial account starts.
  const trialWallet = new TrialWalletService(ledger, (brand, memberId, balance) =>
    wallet.gameBalanceChanged(brand, memberId, balance),
  );
  accounts.onTrialStarted(
    (brand: Parameters<WalletService['gameBalanceChanged']>[0], memberId: number): Promise<number> =>
      trialWallet.grant(brand, memberId),
  );
  // The end of trials (the trials.end job): ended trials closed, and their trial money given back.
  const trials = {
    end: async () => {
      const now = new Date();
      const all = await brands.all();
      const ended: Array<{ id: number; brandId: number }> = await accounts.endExpiredTrials(now);
      // Closed in this run, and closed earlier (a vendor's late win may have reached one since).
      const late: Array<{ id: number; brandId: number }> = await accounts.recentlyEndedTrials(now);
      const closed = [...ended, ...late];
      let returned = 0;
      for (const brand of all) {
        const ids = [...new Set(closed.filter((m) => m.brandId === brand.id).map((m) => m.id))];
        if (ids.length > 0) returned += await trialWallet.giveBack(brand, ids);
      }
      return { ended: ended.length, returned };
    },
  };
  app.decorate('trials', trials);
  const vendorIntegrations = new VendorIntegrations(walletRepo, secretBox, { requireHttps: !demo });
  const records = new BetRecords(
    new RoundsRepository(db),
    ledger,
    games,
    events,
    config.REBATE_DELAY_SECONDS * 1000,
  );
  const winners = new WinnerFeed(gamesRepo, {
    bigWins: (since, minPayout, multiple) => records.bigWins(since, minPayout, multiple),
    usernames: (ids) => accounts.usernames(ids),
  });
  games.setLauncher(
    new VendorLauncher(vendorIntegrations, vendorWallet, walletRepo, config.VENDOR_LAUNCH_TIMEOUT_MS),
  );
  const originalsPorts = {
    balanceChanged: (
      brand: Parameters<WalletService['gameBalanceChanged']>[0],
      memberId: number,
      balance: number,
    ) => wallet.gameBalanceChanged(brand, memberId, balance),
    usernames: (ids: number[]) => accounts.usernames(ids),
    reconfirmSession: (brand: Parameters<WalletService['gameBalanceChanged']>[0], tokenHash: string) =>
      accounts.reconfirm(brand, tokenHash),
    isTrial: (memberId: number): Promise<boolean> => accounts.isTrial(memberId),
  };
  const agentsRepo = new AgentsRepository(db);
  const agents = new AgentsService(agentsRepo, {
    rounds: (...args) => records.dailyTotals(...args),
    deposits: (...args) => payments.dailyTotals(...args),
    withdrawals: (...args) => withdrawals.dailyTotals(...args),
    mainBalances: (brandId, memberIds) => ledger.mainBalances(brandId, memberIds),
    teamBalance: (brandId, agentId) => ledger.teamMainBalance(brandId, agentId),
    invitationCode: (member) => accounts.invitationCode(member),
    teamBets: (brand, lang, agentId, query) => records.teamList(brand, lang, agentId, query),
    teamRecords: (agentId, query) => wallet.teamRecords(agentId, query),
    notices: (brand, lang) => content.agentNotices(brand, lang),
  });
  const contracts = new ContractsService(
    new ContractsRepository(db),
    agentsRepo,
    {
      memberByUsername: (brandId, username) => accounts.memberByUsername(brandId, username),
      usernames: (ids) => accounts.usernames(ids),
      // What gives each game on offer its house edge (a contract may not give it away with the rebate).
      edgeSources: async (brand) => {
        const [{ vendorCategory }, catalogue, inHouse, lotteries] = await Promise.all([
          games.catalogue(brand, brand.defaultLanguage),
          games.adminGames(brand.id),
          originals.storedSettings(brand.id, brand.currency),
          lottery.allGames(brand),
        ]);
        return {
          vendorCategory,
          catalogue,
          inHouse: { vendor: 'BGS', games: Object.values(inHouse) },
          lottery: lotteries.map((g) => ({
            game: g.code,
            vendor: g.vendorCode,
            enabled: g.enabled,
            betTypes: lottery.gameView(g, brand, 'en').betTypes,
          })),
        };
      },
    },
    events,
  );
  const settlement = new SettlementService(
    new SettlementRepository(db),
    ledger,
    {
      memberTotals: (brandId, from, to) => records.memberTotals(brandId, from, to),
      usernames: (ids) => accounts.usernames(ids),
    },
    events,
  );
  const originals = new OriginalsService(
    new OriginalsRepository(db),
    ledger,
    originalsPorts,
    secretBox,
    config.BRAND_CACHE_MS,
    { maxItems: config.LEDGER_BATCH_MAX, lanes: config.LEDGER_BATCH_PARALLEL },
    app.log,
  );
  const crash = new CrashService(
    new CrashRepository(db),
    ledger,
    originals,
    originalsPorts,
    secretBox,
    {
      bettingMs: config.CRASH_BETTING_MS,
      pauseMs: config.CRASH_PAUSE_MS,
      chainLength: config.CRASH_CHAIN_LENGTH,
      tickMs: 100,
      saltPollMs: config.CRASH_SALT_POLL_MS,
    },
    app.log,
    {
      mode: config.CRASH_SALT_SOURCE ?? (config.mode === 'demo' ? 'lottery' : 'operator'),
      lottery: {
        // With that lottery switched off the chain waits for an operator to announce a source instead.
        next: async (brand) => {
          const state = await lottery
            .state(brand, CRASH_SALT_LOTTERY, brand.defaultLanguage)
            .catch(() => null);
          const draw = state?.upcoming[0];
          return draw ? { game: CRASH_SALT_LOTTERY, number: draw.number } : null;
        },
        numbers: async (brand, game, number) => {
          const draw = await lottery.drawOf(brand, game, number);
          return draw.result && (draw.status === 'drawn' || draw.status === 'settled')
            ? drawNumbersText(draw.result)
            : null;
        },
      },
    },
  );
  app.decorate('crash', crash);
  const lottery = new LotteryService(
    new LotteryRepository(db),
    ledger,
    secretBox,
    {
      balanceChanged: originalsPorts.balanceChanged,
      brand: async (brandId) => (await brands.all()).find((b) => b.id === brandId) ?? null,
    },
    app.log,
  );
  app.decorate('lottery', lottery);
  games.setHouseGames((brandId) => lottery.vendorCounts(brandId));
  games.setHouseLaunch((brand, lang, vendor, gameCode) =>
    lottery.launchTarget(brand, lang, vendor, gameCode),
  );
  // The betting record names lottery rounds by their game and draw (the catalogue does not list lotteries).
  records.addRoundSource(lottery);
  app.decorate('agents', agents);
  app.decorate('settlement', settlement);
  // The back office's reports: summaries kept by the reports jobs from the modules that own the figures.
  const reports = new ReportsService(new ReportsRepository(db), {
    vendorDays: (brandId, from, to, timeZone) => records.vendorDailyTotals(brandId, from, to, timeZone),
    memberDays: (brandId, fromDay, toDay) => agents.brandDays(brandId, fromDay, toDay),
    rollUpMemberDays: async (brand, days) => {
      await agents.rollUp(brand, days);
    },
    firstDeposits: (brandId, from, to, timeZone) => payments.firstDeposits(brandId, from, to, timeZone),
    houseOutflows: (brandId, kinds, from, to, timeZone) =>
      ledger.houseOutflows(brandId, kinds, from, to, timeZone),
    activeMembers: (brandId, fromDay, toDay) => agents.brandActiveMembers(brandId, fromDay, toDay),
    activeMemberIds: (brandId, fromDay, toDay) => agents.brandActiveMemberIds(brandId, fromDay, toDay),
    vendors: (brandId) => games.adminVendors(brandId),
  });
  app.decorate('reports', reports);
  const cipher = new BodyCipher(await secret('body-encryption-key', newBodyKey));

  const fail = (
    code: ErrorCode,
    lang: Parameters<typeof translate>[0],
    params = {},
    value: unknown = null,
  ) => ({
    success: false,
    code,
    message: translate(lang, errorCatalogue[code].key, params),
    value,
  });

  app.decorateRequest('brand', null as never);
  app.decorateRequest('lang', 'pt');
  app.decorateRequest('visitor', null as never);
  app.decorateRequest('member', null);
  app.decorateRequest('claim', null);
  app.decorateRequest('operator', null);
  // Every route's declared access (auth and operator permission), as the permission tests read it.
  const routeAccess: FastifyInstance['routeAccess'] = [];
  app.decorate('routeAccess', routeAccess);
  app.addHook('onRoute', (route) => {
    const config = route.config as { auth?: string; permission?: Permission } | undefined;
    for (const method of [route.method].flat())
      routeAccess.push({ method, url: route.url, auth: config?.auth, permission: config?.permission });
  });

  await app.register(cookie);
  // Production frames vendors' games over https only; the demo's provider runs on plain http locally.
  securityHeaders(app, { frameSources: demo ? ['https:', 'http:'] : ['https:'] });
  await app.register(rateLimit, {
    max: config.RATE_LIMIT_MAX,
    timeWindow: config.RATE_LIMIT_WINDOW_MS,
    allowList: (request) => !isApiPath(request.url),
    // Some transports (an in-process socket) carry no peer address; they share one bucket.
    keyGenerator: (request) => request.visitor?.ip ?? request.ip ?? 'unknown',
    errorResponseBuilder: (_request, context) => {
      const err = new AppError('RATE_LIMITED', { seconds: Math.ceil(context.ttl / 1000) });
      (err as unknown as { statusCode: number }).statusCode = 429;
      return err;
    },
  });

  await app.register(swagger, {
    openapi: {
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      info: {
        title: 'Betting site API',
        description: 'Every JSON answer is the envelope { success, code, message, value }.',
        version: '0.1.0',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  await app.register(websocket, { options: { maxPayload: 4096 } });

  // Who the caller is and which brand they came to, before any route runs.
  app.addHook('onRequest', async (request) => {
    const host = (request.hostname ?? '').split(':')[0]!.toLowerCase();
    request.lang = 'pt';
    // A forwarded address that is not an address (a misconfigured or bypassed proxy) never reaches the
    // database: the visitor is then the peer itself.
    const ip = ipaddr.isValid(request.ip) ? request.ip : (request.socket?.remoteAddress ?? '0.0.0.0');
    request.visitor = system.visitor(ip);
    let unknownHost: AppError | null = null;
    try {
      request.brand = await brands.resolve(host, { local: isLoopback(ip) });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      unknownHost = error;
    }
    const query = request.query as Record<string, unknown> | undefined;
    const asked = [query?.lang, query?.language].filter((v): v is string => typeof v === 'string');
    const pageLanguage = request.headers[LANGUAGE_HEADER];
    request.lang = pickLanguage(
      request.brand ?? { supportedLanguages: [...LANGUAGES], defaultLanguage: 'pt' },
      [...asked, typeof pageLanguage === 'string' ? pageLanguage : undefined, request.cookies.lang],
      request.headers['accept-language'],
    );
    // A host no brand owns (spec 8, "Bad domain"): the API answers the domain error; the page itself
    // still loads, so the visitor reads that error in their language on the site's failure screen.
    if (unknownHost && isApiPath(request.url)) throw unknownHost;
  });

  // Maintenance and region rules close the API; the few 'open' routes tell the client which screen to show.
  app.addHook('preValidation', async (request) => {
    if (!isApiPath(request.url) || request.routeOptions.config.gate === 'open') return;
    const status = await system.status(request.brand, request.visitor);
    if (status === 1) throw new AppError('MAINTENANCE');
    if (status === 2) throw new AppError('REGION_BLOCKED', { ip: request.visitor.ip });
  });

  app.addHook('preValidation', async (request) => {
    const auth = request.routeOptions.config.auth;
    if (!auth) return;
    const token = bearerToken(request.headers.authorization);
    if (auth === 'operator') {
      request.operator = await backoffice.authenticate(request.brand, token);
      // The route's declared permission, before anything of the handler runs.
      const needed = request.routeOptions.config.permission;
      if (needed && !request.operator.permissions.includes(needed)) throw new AppError('ROLE_FORBIDDEN');
    } else if (auth === 'member') request.member = await accounts.authenticate(request.brand, token);
    else if (auth === 'real') {
      // The one home of the trial-account rule: a trial plays with trial money and does nothing else.
      request.member = await accounts.authenticate(request.brand, token);
      if (request.member.userType === TRIAL_TYPE) throw new AppError('REAL_ACCOUNT_REQUIRED');
    } else if (auth === 'claim') request.claim = await accounts.claim(request.brand, token);
    else if (auth === 'password-change') {
      request.member = await accounts.authenticate(request.brand, token, { passwordChange: true });
    } else if (token) {
      // A dead or foreign token makes the caller a guest; a database failure is still a failure.
      request.member = await accounts.authenticate(request.brand, token).catch((error: unknown) => {
        if (error instanceof AppError) return null;
        throw error;
      });
    }
  });

  // Sealed bodies are opened here, so validation and handlers see the plain body.
  app.addHook('preValidation', async (request) => {
    if (!request.routeOptions.config.enc) return;
    if (BodyCipher.isSealed(request.body)) request.body = cipher.open(request.body.enc);
    else if (config.ENCRYPTED_BODIES === 'required') throw new AppError('ENCRYPTION_REQUIRED');
  });

  // Every string of every request, once, before any schema: no NUL, no unpaired surrogate.
  app.addHook('preValidation', async (request) => {
    const issue = unsafeTextIssue(request.lang, request);
    if (issue) throw new AppError('VALIDATION_FAILED', {}, { issues: [issue] });
  });

  defineRoute(
    app,
    endpoints.publicKey,
    { summary: 'The public key that seals the bodies of enc routes', tags: ['system'], gate: 'open' },
    () => cipher.info,
  );

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const lang = request.lang ?? 'pt';
    if (error instanceof AppError) {
      if (error.code === 'RATE_LIMITED') reply.header('retry-after', String(error.params.seconds ?? 60));
      if (error.code === 'TRY_AGAIN') reply.header('retry-after', '1');
      return reply.code(error.status).send(fail(error.code, lang, error.params, error.value));
    }
    // A lost connection, a lock or statement timeout, a deadlock, wherever it happened: the same request
    // may be sent again (money moves once per request id). Logged without the statement or its values.
    if (isTransientDatabaseError(error)) {
      request.log.warn({ database: describeDatabaseError(error) }, 'transient database failure');
      return reply.code(503).header('retry-after', '1').send(fail('TRY_AGAIN', lang));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => describeIssue(lang, error.validationContext, v));
      return reply.code(422).send(fail('VALIDATION_FAILED', lang, {}, { issues }));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply.code(500).send(fail('INTERNAL', lang));
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.code(413).send(fail('PAYLOAD_TOO_LARGE', lang));
    if (status === 415) return reply.code(415).send(fail('UNSUPPORTED_MEDIA_TYPE', lang));
    if (status === 429) return reply.code(429).send(fail('RATE_LIMITED', lang, { seconds: 60 }));
    if (status >= 400 && status < 500) return reply.code(400).send(fail('BAD_REQUEST', lang));
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(fail('INTERNAL', lang));
  });

  await app.register(systemRoutes({ system, brands, secureCookies: config.secureCookies }));
  await app.register(gamesRoutes({ games }));
  await app.register(contentRoutes({ content }));
  await app.register(artRoutes());
  await app.register(
    accountsRoutes({
      accounts,
      humanCheck,
      messenger: outboxMessenger,
      outboxView: config.outboxView,
      secureCookies: config.secureCookies,
    }),
  );
  await app.register(
    walletRoutes({
      records,
      wallet,
      transfers: new TreeTransfersService(accounts.tree, ledger, paymentPasswords, events),
      trial: trialWallet,
    }),
  );
  await app.register(vendorWalletRoutes({ vendorWallet }));
  accounts.onJoined((brand, agentId, memberId) => contracts.offerInvitationTerms(brand, agentId, memberId));
  await app.register(
    agentsRoutes({
      agents,
      contracts,
      settlement,
      openDownline: (brand, agent, body, lang) => accounts.openDownline(brand, agent, body, lang),
    }),
  );
  await app.register(originalsRoutes({ originals, crash, betsPerMinute: config.ORIGINALS_BETS_PER_MINUTE }));
  await app.register(lotteryRoutes({ lottery, slipsPerMinute: config.LOTTERY_SLIPS_PER_MINUTE }));
  await app.register(paymentsRoutes({ payments }));
  // The simulated gateway pays without money: it exists in demo mode only.
  if (demo) await app.register(simGatewayRoutes({ payments }));
  await app.register(withdrawalsRoutes({ withdrawals }));
  await app.register(reportsAdminRoutes({ reports }));
  await app.register(identityRoutes({ identity, secureCookies: config.secureCookies }));
  await app.register(identityAdminRoutes({ identityAdmin: new IdentityAdmin(backoffice, identity) }));
  await app.register(
    contentAdminRoutes({
      contentAdmin: new ContentAdmin(
        contentRepo,
        {
          withAudit: (ctx) => backoffice.withAudit(ctx),
          require: (ctx, permission) => backoffice.require(ctx, permission),
        },
        clock ?? (() => new Date()),
      ),
    }),
  );
  await app.register(
    brandAdminRoutes({
      brandAdmin: new BrandAdmin(new BrandRepository(db), {
        backoffice: {
          withAudit: (ctx) => backoffice.withAudit(ctx),
          require: (ctx, permission) => backoffice.require(ctx, permission),
        },
        registerRules: {
          stored: (brandId) => accounts.storedRegisterRules(brandId),
          save: (brandId, fields, alongside) => accounts.saveRegisterRules(brandId, fields, alongside),
        },
        moneyMoved: (brandId) => ledger.hasMoved(brandId),
        hashPassword,
        now,
        forcedMaintenance: config.MAINTENANCE_MODE,
        cacheMs: config.BRAND_CACHE_MS,
      }),
    }),
  );
  await app.register(
    paymentsAdminRoutes({
      paymentsAdmin: new PaymentsAdmin(paymentsRepo, payments, secretBox, {
        withAudit: (ctx) => backoffice.withAudit(ctx),
        require: (ctx, permission) => backoffice.require(ctx, permission),
      }),
    }),
  );
  await app.register(kycRoutes({ kyc }));
  await app.register(
    kycAdminRoutes({
      kycAdmin: new KycAdmin(kycRepo, kycMembers, kycMoney, {
        withAudit: (ctx) => backoffice.withAudit(ctx),
        require: (ctx, permission) => backoffice.require(ctx, permission),
      }),
    }),
  );
  await app.register(
    operatorsAdminRoutes({
      operatorsAdmin: new OperatorsAdmin(backoffice, new OperatorsRepository(db), new AuditRepository(db)),
    }),
  );
  const agentsAdmin = new AgentsAdmin(backoffice, {
    treeView: (brandId, username) => accounts.treeView(brandId, username),
    memberId: async (brandId, username) => (await accounts.memberByUsername(brandId, username))?.id,
    moveMember: (brandId, memberId, uplineId, alongside) =>
      accounts.moveMember(brandId, memberId, uplineId, alongside),
    contractsOf: (memberId) => contracts.ofMember(memberId),
    endContractsWithUpline: (tx, memberId, uplineId) => contracts.endWithUpline(tx, memberId, uplineId),
    isAgentType,
    settlement,
    contracts,
    usernameOf: async (memberId) => (await accounts.usernames([memberId])).get(memberId),
  });
  // The back office's members (accounts), reading and moving other modules' data through their services.
  const membersAdmin: MembersAdmin = new MembersAdmin(new MembersAdminRepository(db), sms, {
    withAudit: (ctx) => backoffice.withAudit(ctx),
    wallets: async (brand, memberId) => {
      const [funds, balances] = await Promise.all([
        wallet.consolidated(brand, memberId),
        ledger.memberBalances(memberId),
      ]);
      return {
        currency: funds.currency,
        main: funds.main,
        hold: balances.get('hold') ?? 0,
        vendors: funds.vendors,
      };
    },
    ledger: async (memberId, limit) => (await wallet.records(memberId, { limit })).items,
    deposits: (brand, memberId, limit) => payments.list(brand, memberId, undefined, limit),
    withdrawals: (brand, memberId, limit) => withdrawals.list(brand, memberId, undefined, limit),
    bankAccounts: (memberId) => withdrawals.bankAccounts(memberId),
    holderNames: (memberId) => withdrawals.holderNames(memberId),
    sharingBankDetails: (memberId) => withdrawals.sharingBankDetails(memberId),
    bets: (brand, lang, memberId, limit) => records.list(brand, lang, memberId, { page: 1, pageSize: limit }),
    moveMember: (ctx, body) => agentsAdmin.relocate(ctx, body),
    risk: (memberId) => risk.memberSummary(memberId),
    sessionsEnded: (memberId) => events.publish(memberId, { type: 'session_check' }),
  });
  await app.register(membersAdminRoutes({ membersAdmin }));
  // Risk (issue 27, item 3): flags raised by the scan job from the modules that own the figures, and
  // withdrawal holds the withdrawals module asks about.
  const riskRepo = new RiskRepository(db);
  const risk: RiskService = new RiskService(
    riskRepo,
    {
      brands: () => brands.all(),
      groups: (brandId, by, since, min) => membersAdmin.groups(brandId, by, since, min),
      payeeGroups: () => withdrawals.payeeGroups(),
      brandMembers: (brandId, ids) => membersAdmin.brandMembers(brandId, ids),
      recentWithdrawals: (brandId, since) => withdrawals.recentRequests(brandId, since),
      memberTotals: (ids, fromDay, toDay) => agents.memberTotals(ids, fromDay, toDay),
      bigDays: (brandId, fromDay, minProfit) => agents.bigDays(brandId, fromDay, minProfit),
    },
    clock,
  );
  app.decorate('risk', risk);
  await app.register(
    riskAdminRoutes({
      riskAdmin: new RiskAdmin(
        riskRepo,
        risk,
        {
          usernames: (ids) => accounts.usernames(ids),
          byUsername: (brandId, username) => accounts.memberByUsername(brandId, username),
          lock: (memberId, alongside) => membersAdmin.lockFor(memberId, alongside),
        },
        {
          withAudit: (ctx) => backoffice.withAudit(ctx),
          require: (ctx, permission) => backoffice.require(ctx, permission),
        },
      ),
    }),
  );
  // A change of the games on offer may not leave the house's contracts paying more than it keeps.
  const edgesCover: EdgeGuard = (brand, change) => contracts.checkEdgesCover(brand, change);
  await app.register(backofficeRoutes({ backoffice }));
  // Each module's own back-office pages, through the back office's permission check and audit trail.
  await app.register(
    gamesAdminRoutes({
      gamesAdmin: new GamesAdmin(backoffice, {
        edgesCover,
        catalogue: games,
        connections: vendorIntegrations,
        rounds: records,
        members: {
          byUsername: (brandId, username) => accounts.memberByUsername(brandId, username),
          usernames: (ids) => accounts.usernames(ids),
        },
      }),
    }),
  );
  await app.register(
    originalsAdminRoutes({
      originalsAdmin: new OriginalsAdmin(backoffice, {
        settings: (brandId, currency) => originals.storedSettings(brandId, currency),
        edgesCover,
        theoreticalRtp,
        save: (brandId, currency, settings, alongside) =>
          originals.saveSettings(brandId, currency, settings, alongside),
        measured: async (brandId, from, to) => [
          ...(await originals.measured(brandId, from, to)),
          await crash.measured(brandId, from, to),
        ],
        chains: (brandId) => crash.chains(brandId),
        announceSalt: (brand, chainId, source, alongside) =>
          crash.announceSalt(brand, chainId, source, alongside),
        enterSalt: (brand, chainId, salt, alongside) => crash.enterSalt(brand, chainId, salt, alongside),
        recall: (memberId, game) =>
          game === 'crash' ? crash.recall(memberId) : originals.recallOf(memberId, game),
        byUsername: (brandId, username) => accounts.memberByUsername(brandId, username),
      }),
    }),
  );
  await app.register(lotteryAdminRoutes({ lotteryAdmin: new LotteryAdmin(backoffice, lottery, edgesCover) }));
  await app.register(agentsAdminRoutes({ agentsAdmin }));
  await app.register(
    memberSocketRoutes({ events, accounts, sessionCheckMs: config.SOCKET_SESSION_CHECK_MS }),
  );
  app.addHook('onClose', () => events.close());

  if (jobs && config.JOBS === 'true') {
    const queue = await JobQueue.start(db, { log: app.log, pollingIntervalSeconds: config.JOB_POLL_SECONDS });
    for (const job of jobDefinitions({
      withdrawals,
      limiter,
      accounts,
      messenger: outboxMessenger,
      winners,
      trials,
      identity,
      risk,
      reports: {
        refresh: async (back) => reports.refreshRecent(await brands.all(), back),
        rebuild: async (brandId, from, to) => {
          const brand = (await brands.all()).find((b) => b.id === brandId);
          if (brand) await reports.rebuild(brand, from, to);
        },
      },
      agents: {
        rollUp: async (days) => agents.rollUpRecent(await brands.all(), days),
        rollUpChanges: async () => agents.rollUpRecentChanges(await brands.all()),
        settle: async () => settlement.settleDue(await brands.all()),
      },
      lottery: {
        tick: async () => {
          const all = await brands.all();
          for (const brand of all) {
            await lottery.ensureCatalogue(brand);
            await lottery.schedule(brand);
          }
          await lottery.advance();
          // Each draw of the next minutes gets a job of its own at its time (one per draw, whoever sends it).
          for (const draw of await lottery.drawsWithin(150_000)) {
            await queue.send(
              'lottery.draw',
              {},
              { singletonKey: `lottery:draw:${draw.id}`, startAfter: draw.drawsAt },
            );
          }
        },
        advance: async () => {
          await lottery.advance();
        },
      },
    })) {
      await queue.define(job);
    }
    app.decorate('jobs', queue);
    // Every brand's lotteries and their next draws exist before the first page asks for them.
    for (const brand of await brands.all()) {
      await lottery.ensureCatalogue(brand);
      await lottery.schedule(brand);
    }
    app.addHook('onClose', () => queue.stop());
    // Crash is a live game, not a job: each server process runs its loop (its steps happen once).
    crash.start(() => brands.all());
    app.addHook('onClose', () => crash.stop());
  }

  const indexFile = path.join(config.staticDir, 'index.html');
  const hasSpa = existsSync(indexFile);
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: config.staticDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies of its text files (vite.config.ts): sent when accepted.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        // Hashed build assets never change; the shell must always be revalidated.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else if (filePath === indexFile) {
          res.header('cache-control', 'no-cache');
        }
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url) || request.method !== 'GET' || !hasSpa) {
      return reply.code(404).send(fail('NOT_FOUND', request.lang ?? 'pt'));
    }
    // Client-side routes: the SPA decides what to show, including its own 404 page.
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });

  return app;
}
