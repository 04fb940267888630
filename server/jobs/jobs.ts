import type { JobDefinition } from './queue';

/** What the scheduled jobs reach: services only, as any other caller would. */
export interface JobServices {
  withdrawals: { autoConfirm(): Promise<number> };
  limiter: { purgeStale(): Promise<number> };
  accounts: { purgeExpiredHandoffs(): Promise<number> };
  messenger: { forgetExpired(): Promise<number> };
  winners: { run(): Promise<number> };
  agents: {
    rollUp(lookbackDays: number): Promise<void>;
    rollUpChanges(): Promise<void>;
    settle(): Promise<void>;
  };
  lottery: { tick(): Promise<void>; advance(): Promise<void> };
  trials: { end(): Promise<{ ended: number; returned: number }> };
  /** PIX charges that expired unpaid, closed. */
  payments?: { expireCharges(): Promise<number> };
  /**
   * The sportsbook: the simulator's fixtures of the next hours (when it is on), and fixtures whose result
   * is in but whose bets a stopped process left unsettled.
   */
  sports?: { schedule(): Promise<number>; repair(): Promise<number> };
  /** Promotions: missed deposit triggers, unclaimed rewards expired, bonuses released or expired. */
  promotions?: { sweep(): Promise<void> };
  /** The risk scan: every brand's flags raised or brought up to date. */
  risk?: { scan(): Promise<number> };
  /** Third-party sign-ins ended or expired more than a day ago. */
  identity?: { purgeOld(): Promise<number> };
  /** The back office's report figures: every brand's last `back` days and today, or a brand's days on demand. */
  reports?: {
    refresh(back: number): Promise<void>;
    rebuild(brandId: number, from: string, to: string): Promise<void>;
  };
}

/** Every job the server runs (docs/jobs.md tells how to add one). */
export function jobDefinitions(services: JobServices): JobDefinition[] {
  return [
    {
      // Paid withdrawals nobody answered count as received once the brand's minutes have passed.
      name: 'withdrawals.auto-confirm',
      cron: '* * * * *',
      handler: async () => {
        await services.withdrawals.autoConfirm();
      },
    },
    {
      // A PIX deposit's code expires at the provider: the deposit closes as failed within a minute.
      name: 'payments.expire-pix',
      cron: '* * * * *',
      handler: async () => {
        await services.payments?.expireCharges();
      },
    },
    {
      // The simulator schedules each competition's matches of the next hours (each slot once), and any
      // fixture with a result but bets still open (a process stopped mid-settlement) is settled again.
      name: 'sports.schedule',
      cron: '*/5 * * * *',
      handler: async () => {
        await services.sports?.schedule();
        await services.sports?.repair();
      },
    },
    {
      // Promotions: a deposit credited while its listener failed still earns its reward, rewards left
      // unclaimed past their days expire (their budget back), and active bonuses whose wagering is met
      // are released to cash (those past their expiry go back to the house).
      name: 'promotions.sweep',
      cron: '* * * * *',
      handler: async () => {
        await services.promotions?.sweep();
      },
    },
    {
      // The risk team's queue: accounts behind one address, device or payee, withdrawals after little play,
      // unusual wins; each finding raised once, brought up to date while it is open.
      name: 'risk.scan',
      cron: '*/5 * * * *',
      handler: async () => {
        await services.risk?.scan();
      },
    },
    {
      // Trial accounts whose trial has ended (TRIAL_HOURS) are closed and their trial money goes back to
      // the brand's trial account; a late win that reached a closed one since goes back too.
      name: 'trials.end',
      cron: '*/10 * * * *',
      handler: async () => {
        await services.trials.end();
      },
    },
    {
      // Real wins that paid well reach the winner board within a minute.
      name: 'games.winner-board',
      cron: '* * * * *',
      handler: async () => {
        await services.winners.run();
      },
    },
    {
      // Each member's figures, for the agent centre's team pages, within a minute: the member-days that
      // changed since the last run.
      name: 'agents.rollup',
      cron: '* * * * *',
      handler: async () => {
        await services.agents.rollUpChanges();
      },
    },
    {
      // The last 7 days whole again, for what the minute's run does not look for: a round changed long
      // after it was made and settled (a vendor's late win or refund).
      name: 'agents.rollup-week',
      cron: '23 * * * *',
      handler: async () => {
        await services.agents.rollUp(7);
      },
    },
    {
      // Contracts' pay: each kind's last complete period (real-time salaries every 5 minutes), and the
      // bills whose payer could not cover them, again.
      name: 'agents.settle',
      cron: '*/5 * * * *',
      handler: async () => {
        await services.agents.settle();
      },
    },
    {
      // The lotteries: draws scheduled ahead, and every due draw closed, drawn and settled (a draw missed
      // while no server ran is drawn now, once); cancelled draws refunded.
      name: 'lottery.tick',
      cron: '* * * * *',
      retryLimit: 2,
      retryDelay: 5,
      handler: async () => {
        await services.lottery.tick();
      },
    },
    {
      // A draw's own job, sent by the tick to start at the draw's time: schedules only check every 30
      // seconds, and a one-minute game cannot wait that long for its numbers.
      name: 'lottery.draw',
      retryLimit: 3,
      retryDelay: 2,
      handler: async () => {
        await services.lottery.advance();
      },
    },
    {
      // The back office's dashboard figures: yesterday and today again, every few minutes (the agents'
      // minute roll-up has the members' day figures they read up to date).
      name: 'reports.refresh',
      cron: '*/5 * * * *',
      handler: async () => {
        await services.reports?.refresh(1);
      },
    },
    {
      // The last 7 days whole again: a round settled or refunded long after it was made.
      name: 'reports.refresh-week',
      cron: '41 * * * *',
      handler: async () => {
        await services.reports?.refresh(7);
      },
    },
    {
      // Any brand's days on demand (`queue.send('reports.rebuild', { brandId, from, to })`): the agents'
      // member-days of those days first, then the reports' own.
      name: 'reports.rebuild',
      retryLimit: 2,
      handler: async (data: { brandId?: number; from?: string; to?: string }) => {
        if (data.brandId && data.from && data.to)
          await services.reports?.rebuild(data.brandId, data.from, data.to);
      },
    },
    {
      // Attempt counters whose window has long passed, spent or expired hand-off codes and third-party
      // sign-ins, and the demo outbox's texts past their readable time.
      name: 'security.housekeeping',
      cron: '17 * * * *',
      handler: async () => {
        await services.limiter.purgeStale();
        await services.accounts.purgeExpiredHandoffs();
        await services.identity?.purgeOld();
        await services.messenger.forgetExpired();
      },
    },
  ];
}
