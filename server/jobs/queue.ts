import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client';

/** A kind of background work: what runs, and when it runs by itself. */
export interface JobDefinition<T extends object = Record<string, never>> {
  /** Unique, dotted by module: `withdrawals.auto-confirm`. */
  name: string;
  /** Runs once per job; throwing fails the job, which is retried with backoff up to `retryLimit`. */
  handler: (data: T) => Promise<void>;
  /** A cron expression (UTC): the job is sent once per slot, whichever process's clock gets there first. */
  cron?: string;
  /** Tries after the first; default 5, spaced by `retryDelay` seconds doubling each time. */
  retryLimit?: number;
  retryDelay?: number;
}

/** The longest throttle pg-boss allows (its archive interval): see send(). */
const KEY_SLOT_SECONDS = 12 * 3_600;

type Executor = { executeSql(text: string, values: unknown[]): Promise<{ rows: unknown[] }> };

/**
 * pg-boss runs its SQL through the app's own connection: node-postgres's pool on a database server, or
 * the embedded PGlite, which needs its multi-statement strings (pg-boss's migrations, its transactions)
 * sent through `exec`.
 */
function executorFor(db: Database): Executor {
  const client = (db as unknown as { $client: unknown }).$client as {
    query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
    exec?: (text: string) => Promise<Array<{ rows: unknown[] }>>;
  };
  const exec = client.exec?.bind(client);
  return {
    async executeSql(text, values) {
      if ((!values || values.length === 0) && exec) return { rows: (await exec(text)).at(-1)?.rows ?? [] };
      return client.query(text, values);
    },
  };
}

/**
 * The job queue (pg-boss, in the database's `pgboss` schema): one-off and scheduled jobs that run once
 * across every server process, survive restarts, and retry with backoff. See docs/jobs.md.
 */
export class JobQueue {
  private constructor(
    private readonly boss: PgBoss,
    private readonly log: FastifyBaseLogger | undefined,
    private readonly pollingIntervalSeconds: number,
  ) {}

  static async start(
    db: Database,
    options: {
      log?: FastifyBaseLogger;
      pollingIntervalSeconds?: number;
      /** How often the schedules are checked (pg-boss's cron monitor and worker); tests shorten it. */
      cronCheckSeconds?: number;
    } = {},
  ): Promise<JobQueue> {
    const boss = new PgBoss({
      db: executorFor(db),
      schema: 'pgboss',
      migrate: true,
      supervise: true,
      ...(options.cronCheckSeconds
        ? {
            cronMonitorIntervalSeconds: options.cronCheckSeconds,
            cronWorkerIntervalSeconds: options.cronCheckSeconds,
          }
        : {}),
    });
    boss.on('error', (error) => options.log?.error({ err: error }, 'job queue failure'));
    await boss.start();
    return new JobQueue(boss, options.log, options.pollingIntervalSeconds ?? 2);
  }

  /** Makes a job's queue, its worker in this process, and its schedule when it has one. */
  async define<T extends object>(job: JobDefinition<T>) {
    await this.boss.createQueue(job.name, {
      name: job.name,
      retryLimit: job.retryLimit ?? 5,
      retryDelay: job.retryDelay ?? 10,
      retryBackoff: true,
    });
    await this.boss.work<T>(
      job.name,
      { pollingIntervalSeconds: this.pollingIntervalSeconds },
      async (jobs) => {
        for (const item of jobs) {
          try {
            await job.handler(item.data);
          } catch (error) {
            this.log?.warn({ err: error, job: job.name, id: item.id }, 'job failed; it will be retried');
            throw error;
          }
        }
      },
    );
    if (job.cron) await this.boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
    else await this.boss.unschedule(job.name);
  }

  /**
   * Sends a one-off job. With `singletonKey`, a second send with the same key in the same 12-hour window
   * makes no second job (answers null): one job per key (`draw:LOTT:2026-11-23T12:00`), however many
   * processes ask at once. Handlers stay idempotent all the same (a job may be retried after a crash).
   */
  send<T extends object>(
    name: string,
    data: T,
    options: { singletonKey?: string; startAfterSeconds?: number; startAfter?: Date } = {},
  ) {
    return this.boss.send(name, data, {
      // pg-boss keeps a key unique within a throttle slot (a unique index on name, slot and key, kept with
      // the job): with the longest slot it allows, a key makes one job per 12 hours (UTC 00-12, 12-24).
      ...(options.singletonKey
        ? { singletonKey: options.singletonKey, singletonSeconds: KEY_SLOT_SECONDS }
        : {}),
      ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
    });
  }

  /** Stops taking jobs; those in progress in this process finish first. */
  async stop() {
    await this.boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  }
}
