/**
 * The error catalogue: every stable code the server or the client can produce, with its HTTP status and
 * the translation key its message comes from. Client and server both read this table.
 */
export const errorCatalogue = {
  OK: { status: 200, key: 'errors.OK' },
  VALIDATION_FAILED: { status: 422, key: 'errors.VALIDATION_FAILED' },
  BAD_REQUEST: { status: 400, key: 'errors.BAD_REQUEST' },
  UNAUTHORIZED: { status: 401, key: 'errors.UNAUTHORIZED' },
  FORBIDDEN: { status: 403, key: 'errors.FORBIDDEN' },
  NOT_FOUND: { status: 404, key: 'errors.NOT_FOUND' },
  DOMAIN_CHECK_FAILED: { status: 404, key: 'errors.DOMAIN_CHECK_FAILED' },
  METHOD_NOT_ALLOWED: { status: 405, key: 'errors.METHOD_NOT_ALLOWED' },
  PAYLOAD_TOO_LARGE: { status: 413, key: 'errors.PAYLOAD_TOO_LARGE' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, key: 'errors.UNSUPPORTED_MEDIA_TYPE' },
  RATE_LIMITED: { status: 429, key: 'errors.RATE_LIMITED' },
  REGION_BLOCKED: { status: 403, key: 'errors.REGION_BLOCKED' },
  MAINTENANCE: { status: 503, key: 'errors.MAINTENANCE' },
  INTERNAL: { status: 500, key: 'errors.INTERNAL' },
  SESSION_EXPIRED: { status: 401, key: 'errors.SESSION_EXPIRED' },
  INVALID_CREDENTIALS: { status: 401, key: 'errors.INVALID_CREDENTIALS' },
  CAPTCHA_REQUIRED: { status: 422, key: 'errors.CAPTCHA_REQUIRED' },
  CAPTCHA_INVALID: { status: 422, key: 'errors.CAPTCHA_INVALID' },
  HUMAN_CHECK_REQUIRED: { status: 422, key: 'errors.HUMAN_CHECK_REQUIRED' },
  TOO_MANY_ATTEMPTS: { status: 429, key: 'errors.TOO_MANY_ATTEMPTS' },
  ACCOUNT_DISABLED: { status: 403, key: 'errors.ACCOUNT_DISABLED' },
  AGENTS_ONLY: { status: 403, key: 'errors.AGENTS_ONLY' },
  MEMBERS_ONLY: { status: 403, key: 'errors.MEMBERS_ONLY' },
  USERNAME_TAKEN: { status: 409, key: 'errors.USERNAME_TAKEN' },
  INVALID_AFFILIATE: { status: 404, key: 'errors.INVALID_AFFILIATE' },
  FREE_PLAY_DISABLED: { status: 403, key: 'errors.FREE_PLAY_DISABLED' },
  REGISTRATION_DISABLED: { status: 403, key: 'errors.REGISTRATION_DISABLED' },
  WRONG_OLD_PASSWORD: { status: 422, key: 'errors.WRONG_OLD_PASSWORD' },
  PASSWORD_NOT_CHANGED: { status: 422, key: 'errors.PASSWORD_NOT_CHANGED' },
  SMS_TOO_SOON: { status: 429, key: 'errors.SMS_TOO_SOON' },
  SMS_TOO_MANY: { status: 429, key: 'errors.SMS_TOO_MANY' },
  SMS_CODE_INVALID: { status: 422, key: 'errors.SMS_CODE_INVALID' },
  SMS_CODE_EXPIRED: { status: 422, key: 'errors.SMS_CODE_EXPIRED' },
  SMS_DISABLED: { status: 403, key: 'errors.SMS_DISABLED' },
  MOBILE_TAKEN: { status: 409, key: 'errors.MOBILE_TAKEN' },
  ACCOUNT_NOT_FOUND: { status: 404, key: 'errors.ACCOUNT_NOT_FOUND' },
  REMEMBER_EXPIRED: { status: 401, key: 'errors.REMEMBER_EXPIRED' },
  TWO_FACTOR_REQUIRED: { status: 401, key: 'errors.TWO_FACTOR_REQUIRED' },
  TWO_FACTOR_INVALID: { status: 422, key: 'errors.TWO_FACTOR_INVALID' },
  // Produced only by the client.
  NETWORK_ERROR: { status: 0, key: 'errors.NETWORK_ERROR' },
  TIMEOUT: { status: 0, key: 'errors.TIMEOUT' },
  UNKNOWN: { status: 0, key: 'errors.UNKNOWN' },
} as const satisfies Record<string, { status: number; key: string }>;

export type ErrorCode = keyof typeof errorCatalogue;

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(errorCatalogue, code);
}

/** The translation key for any code, falling back to the generic unknown-error message. */
export function errorKey(code: string): string {
  return isErrorCode(code) ? errorCatalogue[code].key : errorCatalogue.UNKNOWN.key;
}
