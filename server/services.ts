import type { FastifyBaseLogger } from 'fastify';
import type { Permission } from '../src/api/contract/permissions';
import type { Config } from './config';
import type { Database, DatabaseHandle } from './db/client';
import { BodyCipher, newBodyKey } from './http/body-cipher';
import { masterBox } from './lib/master-key';
import { Pepper } from './lib/pepper';
import { withReadCache } from './lib/read-cache';
import { SecretBox } from './lib/secret-box';
import { installationSecret } from './lib/secrets';
import { TicketSigner } from './lib/signed-ticket';
import { TtlCache } from './lib/ttl-cache';
import { AccountsRepository } from './modules/accounts/accounts.repository';
import { AccountsService, isAgentType } from './modules/accounts/accounts.service';
import { AddressCheck } from './modules/accounts/address-check';
import { hashPassword } from './modules/accounts/credentials';
import { HumanCheckService } from './modules/accounts/human-check';
import { MemberIdentity } from './modules/accounts/member-identity';
import { MemberIdentityRepository } from './modules/accounts/member-identity.repository';
import { MembersAdminRepository } from './modules/accounts/members-admin.repository';
import { MembersAdmin } from './modules/accounts/members-admin.service';
import { SmsVerification } from './modules/accounts/sms-verification';
import { TwoFactor } from './modules/accounts/two-factor';
import { AgentsRepository } from './modules/agents/agents.repository';
import { AgentsService } from './modules/agents/agents.service';
import { AgentsAdmin } from './modules/agents/agents-admin.service';
import { ContractsRepository } from './modules/agents/contracts.repository';
import { ContractsService } from './modules/agents/contracts.service';
import { SettlementRepository } from './modules/agents/settlement.repository';
import { SettlementService } from './modules/agents/settlement.service';
import { AuditRepository } from './modules/backoffice/audit.repository';
import type { OperatorContext } from './modules/backoffice/backoffice.service';
import { BackofficeService } from './modules/backoffice/backoffice.service';
import type { EdgeGuard } from './modules/backoffice/edge-guard';
import { IdentityAdmin } from './modules/backoffice/identity-admin.service';
import { OperatorsRepository } from './modules/backoffice/operators.repository';
import { OperatorsAdmin } from './modules/backoffice/operators-admin.service';
import { BrandRepository } from './modules/brand/brand.repository';
import { BrandService } from './modules/brand/brand.service';
import { BrandAdmin } from './modules/brand/brand-admin.service';
import { ContentRepository } from './modules/content/content.repository';
import { ContentService } from './modules/content/content.service';
import { ContentAdmin } from './modules/content/content-admin.service';
import { MemberEvents } from './modules/events/member-events';
import { GamesRepository } from './modules/games/games.repository';
import { GamesService } from './modules/games/games.service';
import { GamesAdmin } from './modules/games/games-admin.service';
import { WinnerFeed } from './modules/games/winner-feed';
import { IdentityRepository } from './modules/identity/identity.repository';
import { IdentityService } from './modules/identity/identity.service';
import { KycRepository } from './modules/kyc/kyc.repository';
import { type KycMoney, KycService } from './modules/kyc/kyc.service';
import { KycAdmin } from './modules/kyc/kyc-admin.service';
import { Ledger } from './modules/ledger/ledger';
import { LotteryRepository } from './modules/lottery/lottery.repository';
import { LotteryService } from './modules/lottery/lottery.service';
import { LotteryAdmin } from './modules/lottery/lottery-admin.service';
import { OutboxMessenger } from './modules/messaging/messenger';
import { SmsBudgetMessenger } from './modules/messaging/sms-budget';
import { CrashRepository } from './modules/originals/crash.repository';
import { CRASH_SALT_LOTTERY, CrashService, drawNumbersText } from './modules/originals/crash.service';
import { OriginalsRepository } from './modules/originals/originals.repository';
import { OriginalsService } from './modules/originals/originals.service';
import { OriginalsAdmin } from './modules/originals/originals-admin.service';
import { theoreticalRtp } from './modules/originals/originals-settings';
import { PaymentsRepository } from './modules/payments/payments.repository';
import { PaymentsService } from './modules/payments/payments.service';
import { PaymentsAdmin } from './modules/payments/payments-admin.service';
import { SimulatedPixGateway } from './modules/payments/sim-pix-gateway';
import { WithdrawalsService } from './modules/payments/withdrawals.service';
import { PromotionsRepository } from './modules/promotions/promotions.repository';
import { PromotionsService } from './modules/promotions/promotions.service';
import { PromotionsAdmin } from './modules/promotions/promotions-admin.service';
import { ReportsRepository } from './modules/reports/reports.repository';
import { ReportsService } from './modules/reports/reports.service';
import { RiskRepository } from './modules/risk/risk.repository';
import { RiskService } from './modules/risk/risk.service';
import { RiskAdmin } from './modules/risk/risk-admin.service';
import { AttemptLimiter } from './modules/security/attempt-limiter';
import { AttemptsRepository } from './modules/security/attempts.repository';
import { PaymentPasswordGuard } from './modules/security/payment-password';
import { SportsRepository } from './modules/sports/sports.repository';
import { SportsService } from './modules/sports/sports.service';
import { SportsAdminRepository } from './modules/sports/sports-admin.repository';
import { SportsAdmin } from './modules/sports/sports-admin.service';
import { SportsFeed } from './modules/sports/sports-feed';
import { SportsSettlement } from './modules/sports/sports-settlement.service';
import { DEFAULT_SIMULATOR, SportsSimulator } from './modules/sports/sports-simulator';
import type { CountryLookup } from './modules/system/region';
import { SystemService } from './modules/system/system.service';
import { BetRecords } from './modules/wallet/bet-records.service';
import { RoundsRepository } from './modules/wallet/rounds.repository';
import { TreeTransfersService } from './modules/wallet/tree-transfers.service';
import { TrialWalletService } from './modules/wallet/trial-wallet.service';
import { VendorIntegrations } from './modules/wallet/vendor-integrations.service';
import { VendorLauncher } from './modules/wallet/vendor-launch';
import { VendorWalletService } from './modules/wallet/vendor-wallet.service';
import { WalletRepository } from './modules/wallet/wallet.repository';
import { WalletService } from './modules/wallet/wallet.service';

