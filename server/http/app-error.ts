import { type ErrorCode, errorCatalogue } from '../../src/api/errors';

/** A failure the client caused or must be told about: a stable code, a status, optional details. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly params: Record<string, string | number> = {},
    readonly value: unknown = null,
  ) {
    super(code);
    this.status = errorCatalogue[code].status;
  }
}
