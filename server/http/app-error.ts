import { type ErrorCode, errorCatalogue } from '../../src/api/errors';
import type { MessageParam } from './messages';

/** A failure the client caused or must be told about: a stable code, a status, optional details. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    /** Put into the message in the caller's language (a percentage, an amount: see MessageParam). */
    readonly params: Record<string, MessageParam> = {},
    readonly value: unknown = null,
  ) {
    super(code);
    this.status = errorCatalogue[code].status;
  }
}
