import { describe, expect, it } from 'vitest';
import { MicroBatcher, type Settled } from '../../server/lib/micro-batcher';

/** A target that records each batch and answers when released. */
function target() {
  const batches: number[][] = [];
  const releases: Array<() => void> = [];
  const run = (items: number[]) =>
    new Promise<Settled<number>[]>((resolve) => {
      batches.push(items);
      releases.push(() =>
        resolve(
          items.map((n) =>
            n < 0 ? { ok: false, error: new Error(`bad ${n}`) } : { ok: true, value: n * 10 },
          ),
        ),
      );
    });
  // A few turns of the event loop: enough for a finished batch to hand over to the next.
  const tick = async () => {
    for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
  };
  return { batches, releases, run, tick };
}

describe('micro-batcher', () => {
  it('sends a lone item at once, by itself', async () => {
    const t = target();
    const batcher = new MicroBatcher(t.run, { maxItems: 8, maxInFlight: 2 });
    const answer = batcher.submit(7);
    await t.tick();
    expect(t.batches).toEqual([[7]]);
    t.releases[0]!();
    expect(await answer).toBe(70);
  });

  it('gathers items that arrive while the batches in flight run, up to the size limit, in arrival order', async () => {
    const t = target();
    const batcher = new MicroBatcher(t.run, { maxItems: 3, maxInFlight: 1 });
    const first = batcher.submit(1);
    await t.tick();
    const later = [2, 3, 4, 5, 6].map((n) => batcher.submit(n));
    await t.tick();
    expect(t.batches).toEqual([[1]]);
    t.releases[0]!();
    await first;
    await t.tick();
    expect(t.batches).toEqual([[1], [2, 3, 4]]);
    t.releases[1]!();
    await t.tick();
    expect(t.batches).toEqual([[1], [2, 3, 4], [5, 6]]);
    t.releases[2]!();
    expect(await Promise.all(later)).toEqual([20, 30, 40, 50, 60]);
    expect(batcher.pending).toBe(0);
  });

  it('runs up to the parallel limit at once', async () => {
    const t = target();
    const batcher = new MicroBatcher(t.run, { maxItems: 2, maxInFlight: 2 });
    const answers = [1, 2, 3, 4, 5].map((n) => batcher.submit(n));
    await t.tick();
    expect(t.batches).toEqual([
      [1, 2],
      [3, 4],
    ]);
    t.releases[0]!();
    t.releases[1]!();
    await Promise.all(answers.slice(0, 4));
    await t.tick();
    expect(t.batches.at(-1)).toEqual([5]);
    t.releases[2]!();
    expect(await Promise.all(answers)).toEqual([10, 20, 30, 40, 50]);
  });

  it("settles each item with its own outcome, and all of them with the batch's failure", async () => {
    const t = target();
    const batcher = new MicroBatcher(t.run, { maxItems: 8, maxInFlight: 1 });
    const good = batcher.submit(1);
    const bad = batcher.submit(-1);
    await t.tick();
    t.releases[0]!();
    expect(await good).toBe(10);
    await expect(bad).rejects.toThrow('bad -1');

    const failing = new MicroBatcher<number, number>(async () => Promise.reject(new Error('down')), {
      maxItems: 8,
      maxInFlight: 1,
    });
    const all = [failing.submit(1), failing.submit(2)];
    for (const a of all) await expect(a).rejects.toThrow('down');
  });
});
