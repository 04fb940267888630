import type { FastifyInstance } from 'fastify';
import type { Services } from '../services';
import { jobDefinitions } from './jobs';
import { JobQueue } from './queue';

/**
 * The job queue's workers and schedules in this process (server/jobs/jobs.ts lists them; each module's
 * own scheduling is its service's), and the live crash loop.
 */
export async function startJobs(app: FastifyInstance, s: Services) {
  const { brands, lottery } = s;
  const queue = await JobQueue.start(s.db, {
    log: app.log,
    pollingIntervalSeconds: s.config.JOB_POLL_SECONDS,
  });
  for (const job of jobDefinitions({
    withdrawals: s.withdrawals,
    limiter: s.limiter,
    accounts: s.accounts,
    messenger: s.outboxMessenger,
    winners: s.winners,
    trials: s.trials,
    identity: s.identity,
    risk: s.risk,
    promotions: { sweep: async () => s.promotions.sweep(await brands.all()) },
    sports: {
      schedule: async () => (s.sportsSimulator ? s.sportsSimulator.schedule(await brands.all()) : 0),
      repair: async () => s.sportsSettlement.repair(await brands.all()),
    },
    payments: { expireCharges: async () => s.payments.expireCharges(await brands.all()) },
    reports: {
      refresh: async (back) => s.reports.refreshRecent(await brands.all(), back),
      rebuild: async (brandId, from, to) => {
        const brand = (await brands.all()).find((b) => b.id === brandId);
        if (brand) await s.reports.rebuild(brand, from, to);
      },
    },
    agents: {
      rollUp: async (days) => s.agents.rollUpRecent(await brands.all(), days),
      rollUpChanges: async () => s.agents.rollUpRecentChanges(await brands.all()),
      settle: async () => s.settlement.settleDue(await brands.all()),
    },
    lottery: {
      tick: async () => {
        // Each draw of the next minutes gets a job of its own at its time (one per draw, whoever sends it).
        await lottery.keepScheduled(await brands.all(), (draw) =>
          queue.send(
            'lottery.draw',
            {},
            { singletonKey: `lottery:draw:${draw.id}`, startAfter: draw.drawsAt },
          ),
        );
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
  await lottery.prepare(await brands.all());
  app.addHook('onClose', () => queue.stop());
  // The sportsbook's live work runs in every process like crash (each step happens once): the simulator's
  // matches, and in-play bets decided when their delay is over.
  if (s.sportsSimulator) {
    // The first matches are made in the background: a new server answers at once, the board fills in.
    const simulator = s.sportsSimulator;
    void brands
      .all()
      .then((all) => simulator.schedule(all))
      .catch((error) => app.log.error({ err: error }, 'sports simulator: schedule'));
    simulator.start(() => brands.all());
    app.addHook('onClose', () => s.sportsSimulator?.stop());
  }
  s.sports.start();
  app.addHook('onClose', () => s.sports.stop());
  // Crash is a live game, not a job: each server process runs its loop (its steps happen once).
  s.crash.start(() => brands.all());
  app.addHook('onClose', () => s.crash.stop());
}
