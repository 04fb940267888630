import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../server/db/client';
import { jobDefinitions } from '../../server/jobs/jobs';
import { JobQueue } from '../../server/jobs/queue';
import { createScratchDatabase, databaseKinds } from './harness';

async function until(check: () => boolean, timeoutMs = 20_000) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The job queue on the embedded database and on PostgreSQL, with one or two server processes. */
describe.each(databaseKinds)('the job queue on %s', (kind) => {
  let handles: DatabaseHandle[] = [];
  let queues: JobQueue[] = [];
  let drop: (() => Promise<void>) | undefined;
  let url: string | undefined;
  /** A server process: its own connection pool on the same database, its own queue. */
  const process = async () => {
    const handle =
      kind === 'postgres' || handles.length === 0
        ? await openDatabase({ databaseUrl: url, poolSize: 3 })
        : handles[0]!;
    if (!handles.includes(handle)) handles.push(handle);
    await handle.migrate();
    const queue = await JobQueue.start(handle.db, { pollingIntervalSeconds: 0.5, cronCheckSeconds: 1 });
    queues.push(queue);
    return queue;
  };
  beforeAll(async () => {
    if (kind === 'postgres') {
      ({ databaseUrl: url, dropDatabase: drop } = await createScratchDatabase(process_env()));
    }
  });
  afterAll(async () => {
    for (const q of queues) await q.stop();
    for (const h of handles) await h.close();
    await drop?.();
    queues = [];
    handles = [];
  });

  it('runs a one-off job, and retries a failed one with backoff until it succeeds', async () => {
    const queue = await process();
    const seen: number[] = [];
    let failures = 1;
    await queue.define<{ n: number }>({
      name: 'test.flaky',
      retryDelay: 1,
      handler: async ({ n }) => {
        seen.push(n);
        if (failures-- > 0) throw new Error('not yet');
      },
    });
    await queue.send('test.flaky', { n: 7 });
    await until(() => seen.length === 2);
    expect(seen).toEqual([7, 7]);
  });

  it('makes one job per slot, however many processes ask for it', async () => {
    const first = await process();
    const second = kind === 'postgres' ? await process() : first;
    let runs = 0;
    const job = { name: 'test.slot', handler: async () => void runs++ };
    await first.define(job);
    await second.define(job);
    const [a, b] = await Promise.all([
      first.send('test.slot', {}, { singletonKey: 'slot-2026-11-23T12:00', startAfterSeconds: 1 }),
      second.send('test.slot', {}, { singletonKey: 'slot-2026-11-23T12:00', startAfterSeconds: 1 }),
    ]);
    expect([a, b].filter(Boolean)).toHaveLength(1);
    await until(() => runs === 1);
    await new Promise((r) => setTimeout(r, 1500));
    expect(runs).toBe(1);
  });

  it('runs the scheduled jobs by themselves, once per minute across processes', async () => {
    const calls = { autoConfirm: 0, purge: 0 };
    const services = {
      withdrawals: { autoConfirm: async () => ++calls.autoConfirm },
      limiter: { purgeStale: async () => ++calls.purge },
      accounts: { purgeExpiredHandoffs: async () => 0 },
      messenger: { forgetExpired: async () => 0 },
      winners: { run: async () => 0 },
      agents: { rollUp: async (_days: number) => {}, rollUpChanges: async () => {}, settle: async () => {} },
      lottery: { tick: async () => {}, advance: async () => {} },
      trials: { end: async () => ({ ended: 0, returned: 0 }) },
    };
    const started = Math.floor(Date.now() / 60_000);
    const one = await process();
    const two = kind === 'postgres' ? await process() : null;
    for (const job of jobDefinitions(services)) {
      await one.define(job);
      await two?.define(job);
    }
    await until(() => calls.autoConfirm >= 1, 45_000);
    await new Promise((r) => setTimeout(r, 2000));
    const minutes = Math.floor(Date.now() / 60_000) - started + 1;
    expect(calls.autoConfirm).toBeLessThanOrEqual(minutes);
  }, 60_000);
});

function process_env() {
  return globalThis.process.env.TEST_DATABASE_URL!;
}
