import { createHmac } from 'node:crypto';

/**
 * Hashes of short secrets (six-digit codes, messages that hold them) keyed with a secret of the
 * installation: a plain SHA-256 of a six-digit code is undone with a million guesses by anyone who can
 * read the database; without the key there is nothing to guess against.
 */
export class Pepper {
  constructor(private readonly key: string) {}

  hash(text: string): string {
    return createHmac('sha256', this.key).update(text).digest('hex');
  }
}
