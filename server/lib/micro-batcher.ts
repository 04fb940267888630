/** One item's outcome inside a batch. */
export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

export interface BatchLimits {
  /** Most items sent in one batch. */
  maxItems: number;
  /** Most batches running at once; later items wait and join the next batch. */
  maxInFlight: number;
}

interface Waiting<I, O> {
  item: I;
  resolve: (value: O) => void;
  reject: (error: unknown) => void;
}

/**
 * Groups items that arrive while earlier batches are still running, so many callers share one round
 * trip (and one commit). Under light load a batch is a single item sent at once; the busier the target,
 * the larger the batches, with no timer that would add latency.
 */
export class MicroBatcher<I, O> {
  private queue: Waiting<I, O>[] = [];
  private inFlight = 0;
  private scheduled = false;

  constructor(
    /** Runs a batch and settles each item in order; a rejection settles every item with that error. */
    private readonly run: (items: I[]) => Promise<Settled<O>[]>,
    private readonly limits: BatchLimits,
  ) {}

  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.schedule();
    });
  }

  /** Items waiting or running. */
  get pending() {
    return this.queue.length + this.inFlight;
  }

  private schedule() {
    if (this.scheduled || this.inFlight >= this.limits.maxInFlight) return;
    this.scheduled = true;
    // After the current turn of the event loop, so requests that arrived together leave together.
    setImmediate(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  private flush() {
    while (this.queue.length > 0 && this.inFlight < this.limits.maxInFlight) {
      const batch = this.queue.splice(0, this.limits.maxItems);
      this.inFlight += 1;
      void this.execute(batch).finally(() => {
        this.inFlight -= 1;
        if (this.queue.length > 0) this.schedule();
      });
    }
  }

  private async execute(batch: Waiting<I, O>[]) {
    let results: Settled<O>[];
    try {
      results = await this.run(batch.map((w) => w.item));
    } catch (error) {
      for (const w of batch) w.reject(error);
      return;
    }
    batch.forEach((w, i) => {
      const r = results[i];
      if (!r) w.reject(new Error('micro-batcher: the batch returned fewer results than items'));
      else if (r.ok) w.resolve(r.value);
      else w.reject(r.error);
    });
  }
}

/** Settles a promise into a value or an error, for a batch runner that goes item by item. */
export async function settle<T>(promise: Promise<T>): Promise<Settled<T>> {
  try {
    return { ok: true, value: await promise };
  } catch (error) {
    return { ok: false, error };
  }
}