/** What the services are built from. */
export interface ServiceDeps {
  config: Config;
  db: Database;
  /** The installation's master key (lib/master-key.ts): seals its secrets and the outbox at rest. */
  masterKey: Buffer;
  countryLookup?: CountryLookup | null;
  /** The database's NOTIFY channel, so member events reach sockets held by any process. */
  listen?: DatabaseHandle['listen'];
  /** The HTTP client third-party sign-in talks to providers with (tests alter a provider's answers). */
  identityFetch?: ConstructorParameters<typeof IdentityService>[3]['fetch'];
  /** Today, for the age of 18 at registration and before a withdrawal (tests move it). */
  clock?: (() => Date) | undefined;
  log: FastifyBaseLogger;
}

/**
 * The server's services container: every module's service built once, in dependency order, each reaching
 * the others only through the ports given here. A port may name a service built further down: it is
 * called only once requests or jobs come, when everything exists.
 */
export async function buildServices({
  config,
  db,
  masterKey,
  countryLookup = null,
  listen,
  identityFetch,
  clock,
  log,
}: ServiceDeps) {
  const demo = config.mode === 'demo';
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
    ...(config.NODE_ENV === 'development' && demo ? { log: log } : {}),
  });
  // Alerts reach the operators through the back office's audit trail, built further down.
  const alerts: { backoffice?: BackofficeService } = {};
  const messenger = new SmsBudgetMessenger(
    outboxMessenger,
    limiter,
    config.SMS_HOURLY_BUDGET,
    async (brandId, detail) => {
      log.warn({ brandId, ...detail }, 'SMS budget spent: sending stops for the rest of the hour');
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
    log,
  );
  const events = new MemberEvents(db, listen, log);
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
      bonus: { beforeWithdrawal: (brand, memberId) => promotions.beforeWithdrawal(brand, memberId) },
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
    log,
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
    log,
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
  const lottery = new LotteryService(
    new LotteryRepository(db),
    ledger,
    secretBox,
    {
      balanceChanged: originalsPorts.balanceChanged,
      brand: async (brandId) => (await brands.all()).find((b) => b.id === brandId) ?? null,
    },
    log,
  );
  // The sportsbook (docs/sports.md): its bets are rounds of its own vendors FB and FBE.
  const sportsRepo = new SportsRepository(db);
  const sportsPorts = {
    balanceChanged: originalsPorts.balanceChanged,
    brand: async (brandId: number) => (await brands.all()).find((b) => b.id === brandId) ?? null,
    bookEntry: (brandId: number, vendor: 'FB' | 'FBE', gameCode: string) =>
      games.catalogueId(brandId, vendor, gameCode),
  };
  const sports = new SportsService(
    sportsRepo,
    ledger,
    new TicketSigner(await secret('sports-cashout-quotes')),
    sportsPorts,
    log,
    { maxItems: config.LEDGER_BATCH_MAX, lanes: config.LEDGER_BATCH_PARALLEL },
  );
  const sportsSettlement = new SportsSettlement(sportsRepo, ledger, sportsPorts, log);
  const sportsFeed = new SportsFeed(sportsRepo, sportsSettlement, () => sports.competitionsChanged());
  const sportsSimulator =
    (config.SPORTS_SIMULATOR ?? (config.mode === 'demo' ? 'on' : 'off')) === 'on'
      ? new SportsSimulator(
          sportsRepo,
          sportsFeed,
          {
            ...DEFAULT_SIMULATOR,
            speed: config.SPORTS_SIM_SPEED,
            ...(config.SPORTS_SIM_CADENCE_MINUTES
              ? {
                  cadenceMinutes: () => config.SPORTS_SIM_CADENCE_MINUTES!,
                  horizonMs: Math.max(6 * config.SPORTS_SIM_CADENCE_MINUTES, 20) * 60_000,
                }
              : {}),
          },
          log,
        )
      : null;
  games.setHouseGames(async (brandId) => {
    const [lotteries, book] = await Promise.all([
      lottery.vendorCounts(brandId),
      sports.vendorCounts(brandId),
    ]);
    return new Map([...lotteries, ...book]);
  });
  games.setHouseLaunch(
    async (brand, lang, vendor, gameCode) =>
      (await lottery.launchTarget(brand, lang, vendor, gameCode)) ?? sports.launchTarget(brand, vendor),
  );
  // The betting record names lottery rounds by their game and draw (the catalogue does not list lotteries).
  records.addRoundSource(lottery);
  records.addRoundSource(sports);
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
  const cipher = new BodyCipher(await secret('body-encryption-key', newBodyKey));

  const transfers = new TreeTransfersService(accounts.tree, ledger, paymentPasswords, events);
  // An agent's new downline member is offered the agent's invitation terms.
  accounts.onJoined((brand, agentId, memberId) => contracts.offerInvitationTerms(brand, agentId, memberId));

  // ---- the back office's pages of each module, through its permission check and audit port ----------
  const auditPort = {
    withAudit: (ctx: OperatorContext) => backoffice.withAudit(ctx),
    require: (ctx: OperatorContext, permission: Permission) => backoffice.require(ctx, permission),
  };
  const identityAdmin = new IdentityAdmin(backoffice, identity);
  const contentAdmin = new ContentAdmin(contentRepo, auditPort, clock ?? (() => new Date()));
  const brandAdmin = new BrandAdmin(new BrandRepository(db), {
    backoffice: auditPort,
    registerRules: {
      stored: (brandId) => accounts.storedRegisterRules(brandId),
      save: (brandId, fields, alongside) => accounts.saveRegisterRules(brandId, fields, alongside),
    },
    moneyMoved: (brandId) => ledger.hasMoved(brandId),
    hashPassword,
    now,
    forcedMaintenance: config.MAINTENANCE_MODE,
    cacheMs: config.BRAND_CACHE_MS,
  });
  const paymentsAdmin = new PaymentsAdmin(paymentsRepo, payments, secretBox, auditPort);
  const kycAdmin = new KycAdmin(kycRepo, kycMembers, kycMoney, auditPort);
  const operatorsAdmin = new OperatorsAdmin(backoffice, new OperatorsRepository(db), new AuditRepository(db));
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
  const riskAdmin = new RiskAdmin(
    riskRepo,
    risk,
    {
      usernames: (ids) => accounts.usernames(ids),
      byUsername: (brandId, username) => accounts.memberByUsername(brandId, username),
      lock: (memberId, alongside) => membersAdmin.lockFor(memberId, alongside),
    },
    auditPort,
  );
  // Promotions (issue 29): rules on the content module's promotions, rewards through the ledger, bonus
  // wagering from the wallet's rounds; deposits trigger them, withdrawals ask them first.
  const promotionsRepo = new PromotionsRepository(db);
  const promotionTexts = { promotions: (brandId: number) => content.promotionTexts(brandId) };
  const promotions: PromotionsService = new PromotionsService(
    promotionsRepo,
    ledger,
    {
      texts: promotionTexts,
      members: { registeredAt: (memberId) => accounts.registeredAt(memberId) },
      kyc: { verified: async (brand, memberId) => (await kyc.status(brand, memberId)).status === 'approved' },
      deposits: {
        credited: (brandId, id) => payments.creditedDeposit(brandId, id),
        creditedSince: (brandId, since) => payments.creditedSince(brandId, since),
      },
      wagering: {
        validBets: (memberId, since, until) => records.validBetsMadeSince(memberId, since, until),
        categories: (brand) => records.vendorCategories(brand),
        lowOdds: (memberId, since, until, minOdds) => sports.lowOddsStakes(memberId, since, until, minOdds),
      },
    },
    events,
    clock,
  );
  payments.whenCredited((brand, depositId) =>
    promotions.depositCredited(brand, depositId).then(() => undefined),
  );
  const promotionsAdmin = new PromotionsAdmin(promotionsRepo, promotionTexts, auditPort, promotions, {
    usernames: (ids) => accounts.usernames(ids),
  });
  // A change of the games on offer may not leave the house's contracts paying more than it keeps.
  const edgesCover: EdgeGuard = (brand, change) => contracts.checkEdgesCover(brand, change);
  const gamesAdmin = new GamesAdmin(backoffice, {
    edgesCover,
    catalogue: games,
    connections: vendorIntegrations,
    rounds: records,
    members: {
      byUsername: (brandId, username) => accounts.memberByUsername(brandId, username),
      usernames: (ids) => accounts.usernames(ids),
    },
  });
  const originalsAdmin = new OriginalsAdmin(backoffice, {
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
  });
  const lotteryAdmin = new LotteryAdmin(backoffice, lottery, edgesCover);
  // The operator's book (docs/sports.md): fixtures, prices and results through the feed and settlement.
  const operatorsRepo = new OperatorsRepository(db);
  const sportsAdmin = new SportsAdmin(new SportsAdminRepository(db), sportsFeed, sportsSettlement, sports, {
    backoffice: auditPort,
    members: {
      byUsername: (brandId, username) => accounts.memberByUsername(brandId, username),
      usernames: (ids) => accounts.usernames(ids),
    },
    operatorNames: async (brandId) =>
      new Map((await operatorsRepo.list(brandId)).map((r) => [r.operator.id, r.operator.username])),
  });

  return {
    config,
    db,
    demo,
    brands,
    system,
    games,
    content,
    humanCheck,
    limiter,
    outboxMessenger,
    accounts,
    ledger,
    events,
    wallet,
    transfers,
    trialWallet,
    trials,
    vendorWallet,
    records,
    winners,
    payments,
    withdrawals,
    identity,
    kyc,
    backoffice,
    agents,
    contracts,
    settlement,
    originals,
    crash,
    lottery,
    sports,
    sportsSettlement,
    sportsFeed,
    sportsSimulator,
    reports,
    risk,
    cipher,
    identityAdmin,
    contentAdmin,
    brandAdmin,
    paymentsAdmin,
    kycAdmin,
    operatorsAdmin,
    agentsAdmin,
    membersAdmin,
    riskAdmin,
    promotions,
    promotionsAdmin,
    gamesAdmin,
    originalsAdmin,
    lotteryAdmin,
    sportsAdmin,
  };
}

/** Every service of the server, built once in dependency order: what routes, jobs and tests reach. */
export type Services = Awaited<ReturnType<typeof buildServices>>;
