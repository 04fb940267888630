import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { Pepper } from '../../lib/pepper';
import type { SecretBox } from '../../lib/secret-box';
import { OutboxRepository } from './outbox.repository';

export interface OutgoingMessage {
  brandId: number;
  channel: 'sms' | 'email';
  recipient: string;
  subject?: string;
  body: string;
}

/** Where SMS and email go. A real deployment plugs in its gateway here. */
export interface Messenger {
  send(message: OutgoingMessage): Promise<void>;
}

/** How long a message stays readable in the demo's outbox view; codes expire well before. */
export const OUTBOX_READABLE_MS = 15 * 60_000;

/**
 * The default provider: every message is recorded in the outbox table with a keyed hash of its text (a
 * plain one would give its code away), so a delivery can be proven. Only the demo keeps the text itself, sealed under the master key and for
 * OUTBOX_READABLE_MS, so its outbox view can show the codes; production never keeps a code or a password.
 */
export class OutboxMessenger implements Messenger {
  private readonly box: SecretBox | null;
  private readonly log: FastifyBaseLogger | undefined;
  private readonly pepper: Pepper;
  private readonly outbox: OutboxRepository;

  constructor(
    db: Database,
    options: { keepReadable: SecretBox | null; pepper: Pepper; log?: FastifyBaseLogger },
  ) {
    this.box = options.keepReadable;
    this.pepper = options.pepper;
    this.log = options.log;
    this.outbox = new OutboxRepository(db);
  }

  async send(message: OutgoingMessage) {
    // Expired texts go as new ones come (and hourly, by a job), so none outlives its window for long.
    if (this.box) await this.forgetExpired();
    await this.outbox.insert({
      brandId: message.brandId,
      channel: message.channel,
      recipient: message.recipient,
      subject: message.subject ?? null,
      body: this.box ? this.box.seal(message.body) : null,
      bodyHash: this.pepper.hash(message.body),
      expiresAt: new Date(Date.now() + OUTBOX_READABLE_MS),
    });
    // Development demo only: the codes in the terminal, as a phone would show them.
    this.log?.info({ channel: message.channel, recipient: message.recipient }, message.body);
  }

  /** Erases the texts whose readable time is over; the record of the message and its hash stay. */
  async forgetExpired(): Promise<number> {
    return this.outbox.eraseExpiredBodies();
  }

  /** The demo's outbox view: the latest messages to a recipient still readable, newest first. */
  async readable(brandId: number, recipient: string, limit = 10) {
    if (!this.box) return [];
    const rows = await this.outbox.readable(brandId, recipient, limit);
    const box = this.box;
    return rows.map((m) => ({
      channel: m.channel,
      recipient: m.recipient,
      subject: m.subject,
      body: box.open(m.body!),
      createdAt: m.createdAt.getTime(),
    }));
  }
}
