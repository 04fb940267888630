import { sql } from 'drizzle-orm';
import type { MemberEvent } from '../../../src/api/contract/events';
import type { Database, DatabaseHandle } from '../../db/client';

const CHANNEL = 'member_events';
/** Bets and wins come many a second: the balance they change is pushed at most this often. */
const BALANCE_COALESCE_MS = 500;

export interface EventSink {
  send(data: string): void;
}

/**
 * Pushes events to members' open sockets (spec 2.4, the socket event listener). Every process publishes
 * through PostgreSQL NOTIFY and delivers what it hears to the sockets it holds, so a member connected to
 * one server hears about a deposit credited by another.
 */
export class MemberEvents {
  private readonly sinks = new Map<number, Set<EventSink>>();
  private readonly pendingBalance = new Map<number, MemberEvent>();
  private stop: (() => Promise<void>) | null = null;

  constructor(
    private readonly db: Database,
    private readonly listen?: DatabaseHandle['listen'],
  ) {}

  async start() {
    if (this.listen) {
      this.stop = await this.listen(CHANNEL, (payload) => {
        try {
          const { memberId, event } = JSON.parse(payload) as { memberId: number; event: MemberEvent };
          this.deliver(memberId, event);
        } catch {
          // Not ours: ignore.
        }
      });
    }
  }

  async close() {
    await this.stop?.();
  }

  attach(memberId: number, sink: EventSink) {
    const set = this.sinks.get(memberId) ?? new Set<EventSink>();
    this.sinks.set(memberId, set);
    set.add(sink);
    return () => {
      set.delete(sink);
      if (set.size === 0) this.sinks.delete(memberId);
    };
  }

  private deliver(memberId: number, event: MemberEvent) {
    const set = this.sinks.get(memberId);
    if (!set) return;
    const data = JSON.stringify(event);
    for (const sink of set) sink.send(data);
  }

  /** Tells every process; delivered where the member is connected. Never fails the caller's operation. */
  async publish(memberId: number, event: MemberEvent) {
    try {
      if (!this.listen) return this.deliver(memberId, event);
      await this.db.execute(sql`SELECT pg_notify(${CHANNEL}, ${JSON.stringify({ memberId, event })})`);
    } catch {
      // A lost notification is repaired by the client's resync on its next connection.
    }
  }

  /** A balance from the hot path: the latest one wins, sent at most every half second per member. */
  balanceChanged(memberId: number, balance: number, currency: string) {
    const pending = this.pendingBalance.has(memberId);
    this.pendingBalance.set(memberId, { type: 'balance', balance, currency });
    if (pending) return;
    setTimeout(() => {
      const event = this.pendingBalance.get(memberId);
      this.pendingBalance.delete(memberId);
      if (event) void this.publish(memberId, event);
    }, BALANCE_COALESCE_MS).unref();
  }
}
