import type { FastifyBaseLogger } from 'fastify';
import type { MemberEvent } from '../../../src/api/contract/events';
import type { Database, DatabaseHandle } from '../../db/client';
import { NotificationsRepository } from './notifications.repository';

const CHANNEL = 'member_events';
/** Bets and wins come many a second: the balances they change are pushed at most this often. */
const BALANCE_COALESCE_MS = 500;
/** PostgreSQL refuses a notification payload of 8,000 bytes or more. */
const MAX_PAYLOAD_BYTES = 7_500;

type Addressed = { memberId: number; event: MemberEvent };

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
  private readonly pendingBalances = new Map<number, MemberEvent>();
  private balanceTimer: NodeJS.Timeout | null = null;
  private stop: (() => Promise<void>) | null = null;
  private readonly notifications: NotificationsRepository;

  constructor(
    db: Database,
    private readonly listen?: DatabaseHandle['listen'],
    private readonly log?: FastifyBaseLogger,
  ) {
    this.notifications = new NotificationsRepository(db, CHANNEL);
  }

  async start() {
    if (this.listen) {
      this.stop = await this.listen(CHANNEL, (payload) => {
        try {
          const message = JSON.parse(payload) as Addressed | { batch: Addressed[] };
          for (const { memberId, event } of 'batch' in message ? message.batch : [message]) {
            this.deliver(memberId, event);
          }
        } catch (error) {
          // Not ours (another program on the channel): nothing to deliver.
          this.log?.debug({ err: error }, 'member events: a notification that is not ours');
        }
      });
    }
  }

  async close() {
    if (this.balanceTimer) clearTimeout(this.balanceTimer);
    await this.flushBalances();
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
      await this.notifications.notify(JSON.stringify({ memberId, event }));
    } catch (error) {
      // A lost notification is repaired by the client's resync on its next connection.
      this.log?.warn({ err: error, memberId, type: event.type }, 'member event not sent');
    }
  }

  /**
   * A balance from the hot path: the latest one per member wins, and every member's pending balance
   * leaves in one notification round trip per half second, however many players are betting.
   */
  balanceChanged(memberId: number, balance: number, currency: string) {
    this.pendingBalances.set(memberId, { type: 'balance', balance, currency });
    if (this.balanceTimer) return;
    this.balanceTimer = setTimeout(() => {
      this.balanceTimer = null;
      void this.flushBalances();
    }, BALANCE_COALESCE_MS);
    this.balanceTimer.unref();
  }

  private async flushBalances() {
    const pending = [...this.pendingBalances].map(([memberId, event]) => ({ memberId, event }));
    this.pendingBalances.clear();
    if (pending.length === 0) return;
    if (!this.listen) {
      for (const { memberId, event } of pending) this.deliver(memberId, event);
      return;
    }
    const payloads: string[] = [];
    let batch: Addressed[] = [];
    let size = 0;
    for (const item of pending) {
      const length = JSON.stringify(item).length + 1;
      if (batch.length > 0 && size + length > MAX_PAYLOAD_BYTES) {
        payloads.push(JSON.stringify({ batch }));
        batch = [];
        size = 0;
      }
      batch.push(item);
      size += length;
    }
    payloads.push(JSON.stringify({ batch }));
    try {
      await this.notifications.notifyAll(payloads);
    } catch (error) {
      // A lost notification is repaired by the client's resync on its next connection.
      this.log?.warn({ err: error, members: pending.length }, 'balance notifications not sent');
    }
  }
}
